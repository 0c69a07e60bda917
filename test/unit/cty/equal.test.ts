import {
  CtyDecimal,
  CtyDynamic,
  UNKNOWN,
  Unknown,
  ctyEqual,
  isUnknown,
  isWhollyKnown,
} from "../../../lib/provider/cty";
import type { CtyType, CtyValue } from "../../../lib/provider/cty";

describe("ctyEqual", () => {
  it.each<[string, CtyValue, CtyValue, CtyType]>([
    ["numbers of different representations", 1, "1.0", "number"],
    ["bigint and number", 5n, 5, "number"],
    ["decimal texts", new CtyDecimal("0.10"), "0.1", "number"],
    ["sets in any order", ["a", "b", "c"], ["c", "a", "b"], ["set", "string"]],
    ["sets with duplicates", ["a", "a"], ["a"], ["set", "string"]],
    ["nested sets", [["x", "y"], ["z"]], [["z"], ["y", "x"]], ["set", ["set", "string"]]],
    ["maps in any key order", { a: 1, b: 2 }, { b: 2, a: 1 }, ["map", "number"]],
    [
      "objects with absent vs null attributes",
      { a: "x" },
      { a: "x", b: null },
      ["object", { a: "string", b: "string" }],
    ],
    ["strings modulo NFC", "e\u0301", "\u00e9", "string"],
    ["unknowns", UNKNOWN, new Unknown(), "string"],
    [
      "refined unknowns with the same refinements",
      new Unknown({ notNull: true }),
      new Unknown({ notNull: true }),
      "string",
    ],
    ["implied and explicit dynamic", ["a"], new CtyDynamic(["tuple", ["string"]], ["a"]), "dynamic"],
    ["nulls", null, undefined as unknown as CtyValue, ["list", "string"]],
  ])("equal: %s", (_name, a, b, type) => {
    expect(ctyEqual(a, b, type)).toBe(true);
    expect(ctyEqual(b, a, type)).toBe(true);
  });

  it.each<[string, CtyValue, CtyValue, CtyType]>([
    ["different numbers", 1, 2, "number"],
    ["the double 0.1 and the decimal 0.1", 0.1, new CtyDecimal("0.1"), "number"],
    ["lists in a different order", ["a", "b"], ["b", "a"], ["list", "string"]],
    ["sets of different size", ["a"], ["a", "b"], ["set", "string"]],
    ["maps with a different key", { a: 1 }, { b: 1 }, ["map", "number"]],
    ["null and empty list", null, [], ["list", "string"]],
    ["null and empty string", null, "", "string"],
    ["unknown and a value", UNKNOWN, "x", "string"],
    ["unknown and a refined unknown", UNKNOWN, new Unknown({ notNull: true }), "string"],
    ["dynamic values of different types", new CtyDynamic("string", "1"), new CtyDynamic("number", 1), "dynamic"],
    ["typed unknown and bare unknown", new CtyDynamic("string", UNKNOWN), UNKNOWN, "dynamic"],
    ["sets differing only in an unknown", [UNKNOWN, "a"], ["a"], ["set", "string"]],
  ])("different: %s", (_name, a, b, type) => {
    expect(ctyEqual(a, b, type)).toBe(false);
    expect(ctyEqual(b, a, type)).toBe(false);
  });

  it("throws a CtyError when a value does not fit the type", () => {
    expect(() => ctyEqual({ a: "x" }, { a: 1 }, ["object", { a: "number" }])).toThrow(
      /^\.a: expected number, got string "x"/,
    );
  });
});

describe("isUnknown / isWhollyKnown", () => {
  it("isUnknown is true for unknowns, including a dynamic value whose type is known", () => {
    expect(isUnknown(UNKNOWN)).toBe(true);
    expect(isUnknown(new Unknown({ notNull: true }))).toBe(true);
    expect(isUnknown(new CtyDynamic("string", UNKNOWN))).toBe(true);
    expect(isUnknown(new CtyDynamic("string", "x"))).toBe(false);
    expect(isUnknown(null)).toBe(false);
    expect(isUnknown([UNKNOWN])).toBe(false);
  });

  it("isWhollyKnown looks everywhere inside", () => {
    expect(isWhollyKnown({ a: [1, { b: "x" }], c: null })).toBe(true);
    expect(isWhollyKnown({ a: [1, { b: UNKNOWN }] })).toBe(false);
    expect(isWhollyKnown(new CtyDynamic(["list", "string"], ["a", UNKNOWN]))).toBe(false);
    expect(isWhollyKnown(new Set(["a", UNKNOWN]))).toBe(false);
    expect(isWhollyKnown(new Map([["k", UNKNOWN]]))).toBe(false);
    expect(isWhollyKnown(UNKNOWN)).toBe(false);
    expect(isWhollyKnown("x")).toBe(true);
  });

  it("unknowns print as Terraform shows them", () => {
    expect(String(UNKNOWN)).toBe("(known after apply)");
    expect(String(new Unknown({ stringPrefix: "ab" }))).toBe('(known after apply: {"stringPrefix":"ab"})');
  });
});
