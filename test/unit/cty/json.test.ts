import { parseJsonLossless, JsonNumber } from "../../../lib/provider/cty/json-parse";
import { CtyDecimal, CtyDynamic, UNKNOWN, decodeJson, encodeJson } from "../../../lib/provider/cty";
import type { CtyType, CtyValue } from "../../../lib/provider/cty";

const text = (b: Uint8Array) => new TextDecoder().decode(b);
const utf8 = (s: string) => new TextEncoder().encode(s);

const stateType: CtyType = [
  "object",
  {
    id: "string",
    name: "string",
    config: ["map", "string"],
    device: ["set", ["object", { name: "string", type: "string", properties: ["map", "string"] }]],
    limits_cpu: "number",
    ephemeral: "bool",
    extra: "dynamic",
  },
];

describe("decodeJson", () => {
  it("reads resource state as Terraform sends it in UpgradeResourceState raw_state", () => {
    const raw = utf8(`{
      "id": "c1", "name": "c1", "config": {"user.cdktf-virt.owner": "stack/c1"},
      "device": [{"name": "root", "type": "disk", "properties": {"path": "/", "pool": "p"}}],
      "limits_cpu": 2, "ephemeral": false,
      "extra": {"value": {"a": [1, "x"]}, "type": ["object", {"a": ["tuple", ["number", "string"]]}]}
    }`);
    expect(decodeJson(raw, stateType)).toEqual({
      id: "c1",
      name: "c1",
      config: { "user.cdktf-virt.owner": "stack/c1" },
      device: [{ name: "root", type: "disk", properties: { path: "/", pool: "p" } }],
      limits_cpu: 2,
      ephemeral: false,
      extra: new CtyDynamic(["object", { a: ["tuple", ["number", "string"]] }], { a: [1, "x"] }),
    });
  });

  it("unwraps a dynamic value whose type is itself dynamic", () => {
    expect(decodeJson('{"value": {"value": "x", "type": "string"}, "type": "dynamic"}', "dynamic")).toEqual(
      new CtyDynamic("string", "x"),
    );
  });

  it("reads absent attributes as null", () => {
    expect(decodeJson('{"id": "x"}', ["object", { id: "string", size: "number" }])).toEqual({ id: "x", size: null });
  });

  it("refuses attributes the type lacks unless told to drop them (state from an older schema)", () => {
    const type: CtyType = ["object", { id: "string" }];
    expect(() => decodeJson('{"id": "x", "old": 1}', type)).toThrow(
      /\(root\): unsupported attribute "old"; the type has id/,
    );
    expect(decodeJson('{"id": "x", "old": {"deep": 1}}', type, { ignoreUndefinedAttributes: true })).toEqual({
      id: "x",
    });
  });

  it("keeps numbers exact", () => {
    const nums = decodeJson("[9007199254740993, 0.1, 1e400, -0.5, 12345678901234567890.5, 2.50]", ["list", "number"]);
    expect(nums).toEqual([
      9007199254740993n,
      new CtyDecimal("0.1"),
      10n ** 400n,
      -0.5,
      new CtyDecimal("12345678901234567890.5"),
      2.5,
    ]);
  });

  it("converts among strings, numbers and bools as cty's JSON decoder does", () => {
    const t: CtyType = ["object", { s1: "string", s2: "string", n: "number", b: "bool" }];
    expect(decodeJson('{"s1": 1.50, "s2": true, "n": "42", "b": "false"}', t)).toEqual({
      s1: "1.50",
      s2: "true",
      n: 42,
      b: false,
    });
  });

  it("reads an empty document as null and JSON null as null", () => {
    expect(decodeJson("", stateType)).toBeNull();
    expect(decodeJson(new Uint8Array(), "dynamic")).toBeNull();
    expect(decodeJson(" null ", stateType)).toBeNull();
  });

  it("keeps __proto__ keys as data", () => {
    const v = decodeJson('{"__proto__": "x"}', ["map", "string"]) as Record<string, string>;
    expect(Object.keys(v)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
  });

  it.each<[string, string, CtyType, RegExp]>([
    ["syntax error", '{"a": }', ["map", "string"], /invalid JSON at offset 6/],
    ["trailing text", "1 2", "number", /unexpected text after the JSON value/],
    [
      "wrong shape deep inside",
      '{"device": [{"properties": {"path": []}}]}',
      stateType,
      /^\.device\[0\]\.properties\["path"\]: expected string, got an array/,
    ],
    ["bad bool", '"yes"', "bool", /expected bool, got string "yes"/],
    ["bad number", '"ten"', "number", /expected number, got string "ten"/],
    ["dynamic without type", '{"value": 1}', "dynamic", /"type" or "value" is missing/],
    ["dynamic with extra key", '{"value": 1, "type": "number", "x": 2}', "dynamic", /unexpected key "x"/],
    [
      "dynamic with a bad type",
      '{"value": 1, "type": "integer"}',
      "dynamic",
      /invalid type: invalid cty type: unknown primitive type "integer"/,
    ],
    ["tuple length", "[1]", ["tuple", ["number", "number"]], /expected a tuple of 2 element\(s\), got 1/],
  ])("rejects %s", (_name, json, type, message) => {
    expect(() => decodeJson(json, type)).toThrow(message);
  });

  it("refuses invalid UTF-8", () => {
    expect(() => decodeJson(Uint8Array.of(0x22, 0xff, 0x22), "string")).toThrow(/not valid UTF-8/);
  });
});

describe("encodeJson", () => {
  it("writes every attribute, sorted, and dynamic values as {value, type}", () => {
    const value = { name: "c1", id: "x", extra: ["a", 1], device: [{ name: "b" }, { name: "a", type: "disk" }] };
    expect(text(encodeJson(value, stateType))).toBe(
      '{"config":null,"device":[{"name":"a","properties":null,"type":"disk"},{"name":"b","properties":null,"type":null}],' +
        '"ephemeral":null,"extra":{"value":["a",1],"type":["tuple",["string","number"]]},"id":"x","limits_cpu":null,"name":"c1"}',
    );
  });

  it("writes numbers exactly, without exponents", () => {
    const out = text(encodeJson([1e21, 2n ** 64n, new CtyDecimal("0.1"), 0.5, -0, 0.1], ["list", "number"]));
    expect(out).toBe(
      "[1000000000000000000000,18446744073709551616,0.1,0.5,0,0.1000000000000000055511151231257827021181583404541015625]",
    );
    // the exact text of a double reads back as the same double
    expect((decodeJson(out, ["list", "number"]) as CtyValue[])[5]).toBe(0.1);
  });

  it("refuses unknown values and infinities, naming the path", () => {
    expect(() => encodeJson({ name: UNKNOWN }, stateType)).toThrow(
      /^\.name: value is unknown \(known after apply\) and JSON cannot carry/,
    );
    expect(() => encodeJson({ extra: new CtyDynamic("string", UNKNOWN) }, stateType)).toThrow(
      /^\.extra: value is unknown/,
    );
    expect(() => encodeJson({ limits_cpu: Infinity }, stateType)).toThrow(
      /^\.limits_cpu: \+Inf cannot be written as JSON/,
    );
  });

  it("writes sets in a stable order", () => {
    expect(text(encodeJson(["b", "c", "a"], ["set", "string"]))).toBe('["a","b","c"]');
  });
});

describe("parseJsonLossless", () => {
  it("keeps numbers as text and objects as Maps", () => {
    const v = parseJsonLossless('{"a": [1.0e5, -0, "\\u00e9\\n"], "b": {}}') as Map<string, unknown>;
    expect(v.get("a")).toEqual([new JsonNumber("1.0e5"), new JsonNumber("-0"), "\u00e9\n"]);
    expect(v.get("b")).toEqual(new Map());
  });

  it.each(['{"a" 1}', "[1,]", "01", '"\\x"', '"unterminated', "tru", "[1 2]", "{,}"])("rejects %s", (json) => {
    expect(() => parseJsonLossless(json)).toThrow(SyntaxError);
  });

  it("limits nesting depth instead of overflowing the stack", () => {
    expect(() => parseJsonLossless("[".repeat(5000) + "]".repeat(5000))).toThrow(/nesting deeper than 1000/);
  });
});
