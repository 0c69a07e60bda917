// A canonical text key for a canonical value of a given type. Two values have the same key exactly when they are
// the same cty value, which gives set de-duplication, a stable set order for encoding, and equality.
import { numberToText } from "./numbers";
import type { CtyNumber } from "./numbers";
import { ctyTypeToJson } from "./types";
import type { CtyType } from "./types";
import { CtyDynamic, Unknown, isWhollyKnown } from "./values";
import type { CtyObjectValue, CtyValue } from "./values";

/** Key of a value already in canonical form for `type` (as produced by normalizeCtyValue or the decoders). */
export function canonicalKey(value: CtyValue, type: CtyType): string {
  if (value === null) return "n";
  if (value instanceof Unknown) return `?${unknownKey(value)}`;
  if (type === "dynamic") {
    const dyn = value as CtyDynamic;
    return `D${ctyTypeToJson(dyn.type)}:${canonicalKey(dyn.value, dyn.type)}`;
  }
  if (typeof type === "string") {
    switch (type) {
      case "string":
        return JSON.stringify(value);
      case "bool":
        return value ? "t" : "f";
      default:
        return `#${numberToText(value as CtyNumber)}`;
    }
  }
  switch (type[0]) {
    case "list":
      return `[${(value as CtyValue[]).map((el) => canonicalKey(el, type[1])).join(",")}]`;
    case "tuple":
      return `[${(value as CtyValue[]).map((el, i) => canonicalKey(el, type[1][i])).join(",")}]`;
    case "set":
      return `<${(value as CtyValue[])
        .map((el) => canonicalKey(el, type[1]))
        .sort()
        .join(",")}>`;
    case "map": {
      const map = value as CtyObjectValue;
      const keys = Object.keys(map).sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalKey(map[k], type[1])}`).join(",")}}`;
    }
    case "object": {
      const obj = value as CtyObjectValue;
      const names = Object.keys(type[1]).sort();
      return `{${names.map((n) => `${JSON.stringify(n)}:${canonicalKey(obj[n] ?? null, type[1][n])}`).join(",")}}`;
    }
  }
}

function unknownKey(u: Unknown): string {
  const r = u.refinements;
  if (!u.refined) return "";
  const bound = (b: typeof r.numberLower) => (b ? `${numberToText(b.value)}${b.inclusive ? "i" : "x"}` : "");
  return [
    r.notNull ? "!" : "",
    r.stringPrefix === undefined ? "" : JSON.stringify(r.stringPrefix),
    bound(r.numberLower),
    bound(r.numberUpper),
    r.lengthMin ?? "",
    r.lengthMax ?? "",
  ].join("|");
}

/**
 * Canonical set contents: each known value once (unknown elements are never equal to anything, so they all stay),
 * in a stable order (by canonical key) so that encoding does not depend on the order the caller built the set in.
 */
export function canonicalSetElements(elements: readonly CtyValue[], elementType: CtyType): CtyValue[] {
  if (elements.length < 2) return [...elements];
  const seen = new Set<string>();
  const keyed: Array<{ value: CtyValue; key: string }> = [];
  for (const value of elements) {
    const key = canonicalKey(value, elementType);
    if (isWhollyKnown(value)) {
      if (seen.has(key)) continue;
      seen.add(key);
    }
    keyed.push({ value, key });
  }
  return keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((entry) => entry.value);
}
