// Configuration validation (required, read-only, conflicts, block counts, validators) with attribute paths,
// the ready-made validators, and the Diagnostics / path helpers.
import { UNKNOWN } from "../../../lib/provider/cty";
import {
  Diagnostics,
  between,
  custom,
  formatAttrPath,
  lengthBetween,
  listBlock,
  mapOf,
  nested,
  num,
  oneOf,
  regex,
  singleBlock,
  sizeBetween,
  sortUniquePaths,
  str,
} from "../../../lib/provider/framework";
import type { Schema } from "../../../lib/provider/framework";
import { checkSchema } from "../../../lib/provider/framework/schema-type";
import { validateConfigValue } from "../../../lib/provider/framework/validate";

const schema: Schema = {
  attributes: {
    name: str({ required: true, validators: [regex(/^[a-z][a-z0-9-]*$/, "lower-case letters, digits and dashes")] }),
    kind: str({ optional: true, validators: [oneOf(["container", "virtual-machine"])] }),
    image: str({ optional: true, conflictsWith: ["source_file"] }),
    source_file: str({ optional: true }),
    id: str({ computed: true }),
    labels: mapOf("string", { optional: true, validators: [sizeBetween(0, 2)] }),
    ports: nested("list", { number: num({ required: true, validators: [between(1, 65535)] }) }, { optional: true }),
    env: nested("map", { value: str({ optional: true, validators: [lengthBetween(1, 3)] }) }, { optional: true }),
  },
  blocks: {
    device: listBlock({ type: str({ required: true, validators: [oneOf(["disk", "nic"])] }) }, { maxItems: 2 }),
    limits: singleBlock({ cpu: num({ optional: true }) }, { minItems: 1 }),
  },
};

function validate(config: Record<string, unknown>): Diagnostics {
  const diags = new Diagnostics();
  const full = {
    name: "web",
    kind: null,
    image: null,
    source_file: null,
    id: null,
    labels: null,
    ports: null,
    env: null,
    device: [],
    limits: { cpu: 1 },
    ...config,
  };
  validateConfigValue(schema, full, diags);
  return diags;
}

const summary = (d: Diagnostics) => d.all.map((x) => ({ summary: x.summary, path: x.path }));

describe("validateConfigValue", () => {
  test("a valid configuration has no diagnostics", () => {
    expect(validate({ kind: "container", ports: [{ number: 80 }], device: [{ type: "disk" }] }).all).toEqual([]);
  });

  test("missing required values and configured read-only values are errors on their attribute", () => {
    expect(summary(validate({ name: null, id: "x" }))).toEqual([
      { summary: "Missing required argument", path: ["name"] },
      { summary: "Invalid configuration argument", path: ["id"] },
    ]);
  });

  test("validators report with the attribute's path, including list indexes and map keys", () => {
    const d = validate({
      name: "Web!",
      kind: "vm",
      labels: { a: "1", b: "2", c: "3" },
      ports: [{ number: 80 }, { number: 70000 }],
      env: { GOOD: { value: "ok" }, BAD: { value: "toolong" } },
      device: [{ type: "disk" }, { type: "usb" }],
    });
    expect(summary(d)).toEqual([
      { summary: "Invalid value", path: ["name"] },
      { summary: "Invalid value", path: ["kind"] },
      { summary: "Invalid number of elements", path: ["labels"] },
      { summary: "Value out of range", path: ["ports", 1, "number"] },
      { summary: "Invalid value length", path: ["env", { key: "BAD" }, "value"] },
      { summary: "Invalid value", path: ["device", 1, "type"] },
    ]);
    expect(d.all[0].detail).toBe('"Web!" is not valid: lower-case letters, digits and dashes.');
    expect(d.all[1].detail).toMatch(/expected one of: "container", "virtual-machine"/);
  });

  test("conflicting attributes are reported on the attribute that declares the conflict", () => {
    expect(summary(validate({ image: "debian", source_file: "/x.tar" }))).toEqual([
      { summary: "Conflicting configuration arguments", path: ["image"] },
    ]);
  });

  test("block counts: too many list blocks, a missing required single block", () => {
    expect(summary(validate({ device: [{ type: "disk" }, { type: "disk" }, { type: "nic" }], limits: null }))).toEqual([
      { summary: "Too many blocks", path: ["device"] },
      { summary: "Missing required block", path: ["limits"] },
    ]);
  });

  test("unknown values are not validated (they are checked once known)", () => {
    expect(validate({ name: UNKNOWN, kind: UNKNOWN, ports: [{ number: UNKNOWN }], device: UNKNOWN }).all).toEqual([]);
  });

  test("a throwing validator becomes an error diagnostic, not an exception", () => {
    const s: Schema = {
      attributes: {
        v: str({
          optional: true,
          validators: [
            custom(() => {
              throw new Error("boom");
            }, "explodes"),
          ],
        }),
      },
    };
    const d = new Diagnostics();
    validateConfigValue(s, { v: "x" }, d);
    expect(d.all).toEqual([
      { severity: "error", summary: "Validation failed", detail: 'The check "explodes" failed: boom', path: ["v"] },
    ]);
  });

  test("custom validators return the problem text", () => {
    const s: Schema = {
      attributes: {
        v: str({ optional: true, validators: [custom((v) => (v === "bad" ? "no bad values" : undefined), "not bad")] }),
      },
    };
    const d = new Diagnostics();
    validateConfigValue(s, { v: "bad" }, d);
    expect(d.all[0]).toMatchObject({ summary: "Invalid value", detail: "no bad values", path: ["v"] });
  });
});

