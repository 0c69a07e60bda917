// The JS shape of cty values: null, string, boolean, numbers (see numbers.ts), arrays for lists/sets/tuples,
// plain objects for maps/objects, CtyDynamic for values of "dynamic" attributes, Unknown for values not known
// until apply.
import { toCanonicalNumber } from "./numbers";
import type { CtyNumber } from "./numbers";
import type { CtyType } from "./types";

/** A bound on an unknown number; `inclusive` says whether the bound itself is a possible value. */
export interface CtyNumberBound {
  readonly value: CtyNumber;
  readonly inclusive: boolean;
}

/**
 * What Terraform already knows about an unknown value ("refinements"). Only the ones that apply to the value's
 * type may be present: stringPrefix for strings, number bounds for numbers, length bounds for lists/sets/maps.
 */
export interface UnknownRefinements {
  /** The value will not be null. */
  readonly notNull?: boolean;
  /** A string value will start with this text. */
  readonly stringPrefix?: string;
  readonly numberLower?: CtyNumberBound;
  readonly numberUpper?: CtyNumberBound;
  /** A collection will have at least this many elements. */
  readonly lengthMin?: number;
  /** A collection will have at most this many elements. */
  readonly lengthMax?: number;
}

function checkLength(name: string, n: number | undefined): number | undefined {
  if (n === undefined) return undefined;
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new TypeError(`Unknown: ${name} must be a non-negative integer, got ${String(n)}`);
  }
  return n;
}

function checkBound(name: string, bound: CtyNumberBound | undefined): CtyNumberBound | undefined {
  if (bound === undefined) return undefined;
  const value = toCanonicalNumber(bound.value);
  if (value === undefined || typeof bound.inclusive !== "boolean") {
    throw new TypeError(`Unknown: ${name} must be {value: number, inclusive: boolean}, got ${String(bound.value)}`);
  }
  // An infinite bound constrains nothing; cty writes it that way for "no bound".
  if (typeof value === "number" && !Number.isFinite(value)) return undefined;
  return Object.freeze({ value, inclusive: bound.inclusive });
}

/** A value that is not known yet (known after apply). Use UNKNOWN unless there are refinements. */
export class Unknown {
  readonly refinements: Readonly<UnknownRefinements>;

  constructor(refinements: UnknownRefinements = {}) {
    const clean: { -readonly [K in keyof UnknownRefinements]: UnknownRefinements[K] } = {};
    if (refinements.notNull === true) clean.notNull = true;
    if (refinements.stringPrefix !== undefined) {
      if (typeof refinements.stringPrefix !== "string") throw new TypeError("Unknown: stringPrefix must be a string");
      if (refinements.stringPrefix !== "") clean.stringPrefix = refinements.stringPrefix;
    }
    const lower = checkBound("numberLower", refinements.numberLower);
    if (lower) clean.numberLower = lower;
    const upper = checkBound("numberUpper", refinements.numberUpper);
    if (upper) clean.numberUpper = upper;
    const lengthMin = checkLength("lengthMin", refinements.lengthMin);
    if (lengthMin) clean.lengthMin = lengthMin; // 0 is no constraint
    const lengthMax = checkLength("lengthMax", refinements.lengthMax);
    if (lengthMax !== undefined) clean.lengthMax = lengthMax;
    this.refinements = Object.freeze(clean);
    Object.freeze(this);
  }

  /** True when anything is known about the value. */
  get refined(): boolean {
    return Object.keys(this.refinements).length > 0;
  }

  toString(): string {
    return this.refined ? `(known after apply: ${JSON.stringify(this.refinements)})` : "(known after apply)";
  }
}

/** The plain unknown value (no refinements). */
export const UNKNOWN: Unknown = new Unknown();

/**
 * A value of a "dynamic" attribute together with its concrete type. `value` is in canonical form for `type`
 * and may itself be unknown (an unknown whose type is already known).
 */
export class CtyDynamic {
  constructor(
    readonly type: CtyType,
    readonly value: CtyValue,
  ) {
    Object.freeze(this);
  }
}

export interface CtyObjectValue {
  [attribute: string]: CtyValue;
}

export type CtyValue = null | string | boolean | CtyNumber | Unknown | CtyDynamic | CtyValue[] | CtyObjectValue;

/**
 * What the encoders and ctyEqual accept: any CtyValue, plus the loose forms normalization converts (undefined for
 * null, absent or undefined object attributes, JS Sets for sets, Maps for maps and objects, numeric strings).
 */
export type CtyInput =
  | CtyValue
  | undefined
  | readonly CtyInput[]
  | ReadonlySet<CtyInput>
  | ReadonlyMap<string, CtyInput>
  | { readonly [key: string]: CtyInput };

/** True for unknown values, including a dynamic value whose type is known but whose value is not. */
export function isUnknown(value: unknown): boolean {
  return value instanceof Unknown || (value instanceof CtyDynamic && value.value instanceof Unknown);
}

/** True when no unknown value appears anywhere inside `value`. */
export function isWhollyKnown(value: unknown): boolean {
  if (value instanceof Unknown) return false;
  if (value instanceof CtyDynamic) return isWhollyKnown(value.value);
  if (Array.isArray(value)) return value.every(isWhollyKnown);
  if (value instanceof Set || value instanceof Map) return [...value.values()].every(isWhollyKnown);
  if (isPlainObject(value)) return Object.values(value).every(isWhollyKnown);
  return true;
}

/** An object literal (or null-prototype object) rather than an instance of some class. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Sets an own property even when the key is "__proto__" (a legal map key and attribute name in cty). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}
