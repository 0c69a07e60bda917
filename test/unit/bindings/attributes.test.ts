import { Lazy, TerraformStack, TerraformVariable, Testing } from "cdktf";
import { snakeCase, specPaths, toTerraformAttributes } from "../../../lib/bindings/attributes";
import type { AttributeSpec } from "../../../lib/bindings";

const SPEC: AttributeSpec = {
  name: "value",
  content_type: "value",
  config: "map",
  device: { list: { name: "value", properties: "map" } },
  source_volume: { object: { pool: "value", name: "value" } },
  exec: { mapOf: { command: "value", working_dir: "value", environment: "map" } },
};

describe("snakeCase", () => {
  it.each([
    ["contentType", "content_type"],
    ["ipv4Address", "ipv4_address"],
    ["createDirectories", "create_directories"],
    ["name", "name"],
    ["sourceVolume", "source_volume"],
  ])("%s → %s", (input, expected) => expect(snakeCase(input)).toBe(expected));
});

describe("toTerraformAttributes", () => {
  it("renames attributes, keeps map keys verbatim and converts nested shapes", () => {
    const out = toTerraformAttributes("incus_x", SPEC, {
      name: "a",
      contentType: "block",
      config: { "user.someKey": "v", "limits.cpu": "2" },
      device: [{ name: "root", properties: { path: "/", someProp: "x" } }],
      sourceVolume: { pool: "p", name: "n" },
      exec: { "10-setupStep": { command: ["sh"], workingDir: "/", environment: { FOO_bar: "1" } } },
    });
    expect(out).toEqual({
      name: "a",
      content_type: "block",
      config: { "user.someKey": "v", "limits.cpu": "2" },
      device: [{ name: "root", properties: { path: "/", someProp: "x" } }],
      source_volume: { pool: "p", name: "n" },
      exec: { "10-setupStep": { command: ["sh"], working_dir: "/", environment: { FOO_bar: "1" } } },
    });
  });

  it("leaves out undefined values and keeps explicit nulls", () => {
    expect(toTerraformAttributes("incus_x", SPEC, { name: "a", contentType: undefined, config: null })).toEqual({
      name: "a",
      config: null,
    });
  });

  it("rejects an attribute the spec does not declare, naming the resource type and the path", () => {
    expect(() => toTerraformAttributes("incus_x", SPEC, { sourceVolume: { pool: "p", remote: "r" } })).toThrow(
      /incus_x: attribute "source_volume.remote" is not part of this binding's schema/,
    );
    expect(() => toTerraformAttributes("incus_x", SPEC, { bogus: 1 })).toThrow(/known: name, content_type/);
  });

  it("passes tokens through untouched", () => {
    const stack = new TerraformStack(Testing.app(), "s");
    const variable = new TerraformVariable(stack, "v", { type: "string" });
    const lazy = Lazy.anyValue({ produce: () => [{ name: "x" }] });
    const name = variable.stringValue;
    const out = toTerraformAttributes("incus_x", SPEC, { name, device: lazy });
    expect(out.name).toBe(name);
    expect(out.device).toBe(lazy);
  });
});

describe("specPaths", () => {
  it("lists every attribute path, nested ones dotted, sorted", () => {
    expect(specPaths(SPEC)).toEqual([
      "config",
      "content_type",
      "device",
      "device.name",
      "device.properties",
      "exec",
      "exec.command",
      "exec.environment",
      "exec.working_dir",
      "name",
      "source_volume",
      "source_volume.name",
      "source_volume.pool",
    ]);
  });
});
