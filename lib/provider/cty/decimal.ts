// Exact decimal arithmetic for cty numbers. cty numbers are arbitrary-precision; JS has only doubles and bigints,
// so to decide whether a value "is exactly a double" (and to print doubles losslessly) we compare exact decimals.
// Internal to the codec.

/** value = (neg ? -1 : 1) × coeff × 10^exp. Canonical: no trailing zeros in coeff; zero is {false, 0n, 0}. */
export interface Decimal {
  readonly neg: boolean;
  readonly coeff: bigint;
  readonly exp: number;
}

export const DECIMAL_ZERO: Decimal = Object.freeze({ neg: false, coeff: 0n, exp: 0 });

/**
 * Exponents beyond this are refused: printing 1e-1000000 in positional notation would take a megabyte, and no
 * attribute of a hypervisor resource needs numbers of that size.
 */
export const MAX_DECIMAL_EXPONENT = 10_000;

const DECIMAL_TEXT = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Builds a canonical decimal from a digit string (no sign) and a power-of-ten exponent. */
function fromDigits(neg: boolean, digits: string, exp: number): Decimal {
  const trimmed = digits.replace(/^0+/, "");
  if (trimmed === "") return DECIMAL_ZERO;
  const significant = trimmed.replace(/0+$/, "");
  return { neg, coeff: BigInt(significant), exp: exp + (trimmed.length - significant.length) };
}

/**
 * Parses decimal notation (`-12.5`, `1e21`, `.5`, `+3`). Returns undefined for anything else, and for exponents
 * out of range.
 */
export function parseDecimal(text: string): Decimal | undefined {
  const m = DECIMAL_TEXT.exec(text);
  if (!m) return undefined;
  const intPart = m[2] ?? "";
  const fracPart = m[3] ?? "";
  if (intPart === "" && fracPart === "") return undefined;
  const expPart = m[4] === undefined ? 0 : Number(m[4]);
  if (!Number.isSafeInteger(expPart)) return undefined;
  const dec = fromDigits(m[1] === "-", intPart + fracPart, expPart - fracPart.length);
  if (dec.coeff === 0n) return DECIMAL_ZERO;
  const magnitude = dec.exp + dec.coeff.toString().length;
  if (Math.abs(dec.exp) > MAX_DECIMAL_EXPONENT || Math.abs(magnitude) > MAX_DECIMAL_EXPONENT) return undefined;
  return dec;
}

export function decimalFromBigInt(value: bigint): Decimal {
  const neg = value < 0n;
  return fromDigits(neg, (neg ? -value : value).toString(), 0);
}

const F64 = new DataView(new ArrayBuffer(8));

/** The exact value of a finite double (0.1 becomes 0.1000000000000000055511151231257827…). */
export function decimalFromDouble(d: number): Decimal {
  if (!Number.isFinite(d)) throw new RangeError(`${d} has no decimal value`);
  if (Number.isSafeInteger(d)) return decimalFromBigInt(BigInt(d));
  F64.setFloat64(0, d);
  const hi = F64.getUint32(0);
  const lo = F64.getUint32(4);
  const neg = hi >>> 31 === 1;
  const biased = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exp2: number;
  if (biased === 0) {
    exp2 = -1074; // subnormal
  } else {
    mantissa |= 1n << 52n;
    exp2 = biased - 1075;
  }
  if (mantissa === 0n) return DECIMAL_ZERO;
  while ((mantissa & 1n) === 0n && exp2 < 0) {
    mantissa >>= 1n;
    exp2++;
  }
  if (exp2 >= 0) return fromDigits(neg, (mantissa << BigInt(exp2)).toString(), 0);
  // m / 2^k = m × 5^k / 10^k
  return fromDigits(neg, (mantissa * 5n ** BigInt(-exp2)).toString(), exp2);
}

/** Positional notation without exponent, as cty prints numbers (`Text('f', -1)`): `-0.0015`, `1200`. */
export function decimalToText(dec: Decimal): string {
  if (dec.coeff === 0n) return "0";
  const digits = dec.coeff.toString();
  const sign = dec.neg ? "-" : "";
  if (dec.exp >= 0) return sign + digits + "0".repeat(dec.exp);
  const point = digits.length + dec.exp;
  if (point > 0) return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
  return `${sign}0.${"0".repeat(-point)}${digits}`;
}

export function decimalIsInteger(dec: Decimal): boolean {
  return dec.exp >= 0;
}

/** Only for integers (decimalIsInteger). */
export function decimalToBigInt(dec: Decimal): bigint {
  const magnitude = dec.coeff * 10n ** BigInt(dec.exp);
  return dec.neg ? -magnitude : magnitude;
}

export function decimalEquals(a: Decimal, b: Decimal): boolean {
  return a.neg === b.neg && a.coeff === b.coeff && a.exp === b.exp;
}

/** The double with exactly this value, or undefined when no double has it. */
export function decimalToExactDouble(dec: Decimal): number | undefined {
  const d = Number(decimalToText(dec));
  if (!Number.isFinite(d)) return undefined;
  return decimalEquals(decimalFromDouble(d), dec) ? d : undefined;
}

/** -1, 0 or 1. */
export function compareDecimals(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const signA = a.coeff === 0n ? 0 : a.neg ? -1 : 1;
  const signB = b.coeff === 0n ? 0 : b.neg ? -1 : 1;
  if (signA !== signB) return signA < signB ? -1 : 1;
  if (signA === 0) return 0;
  const minExp = Math.min(a.exp, b.exp);
  const ma = a.coeff * 10n ** BigInt(a.exp - minExp);
  const mb = b.coeff * 10n ** BigInt(b.exp - minExp);
  if (ma === mb) return 0;
  const magnitudeOrder = ma < mb ? -1 : 1;
  return (signA < 0 ? -magnitudeOrder : magnitudeOrder) as -1 | 1;
}
