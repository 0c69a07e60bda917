// Property tests: random type + random value → encode → decode gives the same value back.
import fc from "fast-check";
import {
  ctyEqual,
  ctyTypeEquals,
  ctyTypeToJson,
  decodeJson,
  decodeMsgpack,
  encodeJson,
  encodeMsgpack,
  normalizeCtyValue,
  parseCtyType,
} from "../../../lib/provider/cty";
import type { CtyType, CtyValue } from "../../../lib/provider/cty";
import { isOrderFree, typeArb, valueArb } from "./arbitraries";
import type { ValueOptions } from "./arbitraries";

const RUNS = { numRuns: 200 };
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

function typedValue(opts: ValueOptions): fc.Arbitrary<[CtyType, CtyValue]> {
  return typeArb.chain((t) => valueArb(t, opts).map((v): [CtyType, CtyValue] => [t, v as CtyValue]));
}

describe("property: msgpack round trip", () => {
  it("decode(encode(v)) is the canonical form of v, and re-encoding gives the same bytes", () => {
    fc.assert(
      fc.property(typedValue({ unknowns: true, infinities: true }), ([t, v]) => {
        const bytes = encodeMsgpack(v, t);
        const decoded = decodeMsgpack(bytes, t);
        const expected = normalizeCtyValue(v, t);
        expect(ctyEqual(decoded, expected, t)).toBe(true);
        if (isOrderFree(t)) expect(decoded).toEqual(expected);
        expect(hex(encodeMsgpack(decoded, t))).toBe(hex(bytes));
      }),
      RUNS,
    );
  });

  it("set encoding does not depend on the order of the elements", () => {
    fc.assert(
      fc.property(
        typeArb.chain((el) =>
          fc.tuple(
            fc.constant<CtyType>(["set", el]),
            fc.array(valueArb(el, { unknowns: false, infinities: true }), { maxLength: 5 }),
          ),
        ),
        ([t, elements]) => {
          const forward = encodeMsgpack(elements as CtyValue, t);
          const backward = encodeMsgpack([...elements].reverse() as CtyValue, t);
          expect(hex(backward)).toBe(hex(forward));
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe("property: JSON round trip", () => {
  it("decodeJson(encodeJson(v)) is the canonical form of v, and re-encoding gives the same bytes", () => {
    fc.assert(
      fc.property(typedValue({ unknowns: false, infinities: false }), ([t, v]) => {
        const bytes = encodeJson(v, t);
        const decoded = decodeJson(bytes, t);
        const expected = normalizeCtyValue(v, t);
        expect(ctyEqual(decoded, expected, t)).toBe(true);
        if (isOrderFree(t)) expect(decoded).toEqual(expected);
        expect(Buffer.from(encodeJson(decoded, t)).toString()).toBe(Buffer.from(bytes).toString());
      }),
      RUNS,
    );
  });

  it("msgpack and JSON agree on every wholly known value", () => {
    fc.assert(
      fc.property(typedValue({ unknowns: false, infinities: false }), ([t, v]) => {
        const viaMsgpack = decodeMsgpack(encodeMsgpack(v, t), t);
        const viaJson = decodeJson(encodeJson(v, t), t);
        expect(ctyEqual(viaMsgpack, viaJson, t)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe("property: types", () => {
  it("parseCtyType(ctyTypeToJson(t)) is t", () => {
    fc.assert(
      fc.property(typeArb, (t) => {
        expect(ctyTypeEquals(parseCtyType(ctyTypeToJson(t)), t)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe("property: equality", () => {
  it("a value equals its canonical form, and its decoded copy", () => {
    fc.assert(
      fc.property(typedValue({ unknowns: true, infinities: true }), ([t, v]) => {
        expect(ctyEqual(v, normalizeCtyValue(v, t), t)).toBe(true);
        expect(ctyEqual(decodeMsgpack(encodeMsgpack(v, t), t), v, t)).toBe(true);
      }),
      RUNS,
    );
  });
});
