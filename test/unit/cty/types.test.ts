import { CtyError, ctyTypeEquals, ctyTypeToJson, describeCtyType, parseCtyType } from "../../../lib/provider/cty";
import type { CtyType } from "../../../lib/provider/cty";

const utf8 = (s: string) => new TextEncoder().encode(s);

describe("parseCtyType", () => {
  it.each<[string, CtyType]>([
    ['"string"', "string"],
    ['"number"', "number"],
    ['"bool"', "bool"],
    ['"dynamic"', "dynamic"],
    ['["list","string"]', ["list", "string"]],
    ['["set",["map","number"]]', ["set", ["map", "number"]]],
    ['["tuple",["string",["list","bool"]]]', ["tuple", ["string", ["list", "bool"]]]],
    ['["tuple",[]]', ["tuple", []]],
    ['["object",{}]', ["object", {}]],
    [
      '["object",{"a":"string","b":["list","dynamic"]},["b"]]',
      ["object", { a: "string", b: ["list", "dynamic"] }, ["b"]],
    ],
  ])("parses %s", (json, expected) => {
    expect(parseCtyType(json)).toEqual(expected);
    expect(parseCtyType(utf8(json))).toEqual(expected);
  });

  it("keeps an attribute called __proto__ as an ordinary attribute", () => {
    const t = parseCtyType('["object",{"__proto__":"string"}]') as ["object", Record<string, CtyType>];
    expect(Object.keys(t[1])).toEqual(["__proto__"]);
    expect(ctyTypeToJson(t)).toBe('["object",{"__proto__":"string"}]');
  });

  it.each([
    ["not JSON", "{", /not valid JSON/],
    ["unknown primitive", '"int"', /unknown primitive type "int"/],
    ["unknown kind", '["vector","string"]', /unknown type kind "vector"/],
    ["list without element", '["list"]', /invalid cty type/],
    ["list with two elements", '["list","string","number"]', /exactly one element type/],
    ["bad nested type", '["map",["list","float"]]', /at \[1\]\[1\]: unknown primitive type "float"/],
    ["bad attribute type", '["object",{"disk":["set",3]}]', /at \[1\]\["disk"\]\[1\]/],
    ["object attrs as array", '["object",["a"]]', /object type must be/],
    ["optional not an attribute", '["object",{"a":"string"},["b"]]', /optional attribute "b" is not an attribute/],
    ["tuple elements not a list", '["tuple","string"]', /tuple type must be/],
    ["number", "5", /got 5/],
  ])("rejects %s with a clear message", (_name, json, message) => {
    expect(() => parseCtyType(json)).toThrow(CtyError);
    expect(() => parseCtyType(json)).toThrow(message);
  });
});

describe("ctyTypeToJson", () => {
  it("writes compact JSON with sorted attribute names and optional attributes", () => {
    const t: CtyType = ["object", { zeta: "string", alpha: ["map", "number"], mid: "dynamic" }, ["zeta", "alpha"]];
    expect(ctyTypeToJson(t)).toBe(
      '["object",{"alpha":["map","number"],"mid":"dynamic","zeta":"string"},["alpha","zeta"]]',
    );
  });

  it("omits an empty optional-attribute list", () => {
    expect(ctyTypeToJson(["object", { a: "bool" }, []])).toBe('["object",{"a":"bool"}]');
  });

  it.each<CtyType>([
    "string",
    ["list", ["set", "number"]],
    ["tuple", ["bool", ["object", { x: "dynamic" }]]],
    ["object", { "with space": "string", ünï: ["map", "bool"] }, ["ünï"]],
  ])("round-trips %j through parseCtyType", (t) => {
    expect(ctyTypeEquals(parseCtyType(ctyTypeToJson(t)), t)).toBe(true);
  });
});

describe("ctyTypeEquals", () => {
  it("ignores attribute and optional-attribute order", () => {
    expect(
      ctyTypeEquals(
        ["object", { a: "string", b: "bool" }, ["a", "b"]],
        ["object", { b: "bool", a: "string" }, ["b", "a"]],
      ),
    ).toBe(true);
  });

  it.each<[CtyType, CtyType]>([
    ["string", "number"],
    [
      ["list", "string"],
      ["set", "string"],
    ],
    [
      ["map", "string"],
      ["map", "number"],
    ],
    [
      ["tuple", ["string"]],
      ["tuple", ["string", "string"]],
    ],
    [
      ["object", { a: "string" }],
      ["object", { a: "string", b: "string" }],
    ],
    [
      ["object", { a: "string" }],
      ["object", { b: "string" }],
    ],
    [
      ["object", { a: "string" }, ["a"]],
      ["object", { a: "string" }],
    ],
    ["dynamic", ["list", "dynamic"]],
  ])("tells %j and %j apart", (a, b) => {
    expect(ctyTypeEquals(a, b)).toBe(false);
    expect(ctyTypeEquals(b, a)).toBe(false);
  });
});

describe("describeCtyType", () => {
  it("gives short human names", () => {
    expect(describeCtyType(["list", ["map", "string"]])).toBe("list of map of string");
    expect(describeCtyType(["tuple", ["string", "bool"]])).toBe("tuple of 2 element(s)");
    expect(describeCtyType(["object", {}])).toBe("object");
  });
});
