// fast-check generators for random cty types and JS values of those types (loose input, as resource code writes
// it: undefined for null, numbers in every representation, absent attributes, duplicate set elements).
import fc from "fast-check";
import { CtyDecimal, CtyDynamic, UNKNOWN, Unknown, toCtyNumber } from "../../../lib/provider/cty";
import type { CtyType } from "../../../lib/provider/cty";

export interface ValueOptions {
  /** Include unknown values (msgpack only; JSON cannot carry them). */
  readonly unknowns: boolean;
  /** Include ±Infinity (msgpack only). */
  readonly infinities: boolean;
}

const attrName = fc.stringMatching(/^[a-z_][a-z0-9_]{0,5}$/);
// The msgpack library refuses to decode a map key "__proto__" (a documented gap); everything else goes.
const mapKey = fc.string({ unit: "binary", maxLength: 5 }).filter((k) => k !== "__proto__");

const primitiveType = fc.constantFrom<CtyType>("string", "number", "bool", "dynamic");

export const typeArb: fc.Arbitrary<CtyType> = fc.letrec<{ type: CtyType }>((tie) => ({
  type: fc.oneof(
    { maxDepth: 3, depthSize: "small" },
    primitiveType,
    tie("type").map((t): CtyType => ["list", t]),
    tie("type").map((t): CtyType => ["set", t]),
    tie("type").map((t): CtyType => ["map", t]),
    fc.array(tie("type"), { maxLength: 3 }).map((ts): CtyType => ["tuple", ts]),
    fc.uniqueArray(fc.tuple(attrName, tie("type")), { maxLength: 4, selector: ([name]) => name }).chain((attrs) =>
      fc.subarray(attrs.map(([name]) => name)).map((optional): CtyType => {
        const record: Record<string, CtyType> = {};
        for (const [name, t] of attrs) record[name] = t;
        return optional.length > 0 ? ["object", record, optional] : ["object", record];
      }),
    ),
  ),
})).type;

const decimalText = fc
  .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: -40, max: 40 }))
  .map(([coeff, exp]) => `${coeff}e${exp}`);

function numberArb(opts: ValueOptions): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: !opts.infinities }),
    fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }),
    decimalText.map((text) => new CtyDecimal(text)),
    decimalText, // numeric strings are accepted as numbers
  );
}

function unknownArb(t: CtyType): fc.Arbitrary<Unknown> {
  const notNull = fc.boolean();
  if (t === "string") {
    return fc.record({ notNull, stringPrefix: fc.string({ maxLength: 4 }) }).map((r) => new Unknown(r));
  }
  if (t === "number") {
    const bound = fc.option(
      fc.record({ value: fc.oneof(fc.integer(), decimalText.map(toCtyNumber)), inclusive: fc.boolean() }),
      { nil: undefined },
    );
    return fc.record({ notNull, numberLower: bound, numberUpper: bound }).map((r) => new Unknown(r));
  }
  if (typeof t !== "string" && (t[0] === "list" || t[0] === "set" || t[0] === "map")) {
    const len = fc.option(fc.nat(10), { nil: undefined });
    return fc.record({ notNull, lengthMin: len, lengthMax: len }).map((r) => new Unknown(r));
  }
  return fc.oneof(
    fc.constant(UNKNOWN),
    notNull.map((n) => new Unknown({ notNull: n })),
  );
}

/** A JS value that normalizes to a value of type `t`. */
export function valueArb(t: CtyType, opts: ValueOptions, depth = 0): fc.Arbitrary<unknown> {
  const choices: Array<fc.WeightedArbitrary<unknown>> = [
    { weight: 1, arbitrary: fc.constantFrom(null, undefined) },
    { weight: 6, arbitrary: knownArb(t, opts, depth) },
  ];
  if (opts.unknowns) choices.push({ weight: 1, arbitrary: unknownArb(t) });
  return fc.oneof(...choices);
}

function knownArb(t: CtyType, opts: ValueOptions, depth: number): fc.Arbitrary<unknown> {
  switch (t) {
    case "string":
      return fc.string({ unit: "binary", maxLength: 8 });
    case "bool":
      return fc.boolean();
    case "number":
      return numberArb(opts);
    case "dynamic":
      return dynamicArb(opts, depth);
  }
  switch (t[0]) {
    case "list":
    case "set":
      return fc.array(valueArb(t[1], opts, depth), { maxLength: 3 });
    case "tuple":
      return fc.tuple(...t[1].map((el) => valueArb(el, opts, depth)));
    case "map":
      return fc.array(fc.tuple(mapKey, valueArb(t[1], opts, depth)), { maxLength: 3 }).map(toObject);
    case "object": {
      const names = Object.keys(t[1]);
      return fc
        .tuple(...names.map((n) => valueArb(t[1][n], opts, depth)))
        .map((values) => toObject(names.map((n, i) => [n, values[i]])));
    }
  }
}

/** Values of dynamic attributes: explicit CtyDynamic pairs, or plain JS values whose type is inferred. */
function dynamicArb(opts: ValueOptions, depth: number): fc.Arbitrary<unknown> {
  const implied = fc.oneof(
    fc.string({ maxLength: 4 }),
    fc.integer(),
    fc.boolean(),
    fc.array(fc.string({ maxLength: 2 }), { maxLength: 2 }),
  );
  if (depth >= 1) return implied; // keeps dynamic-inside-dynamic from nesting without end
  const explicit = typeArb.chain((t) => knownArb(t, opts, depth + 1).map((v) => new CtyDynamic(t, v as never)));
  return fc.oneof(implied, explicit);
}

function toObject(entries: Array<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries)
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

/** Types whose canonical values can be compared with toEqual: no sets (order) and no dynamic (may hide sets). */
export function isOrderFree(t: CtyType): boolean {
  if (typeof t === "string") return t !== "dynamic";
  switch (t[0]) {
    case "set":
      return false;
    case "list":
    case "map":
      return isOrderFree(t[1]);
    case "tuple":
      return t[1].every(isOrderFree);
    case "object":
      return Object.values(t[1]).every(isOrderFree);
  }
}
