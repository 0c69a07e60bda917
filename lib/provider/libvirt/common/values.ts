// Reading plain JS values out of model values: numbers may arrive as number, bigint or CtyDecimal, and a value
// may be unknown while planning.
import type { CtyNumber, Unknown } from "../../cty";
import type { Known } from "../../framework";
import { knownOrNull } from "../../framework";

/** A whole, non-negative number from a cty number, or undefined for null/unknown. Throws on fractions. */
export function wholeNumber(value: CtyNumber | Unknown | null | undefined, what: string): number | undefined {
  const known = knownOrNull(value ?? null);
  if (known === null) return undefined;
  const n = typeof known === "number" ? known : Number(String(known));
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`${what} must be a whole number between 0 and 2^53, got ${String(known)}`);
  return n;
}

/** The string, or undefined for null/unknown/empty. */
export function knownString(value: string | Unknown | null | undefined): string | undefined {
  const known = knownOrNull(value ?? null);
  return known === null || known === "" ? undefined : known;
}

/** The object, or undefined for null/unknown. */
export function knownObject<T extends object>(value: T | Unknown | null | undefined): Known<T> | undefined {
  return knownOrNull(value ?? null) ?? undefined;
}

/** The list's elements, or [] for null/unknown. */
export function knownList<T>(value: readonly T[] | Unknown | null | undefined): readonly T[] {
  return knownOrNull(value ?? null) ?? [];
}

/** Seconds (a cty number) as milliseconds, or `fallback` when unset. */
export function secondsToMs(value: CtyNumber | Unknown | null | undefined, fallback: number, what: string): number {
  const seconds = wholeNumber(value, what);
  return seconds === undefined ? fallback : seconds * 1000;
}
