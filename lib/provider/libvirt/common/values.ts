// Reading plain JS values out of cty values: numbers may arrive as number, bigint or CtyDecimal, and any value
// may be unknown while planning.
import { isUnknown } from "../../framework";
import type { Values } from "../../framework";

/** A whole, non-negative number from a cty number, or undefined for null/unknown. Throws on fractions. */
export function wholeNumber(value: unknown, what: string): number | undefined {
  if (value === null || value === undefined || isUnknown(value)) return undefined;
  const n = typeof value === "number" ? value : Number(String(value));
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${what} must be a whole number between 0 and 2^53, got ${String(value)}`);
  return n;
}

/** The string, or undefined for null/unknown/empty. */
export function knownString(value: unknown): string | undefined {
  if (value === null || value === undefined || isUnknown(value)) return undefined;
  const s = String(value);
  return s === "" ? undefined : s;
}

/** The object, or undefined for null/unknown. */
export function knownObject(value: unknown): Values | undefined {
  if (value === null || value === undefined || isUnknown(value) || typeof value !== "object") return undefined;
  return value as Values;
}

/** The array, or [] for null/unknown. */
export function knownList(value: unknown): Values[] {
  return Array.isArray(value) ? (value as Values[]) : [];
}

/** Seconds (a cty number) as milliseconds, or `fallback` when unset. */
export function secondsToMs(value: unknown, fallback: number, what: string): number {
  const seconds = wholeNumber(value, what);
  return seconds === undefined ? fallback : seconds * 1000;
}
