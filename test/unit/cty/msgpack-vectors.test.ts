// Hand-written msgpack byte vectors: what Terraform/go-cty put on the wire, decoded and encoded byte for byte.
import {
  CtyDecimal,
  CtyDynamic,
  UNKNOWN,
  Unknown,
  decodeMsgpack,
  encodeMsgpack,
  isUnknown,
} from "../../../lib/provider/cty";
import type { CtyType } from "../../../lib/provider/cty";

/** "d4 00 00" → bytes. Spaces are ignored; `'text'` inserts UTF-8 text. */
function bytes(spec: string): Uint8Array {
  const out: number[] = [];
  for (const part of spec.match(/'[^']*'|[0-9a-f]{2}/gi) ?? []) {
    if (part.startsWith("'")) out.push(...new TextEncoder().encode(part.slice(1, -1)));
    else out.push(parseInt(part, 16));
  }
  return Uint8Array.from(out);
}

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex").replace(/(..)/g, "$1 ").trim();

describe("numbers on the wire", () => {
  it.each<[string, string, unknown]>([
    ["positive fixint", "05", 5],
    ["negative fixint", "fb", -5],
    ["int8", "d0 80", -128],
    ["uint32", "ce ff ff ff ff", 4294967295],
    ["int64 2^53+1 stays exact", "d3 00 20 00 00 00 00 00 01", 9007199254740993n],
    ["int64 -(2^53+1)", "d3 ff df ff ff ff ff ff ff", -9007199254740993n],
    ["int64 minimum", "d3 80 00 00 00 00 00 00 00", -(2n ** 63n)],
    ["int64 holding a safe integer", "d3 ff ff ff ff ff ff ff ff", -1],
    ["uint64 maximum", "cf ff ff ff ff ff ff ff ff", 2n ** 64n - 1n],
    ["float64 0.1", "cb 3f b9 99 99 99 99 99 9a", 0.1],
    ["float64 integral", "cb 40 59 00 00 00 00 00 00", 100],
    ["float32 1.5", "ca 3f c0 00 00", 1.5],
    ["float64 -infinity", "cb ff f0 00 00 00 00 00 00", -Infinity],
    ["decimal string beyond int64", "b5 '123456789012345678901'", 123456789012345678901n],
  ])("%s", (_name, wire, expected) => {
    expect(decodeMsgpack(bytes(wire), "number")).toBe(expected);
  });

  it("decodes a decimal string no double can hold as CtyDecimal", () => {
    const v = decodeMsgpack(bytes("a3 '0.1'"), "number");
    expect(v).toBeInstanceOf(CtyDecimal);
    expect((v as CtyDecimal).text).toBe("0.1");
    expect(decodeMsgpack(bytes("b2 '9007199254740993.5'"), "number")).toEqual(new CtyDecimal("9007199254740993.5"));
  });

  it.each<[string, unknown, string]>([
    ["small integer compactly", 5, "05"],
    ["negative integer", -200, "d1 ff 38"],
    ["integer beyond 2^53 as int64", 9007199254740993n, "cf 00 20 00 00 00 00 00 01"],
    ["negative int64", -9007199254740993n, "d3 ff df ff ff ff ff ff ff"],
    ["unsafe double integer as int64", 2 ** 60, "cf 10 00 00 00 00 00 00 00"],
    ["fraction as float64", 0.5, "cb 3f e0 00 00 00 00 00 00"],
    ["double 0.1 as float64", 0.1, "cb 3f b9 99 99 99 99 99 9a"],
    ["decimal as text", new CtyDecimal("0.1"), "a3 30 2e 31"],
    ["numeric string as its value", "1e2", "64"],
    ["numeric string without a double", "-1.1", "a4 2d 31 2e 31"],
    ["beyond int64 but exact as double", 2n ** 64n, "cb 43 f0 00 00 00 00 00 00"],
    ["infinity", Infinity, "cb 7f f0 00 00 00 00 00 00"],
  ])("encodes %s", (_name, value, wire) => {
    expect(hex(encodeMsgpack(value as never, "number"))).toBe(wire);
  });
});

