// Type-directed conversion of JS input (what resource code hands to the encoders) and its errors.
import {
  CtyDecimal,
  CtyDynamic,
  CtyError,
  UNKNOWN,
  Unknown,
  decodeMsgpack,
  encodeMsgpack,
  formatCtyPath,
  impliedType,
  normalizeCtyValue,
} from "../../../lib/provider/cty";
import type { CtyType, CtyValue } from "../../../lib/provider/cty";

const instanceType: CtyType = [
  "object",
  {
    name: "string",
    device: ["list", ["object", { name: "string", properties: ["map", "string"] }]],
    limits: ["map", "number"],
    profiles: ["set", "string"],
    pair: ["tuple", ["string", "bool"]],
    extra: "dynamic",
  },
];

function errorOf(run: () => unknown): CtyError {
  try {
    run();
  } catch (err) {
    if (err instanceof CtyError) return err;
    throw err;
  }
  throw new Error("expected a CtyError, nothing was thrown");
}

describe("normalizeCtyValue", () => {
  it("fills absent object attributes with null and keeps the type's attribute order", () => {
    const v = normalizeCtyValue({ pair: ["a", true], name: "c1", limits: undefined }, instanceType);
    expect(v).toEqual({ name: "c1", device: null, limits: null, profiles: null, pair: ["a", true], extra: null });
    expect(Object.keys(v as object)).toEqual(["name", "device", "limits", "profiles", "pair", "extra"]);
  });

  it("accepts numbers as number, bigint, CtyDecimal and numeric strings, and canonicalizes them", () => {
    const v = normalizeCtyValue({ a: 1, b: 2n, c: new CtyDecimal("3.0"), d: "4.5", e: "0.1", f: 2 ** 60 }, [
      "map",
      "number",
    ]);
    expect(v).toEqual({ a: 1, b: 2, c: 3, d: 4.5, e: new CtyDecimal("0.1"), f: 2n ** 60n });
  });

  it("accepts JS Sets for sets and Maps for maps and objects, and de-duplicates known set elements", () => {
    expect(normalizeCtyValue(new Set(["a", "b"]), ["set", "string"])).toEqual(["a", "b"]);
    expect(normalizeCtyValue([1, 1n, "1", 2], ["set", "number"])).toEqual([1, 2]);
    expect(normalizeCtyValue(new Map([["k", "v"]]), ["map", "string"])).toEqual({ k: "v" });
    expect(normalizeCtyValue(new Map([["name", "x"]]), ["object", { name: "string" }])).toEqual({ name: "x" });
  });

  it("keeps every unknown set element: unknowns are never equal to each other", () => {
    expect(normalizeCtyValue([UNKNOWN, "a", UNKNOWN, "a"], ["set", "string"])).toEqual(["a", UNKNOWN, UNKNOWN]);
  });

  it("puts set elements in one stable order, whatever order they came in", () => {
    const t: CtyType = ["set", ["object", { n: "number", tags: ["set", "string"] }]];
    const a = normalizeCtyValue(
      [
        { n: 2, tags: ["y", "x"] },
        { n: "1.0", tags: [] },
      ],
      t,
    );
    const b = normalizeCtyValue(
      [
        { n: 1n, tags: [] },
        { n: 2, tags: ["x", "y"] },
      ],
      t,
    );
    expect(a).toEqual([
      { n: 1, tags: [] },
      { n: 2, tags: ["x", "y"] },
    ]);
    expect(b).toEqual(a);
  });

  it("normalizes strings to NFC, as cty does", () => {
    expect(normalizeCtyValue("e\u0301", "string")).toBe("\u00e9");
  });

  it("keeps map keys and attributes named __proto__ as data", () => {
    const input = JSON.parse('{"__proto__": "x", "a": "y"}') as Record<string, string>;
    const v = normalizeCtyValue(input, ["map", "string"]) as Record<string, string>;
    expect(Object.keys(v)).toEqual(["__proto__", "a"]);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Buffer.from(encodeMsgpack(v, ["map", "string"])).toString("hex")).toBe("82a95f5f70726f746f5f5fa178a161a179");
  });

  it("unwraps a CtyDynamic whose type matches the expected type", () => {
    expect(normalizeCtyValue(new CtyDynamic(["list", "string"], ["a"]), ["list", "string"])).toEqual(["a"]);
  });

  describe("dynamic", () => {
    it("infers the type of plain JS values", () => {
      expect(normalizeCtyValue("x", "dynamic")).toEqual(new CtyDynamic("string", "x"));
      expect(normalizeCtyValue(5n, "dynamic")).toEqual(new CtyDynamic("number", 5));
      expect(normalizeCtyValue({ a: [1, "b"], n: null }, "dynamic")).toEqual(
        new CtyDynamic(["object", { a: ["tuple", ["number", "string"]], n: "dynamic" }], { a: [1, "b"], n: null }),
      );
      expect(impliedType([true, new CtyDynamic(["list", "string"], [])])).toEqual([
        "tuple",
        ["bool", ["list", "string"]],
      ]);
    });

    it("keeps null and unknown bare, and flattens a CtyDynamic of type dynamic", () => {
      expect(normalizeCtyValue(null, "dynamic")).toBeNull();
      expect(normalizeCtyValue(new Unknown({ notNull: true }), "dynamic")).toBe(UNKNOWN);
      expect(normalizeCtyValue(new CtyDynamic("dynamic", "x"), "dynamic")).toEqual(new CtyDynamic("string", "x"));
    });

    it("round-trips implied values through msgpack", () => {
      const bytes = encodeMsgpack({ n: 1, s: ["a"] }, "dynamic");
      expect(decodeMsgpack(bytes, "dynamic")).toEqual(
        new CtyDynamic(["object", { n: "number", s: ["tuple", ["string"]] }], { n: 1, s: ["a"] }),
      );
    });

    it("refuses values whose type cannot be inferred", () => {
      expect(() => normalizeCtyValue({ when: new Date(0) } as never, "dynamic")).toThrow(
        /^\.when: cannot infer a cty type for a Date; wrap it as new CtyDynamic\(type, value\)$/,
      );
    });
  });

  describe("refined unknowns", () => {
    it("keeps refinements that fit the type", () => {
      const u = new Unknown({ notNull: true, lengthMax: 4 });
      expect(normalizeCtyValue(u, ["map", "string"])).toBe(u);
    });

    it("refuses refinements that do not fit the type", () => {
      expect(() => normalizeCtyValue(new Unknown({ stringPrefix: "a" }), "number")).toThrow(
        /stringPrefix refinement, which only applies to strings, but the type is number/,
      );
      expect(() => normalizeCtyValue(new Unknown({ lengthMin: 1 }), ["tuple", []])).toThrow(/length bound/);
    });

    it("cleans refinements that say nothing", () => {
      const u = new Unknown({
        notNull: false,
        stringPrefix: "",
        lengthMin: 0,
        numberLower: { value: -Infinity, inclusive: false },
      });
      expect(u.refined).toBe(false);
      expect(() => new Unknown({ lengthMax: -1 })).toThrow(/lengthMax must be a non-negative integer/);
    });
  });

  describe("errors carry the attribute path", () => {
    it.each<[string, unknown, string]>([
      [
        "wrong type deep inside",
        { device: [{}, {}, { properties: { path: 5 } }] },
        '.device[2].properties["path"]: expected string, got number 5',
      ],
      [
        "unknown attribute",
        { nmae: "x" },
        '(root): unexpected attribute "nmae"; the object type has only: name, device, limits, profiles, pair, extra',
      ],
      ["not an object", "c1", '(root): expected object, got string "c1"'],
      [
        "number that is not a number",
        { limits: { cpu: "two" } },
        '.limits["cpu"]: expected number, got string "two", which is not a number cty can hold',
      ],
      [
        "NaN",
        { limits: { cpu: NaN } },
        '.limits["cpu"]: expected number, got number NaN, which is not a number cty can hold',
      ],
      ["tuple length", { pair: ["a"] }, ".pair: expected a tuple of 2 element(s), got 1 element(s)"],
      ["set element", { profiles: ["a", false] }, ".profiles[1]: expected string, got boolean false"],
      ["list given an object", { device: { name: "x" } }, ".device: expected list of object, got an object"],
      [
        "dynamic of another type",
        { pair: new CtyDynamic("string", "x") },
        ".pair: expected tuple of 2 element(s), got a dynamic value of type string",
      ],
      [
        "lone surrogate",
        { name: "a\ud800" },
        ".name: string contains a lone UTF-16 surrogate, which is not valid Unicode",
      ],
    ])("%s", (_name, value, message) => {
      const err = errorOf(() => encodeMsgpack(value as CtyValue, instanceType));
      expect(err.message).toBe(message);
    });

    it("exposes the path as steps for diagnostics", () => {
      const err = errorOf(() => normalizeCtyValue({ device: [{}, { properties: { "a b": 1 } }] }, instanceType));
      expect(err.path).toEqual([{ attr: "device" }, { index: 1 }, { attr: "properties" }, { key: "a b" }]);
      expect(err.detail).toBe("expected string, got number 1");
      expect(formatCtyPath([{ attr: "odd name" }, { attr: "ok_name-1" }])).toBe('["odd name"].ok_name-1');
    });
  });
});