describe("diagnostics and paths", () => {
  test("errors and warnings are collected; hasErrors only counts errors", () => {
    const d = new Diagnostics();
    d.warning("careful");
    expect(d.hasErrors()).toBe(false);
    d.error("broken", "detail", ["a", 0, { key: "k" }]);
    expect(d.hasErrors()).toBe(true);
    expect(d.all).toEqual([
      { severity: "warning", summary: "careful" },
      { severity: "error", summary: "broken", detail: "detail", path: ["a", 0, { key: "k" }] },
    ]);
  });

  test("formatAttrPath prints paths the way Terraform does", () => {
    expect(formatAttrPath(["device", 2, "properties", { key: "path" }])).toBe('.device[2].properties["path"]');
    expect(formatAttrPath([])).toBe("(resource)");
  });

  test("sortUniquePaths sorts step by step and removes duplicates", () => {
    expect(sortUniquePaths([["b"], ["a", 10], ["a", 2], ["b"], ["a", { key: "z" }], ["a"], ["a", 2]])).toEqual([
      ["a"],
      ["a", 2],
      ["a", 10],
      ["a", { key: "z" }],
      ["b"],
    ]);
  });
});

describe("checkSchema", () => {
  test.each([
    [{ attributes: { x: { type: "string" } } }, /set one of required, optional or computed/],
    [{ attributes: { x: { type: "string", required: true, computed: true } } }, /required attribute cannot also be/],
    [{ attributes: { X: str({ optional: true }) } }, /lower-case letters/],
    [{ attributes: { x: str({ optional: true }) }, blocks: { x: listBlock({}) } }, /both an attribute and a block/],
    [{ attributes: { x: { optional: true } } }, /exactly one of `type`/],
    [{ attributes: {}, blocks: { b: listBlock({}, { minItems: 3, maxItems: 1 }) } }, /minItems is larger/],
  ])("rejects %j", (bad, message) => {
    expect(() => checkSchema(bad as unknown as Schema, "testfs_file")).toThrow(message);
  });

  test("names the place of the mistake", () => {
    expect(() =>
      checkSchema({ attributes: {}, blocks: { b: listBlock({ y: { type: "string" } }) } } as Schema, "testfs_file"),
    ).toThrow("Invalid schema at testfs_file.b.y: set one of required, optional or computed");
  });
});