describe("unknown values on the wire", () => {
  it("writes a plain unknown as fixext1 type 0, data 0 (as go-cty does)", () => {
    expect(hex(encodeMsgpack(UNKNOWN, "string"))).toBe("d4 00 00");
    expect(hex(encodeMsgpack(UNKNOWN, ["object", { a: "string" }]))).toBe("d4 00 00");
  });

  it.each([
    ["fixext1 type 0", "d4 00 00"],
    ["ext8 with no data", "c7 00 00"],
    ["ext12 with no data", "c7 00 0c"],
    ["any extension with one byte", "d4 05 07"],
  ])("reads %s as a plain unknown", (_name, wire) => {
    expect(decodeMsgpack(bytes(wire), "string")).toBe(UNKNOWN);
  });

  it("reads a refined unknown string (not null, prefix) from ext 12", () => {
    const v = decodeMsgpack(bytes("c7 07 0c 82 01 c2 02 a2 'ab'"), "string");
    expect(v).toBeInstanceOf(Unknown);
    expect((v as Unknown).refinements).toEqual({ notNull: true, stringPrefix: "ab" });
  });

  it("writes the same bytes for that refined unknown", () => {
    const u = new Unknown({ notNull: true, stringPrefix: "ab" });
    expect(hex(encodeMsgpack(u, "string"))).toBe("c7 07 0c 82 01 c2 02 a2 61 62");
  });

  it("reads number bounds and collection length bounds", () => {
    const num = decodeMsgpack(bytes("c7 09 0c 82 03 92 00 c3 04 92 0a c2"), "number") as Unknown;
    expect(num.refinements).toEqual({
      numberLower: { value: 0, inclusive: true },
      numberUpper: { value: 10, inclusive: false },
    });
    const list = decodeMsgpack(bytes("c7 07 0c 83 01 c2 05 01 06 03"), ["list", "string"]) as Unknown;
    expect(list.refinements).toEqual({ notNull: true, lengthMin: 1, lengthMax: 3 });
  });

  it("encodes number and length bounds with integer keys", () => {
    const num = new Unknown({
      numberLower: { value: 0, inclusive: true },
      numberUpper: { value: new CtyDecimal("0.1"), inclusive: false },
    });
    expect(hex(encodeMsgpack(num, "number"))).toBe("c7 0c 0c 82 03 92 00 c3 04 92 a3 30 2e 31 c2");
    expect(hex(encodeMsgpack(new Unknown({ lengthMin: 2 }), ["set", "string"]))).toBe("c7 03 0c 81 05 02"); // no fixext for 3 bytes;
  });

  it("treats infinite number bounds as no bound", () => {
    // {3: [-Inf, false], 4: [+Inf, false]}
    const wire = "c7 19 0c 82 03 92 cb ff f0 00 00 00 00 00 00 c2 04 92 cb 7f f0 00 00 00 00 00 00 c2";
    expect(decodeMsgpack(bytes(wire), "number")).toBe(UNKNOWN);
  });

  it("reads the is-null refinement set to true as a known null", () => {
    expect(decodeMsgpack(bytes("c7 03 0c 81 01 c3"), "string")).toBeNull();
  });

  it("ignores refinement keys it does not know, and bytes after the map", () => {
    const v = decodeMsgpack(bytes("c7 07 0c 82 01 c2 09 a1 'x' ff"), "bool") as Unknown;
    expect(v.refinements).toEqual({ notNull: true });
  });

  it("drops refinements under a dynamic type, as cty does", () => {
    expect(decodeMsgpack(bytes("c7 07 0c 82 01 c2 02 a2 'ab'"), "dynamic")).toBe(UNKNOWN);
    expect(hex(encodeMsgpack(new Unknown({ notNull: true }), "dynamic"))).toBe("d4 00 00");
  });

  it.each<[string, string, CtyType, RegExp]>([
    ["prefix on a number", "c7 04 0c 81 02 a1 'a'", "number", /string prefix for a value of type number/],
    ["length on a string", "c7 03 0c 81 05 01", "string", /length bound for a value of type string/],
    [
      "bounds on a list",
      "c7 05 0c 81 03 92 00 c3",
      ["list", "number"],
      /number bound for a value of type list of number/,
    ],
    ["non-boolean null flag", "c7 03 0c 81 01 01", "string", /null refinement is number 1/],
    ["payload not a map", "c7 02 0c 91 01", "string", /must be a msgpack map/],
    ["bound not a pair", "c7 03 0c 81 03 05", "number", /number bound must be \[number, bool\]/],
    ["other extension with data", "d5 07 01 02", "string", /unsupported msgpack extension type 7 with 2 bytes/],
    ["timestamp extension", "d6 ff 00 00 00 01", "string", /unsupported msgpack extension type -1/],
  ])("rejects %s", (_name, wire, type, message) => {
    expect(() => decodeMsgpack(bytes(wire), type)).toThrow(message);
  });
});

