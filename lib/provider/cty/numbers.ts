// cty numbers in JS. Canonical form, used by every decoder and by normalization:
//   - `number` for safe integers, for non-integers whose value a double holds exactly, and for ±Infinity;
//   - `bigint` for integers outside the safe range;
//   - `CtyDecimal` for everything else (e.g. 0.1 as written in a configuration, which no double holds exactly).
// Keeping those apart is what lets a provider echo a configured value back to Terraform unchanged.
import {
  compareDecimals,
  decimalFromBigInt,
  decimalFromDouble,
  decimalIsInteger,
  decimalToBigInt,
  decimalToExactDouble,
  decimalToText,
  parseDecimal,
} from "./decimal";
import type { Decimal } from "./decimal";

/** A cty number whose value no double holds exactly, kept as its decimal text. */
export class CtyDecimal {
  /** Canonical positional notation, e.g. "0.1", "-12.000000000000000001". */
  readonly text: string;

  constructor(text: string) {
    const dec = typeof text === "string" ? parseDecimal(text) : undefined;
    if (!dec) {
      throw new TypeError(
        `CtyDecimal: ${JSON.stringify(text)} is not a decimal number (expected digits with an ` +
          `optional sign, fraction and exponent, e.g. "12.5" or "-1e-3")`,
      );
    }
    this.text = decimalToText(dec);
    Object.freeze(this);
  }

  /** The nearest double; loses precision by design. */
  toNumber(): number {
    return Number(this.text);
  }

  toString(): string {
    return this.text;
  }

  toJSON(): string {
    return this.text;
  }
}

export type CtyNumber = number | bigint | CtyDecimal;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INFINITY_TEXT = /^([+-])?inf(inity)?$/i;

/** Canonical JS value for an exact decimal. */
export function numberFromDecimal(dec: Decimal): CtyNumber {
  if (decimalIsInteger(dec)) return canonicalBigInt(decimalToBigInt(dec));
  return decimalToExactDouble(dec) ?? new CtyDecimal(decimalToText(dec));
}

function canonicalBigInt(value: bigint): CtyNumber {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/**
 * Converts number/bigint/CtyDecimal/numeric string to the canonical form. Returns undefined for anything that is
 * not a number cty can hold (NaN, non-numeric strings, other types).
 */
export function toCanonicalNumber(input: unknown): CtyNumber | undefined {
  switch (typeof input) {
    case "number":
      if (Number.isNaN(input)) return undefined;
      if (input === 0) return 0; // folds -0
      return Number.isInteger(input) && !Number.isSafeInteger(input) ? BigInt(input) : input;
    case "bigint":
      return canonicalBigInt(input);
    case "string": {
      const inf = INFINITY_TEXT.exec(input.trim());
      if (inf) return inf[1] === "-" ? -Infinity : Infinity;
      const dec = parseDecimal(input.trim());
      return dec ? numberFromDecimal(dec) : undefined;
    }
    case "object":
      return input instanceof CtyDecimal ? numberFromDecimal(parseDecimal(input.text) as Decimal) : undefined;
    default:
      return undefined;
  }
}

/**
 * Converts number/bigint/CtyDecimal/numeric string to the canonical cty number form, or throws a TypeError
 * naming the value.
 */
export function toCtyNumber(input: number | bigint | CtyDecimal | string): CtyNumber {
  const n = toCanonicalNumber(input);
  if (n === undefined) throw new TypeError(`${JSON.stringify(String(input))} is not a number cty can represent`);
  return n;
}

/** Exact decimal of a finite canonical number; undefined for ±Infinity. */
export function numberToDecimal(n: CtyNumber): Decimal | undefined {
  if (typeof n === "number") return Number.isFinite(n) ? decimalFromDouble(n) : undefined;
  if (typeof n === "bigint") return decimalFromBigInt(n);
  return parseDecimal(n.text);
}

/**
 * Exact positional text of a canonical number ("+Inf"/"-Inf" for infinities, as cty prints them). Doubles are
 * written with their full exact value, so parsing the text gives the same double back.
 */
export function numberToText(n: CtyNumber): string {
  if (typeof n === "number") {
    if (Number.isSafeInteger(n)) return String(n);
    if (!Number.isFinite(n)) return n > 0 ? "+Inf" : "-Inf";
  }
  if (typeof n === "bigint") return n.toString();
  if (n instanceof CtyDecimal) return n.text;
  return decimalToText(numberToDecimal(n) as Decimal);
}

/**
 * The msgpack form cty uses for a canonical number: an integer when it fits int64, else a double when exact,
 * else its decimal text. Small integers stay JS numbers so the encoder picks the compact formats.
 */
export function numberToWire(n: CtyNumber): number | bigint | string {
  if (typeof n === "number") {
    if (!Number.isInteger(n) || (n >= -0x80000000 && n < 0x100000000)) return n;
    return BigInt(n);
  }
  if (typeof n === "bigint") {
    if (n >= INT64_MIN && n <= INT64_MAX) return n;
    const d = Number(n);
    return Number.isFinite(d) && BigInt(d) === n ? d : n.toString();
  }
  return n.text;
}

/** Numeric comparison of any two cty numbers: -1, 0 or 1. */
export function compareCtyNumbers(a: CtyNumber | string, b: CtyNumber | string): -1 | 0 | 1 {
  const ca = toCtyNumber(a);
  const cb = toCtyNumber(b);
  const infA = typeof ca === "number" && !Number.isFinite(ca) ? Math.sign(ca) : 0;
  const infB = typeof cb === "number" && !Number.isFinite(cb) ? Math.sign(cb) : 0;
  if (infA !== 0 || infB !== 0) return infA === infB ? 0 : infA < infB ? -1 : 1;
  return compareDecimals(numberToDecimal(ca) as Decimal, numberToDecimal(cb) as Decimal);
}
