// Value equality for plan comparison.
import { canonicalKey } from "./canonical";
import { normalizeCtyValue } from "./normalize";
import type { CtyType } from "./types";
import type { CtyInput } from "./values";

/**
 * True when `a` and `b` are the same value of type `type`: sets compare as sets, maps and objects by key, numbers
 * by exact value (1, 1n and "1.0" are equal; the double 0.1 and the decimal 0.1 are not), strings after NFC
 * normalization. An unknown equals only an unknown with the same refinements (cty's raw equality), so a plan that
 * keeps a value unknown is "unchanged".
 *
 * Both values are normalized first; a value that does not fit the type throws a CtyError.
 */
export function ctyEqual(a: CtyInput, b: CtyInput, type: CtyType): boolean {
  if (a === b) return true;
  return ctyKey(a, type) === ctyKey(b, type);
}

/**
 * A text key of `value` as a value of `type`: two values have the same key exactly when ctyEqual holds, so values
 * can be grouped in a Map instead of compared pairwise. Throws a CtyError for a value that does not fit the type.
 */
export function ctyKey(value: CtyInput, type: CtyType): string {
  return canonicalKey(normalizeCtyValue(value, type), type);
}