describe("dynamic values on the wire", () => {
  it("reads [type JSON bytes, value] (bin or str type header)", () => {
    expect(decodeMsgpack(bytes("92 c4 08 '\"string\"' a1 'x'"), "dynamic")).toEqual(new CtyDynamic("string", "x"));
    expect(decodeMsgpack(bytes("92 a8 '\"string\"' a1 'x'"), "dynamic")).toEqual(new CtyDynamic("string", "x"));
    expect(decodeMsgpack(bytes('92 c4 11 \'["list","number"]\' 93 01 02 03'), "dynamic")).toEqual(
      new CtyDynamic(["list", "number"], [1, 2, 3]),
    );
  });

  it("writes the pair with the type as bin bytes and echoes the type", () => {
    const v = new CtyDynamic(["list", "number"], [1, 2, 3]);
    expect(hex(encodeMsgpack(v, "dynamic"))).toBe(hex(bytes('92 c4 11 \'["list","number"]\' 93 01 02 03')));
  });

  it("reads nil as null and a bare extension as unknown", () => {
    expect(decodeMsgpack(bytes("c0"), "dynamic")).toBeNull();
    expect(decodeMsgpack(bytes("d4 00 00"), "dynamic")).toBe(UNKNOWN);
  });

  it("reads an unknown of a known type as a dynamic pair that counts as unknown", () => {
    const v = decodeMsgpack(bytes("92 c4 08 '\"string\"' d4 00 00"), "dynamic");
    expect(v).toEqual(new CtyDynamic("string", UNKNOWN));
    expect(isUnknown(v)).toBe(true);
    expect(hex(encodeMsgpack(v, "dynamic"))).toBe(hex(bytes("92 c4 08 '\"string\"' d4 00 00")));
  });

  it("unwraps a pair whose type is itself dynamic", () => {
    const wire = "92 c4 09 '\"dynamic\"' 92 c4 08 '\"string\"' a1 'x'";
    expect(decodeMsgpack(bytes(wire), "dynamic")).toEqual(new CtyDynamic("string", "x"));
    expect(decodeMsgpack(bytes("92 c4 09 '\"dynamic\"' c0"), "dynamic")).toBeNull();
  });

  it("keeps a typed null as a pair", () => {
    expect(decodeMsgpack(bytes("92 c4 08 '\"number\"' c0"), "dynamic")).toEqual(new CtyDynamic("number", null));
  });

  it.each([
    ["not a pair", "93 01 02 03", /\[type JSON, value\] pair/],
    ["type not bytes", "92 01 02", /must be JSON bytes, got number 1/],
    ["type not a type", "92 a5 '\"int\"' 01", /invalid type: invalid cty type: unknown primitive type "int"/],
  ])("rejects %s", (_name, wire, message) => {
    expect(() => decodeMsgpack(bytes(wire), "dynamic")).toThrow(message);
  });
});

describe("objects and collections on the wire", () => {
  const deviceType: CtyType = [
    "object",
    {
      name: "string",
      size: "number",
      device: ["list", ["object", { path: "string", properties: ["map", "string"] }]],
      tags: ["set", "string"],
    },
  ];

  // {device: [{path: "/", properties: {pool: "p"}}, {path: nil, properties: nil}], name: "c1", size: nil, tags: nil}
  const wire =
    "84 a6 'device' 92 82 a4 'path' a1 '/' aa 'properties' 81 a4 'pool' a1 'p' 82 a4 'path' c0 aa 'properties' c0" +
    " a4 'name' a2 'c1' a4 'size' c0 a4 'tags' c0";

  it("decodes a nested object with nulls", () => {
    expect(decodeMsgpack(bytes(wire), deviceType)).toEqual({
      name: "c1",
      size: null,
      device: [
        { path: "/", properties: { pool: "p" } },
        { path: null, properties: null },
      ],
      tags: null,
    });
  });

  it("encodes every attribute, sorted, with nil for absent ones", () => {
    const value = { name: "c1", device: [{ path: "/", properties: { pool: "p" } }, {}] };
    expect(hex(encodeMsgpack(value, deviceType))).toBe(hex(bytes(wire)));
  });

  it("reads a missing attribute as null", () => {
    expect(decodeMsgpack(bytes("81 a1 'a' 01"), ["object", { a: "number", b: "string" }])).toEqual({ a: 1, b: null });
  });

  it("reads a set as an array and writes it in a stable order", () => {
    expect(decodeMsgpack(bytes("92 a1 'b' a1 'a'"), ["set", "string"])).toEqual(["b", "a"]);
    expect(hex(encodeMsgpack(["b", "a", "b"], ["set", "string"]))).toBe("92 a1 61 a1 62");
  });

  it("reads an empty input as null (an unset DynamicValue)", () => {
    expect(decodeMsgpack(new Uint8Array(), deviceType)).toBeNull();
  });

  it.each<[string, string, CtyType, RegExp]>([
    [
      "unsupported attribute",
      "81 a1 'z' 01",
      ["object", { a: "number" }],
      /\(root\): unsupported attribute "z"; the schema has a/,
    ],
    [
      "unsupported attribute next to a missing one",
      "82 a1 'a' 01 a1 'z' 01",
      ["object", { a: "number", b: "number" }],
      /\(root\): unsupported attribute "z"; the schema has a, b/,
    ],
    [
      "wrong primitive deep inside",
      wire.replace("a1 '/'", "05"),
      deviceType,
      /^\.device\[0\]\.path: expected string, got number 5$/,
    ],
    ["map value of the wrong type", "81 a1 'k' c3", ["map", "number"], /^\["k"\]: expected number, got boolean true$/],
    [
      "tuple of the wrong length",
      "91 01",
      ["tuple", ["number", "number"]],
      /expected a tuple of 2 element\(s\), got 1/,
    ],
    ["non-string map key", "81 01 02", ["map", "number"], /map key is number 1; cty map keys are strings/],
    ["truncated data", "92 01", ["list", "number"], /malformed msgpack/],
    ["trailing bytes", "01 02", "number", /malformed msgpack/],
    ["invalid UTF-8 in bin string", "c4 01 ff", "string", /not valid UTF-8/],
    ["non-numeric string as number", "a3 'abc'", "number", /expected number, got string "abc"/],
  ])("rejects %s", (_name, w, type, message) => {
    expect(() => decodeMsgpack(bytes(w), type)).toThrow(message);
  });
});
