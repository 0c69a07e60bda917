// How the binding generator reads a schema literal: which attributes the config has, their TypeScript types, the
// spec shapes the converter follows, and the reference getters.
import {
  bool,
  listBlock,
  mapOf,
  nested,
  num,
  setBlock,
  singleBlock,
  str,
  listOf,
} from "../../../lib/provider/framework";
import type { Schema } from "../../../lib/provider/framework";
import { dataSourceBinding, providerBinding, resourceBinding } from "../../../scripts/bindings/model";
import { renderDataSource, renderResource } from "../../../scripts/bindings/render";

const schema: Schema = {
  description: "A test object.",
  attributes: {
    name: str({ required: true, description: "Its name." }),
    size: num({ optional: true }),
    enabled: bool({ optional: true, default: true }),
    config: mapOf("string", { optional: true, computed: true }),
    tags: listOf("string", { optional: true }),
    source: nested("single", { pool: str({ required: true }), used: bool({ computed: true }) }, { optional: true }),
    exec: nested("map", { command: listOf("string", { required: true }) }, { optional: true }),
    ips: nested("list", { address: str({ required: true }) }, { optional: true }),
    id: str({ computed: true }),
    created_at: num({ computed: true, description: "When it was made." }),
  },
  blocks: {
    device: setBlock({ properties: mapOf("string", { required: true }) }),
    disks: listBlock({ path: str({ required: true }) }),
    limits: singleBlock({ cpu: num({ optional: true }) }),
  },
};

describe("resourceBinding", () => {
  const binding = resourceBinding("test", "test_thing", schema);
  const config = binding.interfaces[0];

  it("configures every attribute the user may set, in camelCase, and none the provider sets alone", () => {
    expect(config.name).toBe("TestThingConfig");
    expect(config.extends).toEqual(["TerraformMetaArguments"]);
    expect(config.fields.map((f) => `${f.name}${f.optional ? "?" : ""}: ${f.type}`)).toEqual([
      "name: string",
      "size?: number",
      "enabled?: boolean",
      "config?: { readonly [key: string]: string }",
      "tags?: string[]",
      "source?: TestThingSourceConfig",
      "exec?: { readonly [key: string]: TestThingExecConfig }",
      "ips?: TestThingIpConfig[]",
      "device?: TestThingDeviceConfig[]",
      "disks?: TestThingDiskConfig[]",
      "limits?: TestThingLimitsConfig",
    ]);
    const source = binding.interfaces.find((i) => i.name === "TestThingSourceConfig");
    expect(source?.fields.map((f) => f.name)).toEqual(["pool"]);
  });

  it("documents fields with the schema's descriptions and scalar defaults", () => {
    expect(config.fields.find((f) => f.name === "name")?.doc).toEqual(["Its name."]);
    expect(config.fields.find((f) => f.name === "enabled")?.doc).toEqual(["@default true"]);
  });

  it("gives the converter the schema's shapes: maps verbatim, nested objects and collections converted", () => {
    expect(binding.specName).toBe("TEST_THING_SPEC");
    expect(binding.spec).toEqual({
      name: "value",
      size: "value",
      enabled: "value",
      config: "map",
      tags: "value",
      source: { object: { pool: "value" } },
      exec: { mapOf: { command: "value" } },
      ips: { list: { address: "value" } },
      device: { list: { properties: "map" } },
      disks: { list: { path: "value" } },
      limits: { object: { cpu: "value" } },
    });
  });

  it("has a reference getter for each scalar attribute: <name>Ref when configured, <name> when computed, <resource>Id for id", () => {
    expect(binding.getters.map((g) => `${g.name}: ${g.type} ← ${g.terraformName}`)).toEqual([
      "nameRef: string ← name",
      "sizeRef: number ← size",
      "enabledRef: boolean ← enabled",
      "thingId: string ← id",
      "createdAt: number ← created_at",
    ]);
  });

  it("refuses an attribute whose name cdktf reserves for a meta-argument", () => {
    const clash: Schema = { attributes: { count: num({ optional: true }) } };
    expect(() => resourceBinding("test", "test_thing", clash)).toThrow(
      /test_thing\.count: "count" is a Terraform meta-argument/,
    );
  });

  it("renders a class named after the resource type, extending SpecResource", () => {
    const text = renderResource(binding, schema.description, "// header");
    expect(text).toContain("export class TestThingResource extends SpecResource<TestThingConfig> {");
    expect(text).toContain('public static readonly tfResourceType = "test_thing";');
    expect(text).toContain("public get thingId(): string {");
    expect(text).toContain("public get enabledRef(): IResolvable {");
    expect(text).not.toMatch(/lib\/provider/);
  });
});

describe("providerBinding", () => {
  it("adds the alias every provider block may have, and refuses an attribute of that name", () => {
    const binding = providerBinding("test", { attributes: { uri: str({ optional: true }) } });
    expect(binding.configName).toBe("TestProviderConfig");
    expect(binding.specName).toBe("TEST_PROVIDER_SPEC");
    expect(binding.interfaces[0].fields.map((f) => f.name)).toEqual(["uri", "alias"]);
    expect(binding.spec).toEqual({ uri: "value" });
    expect(() => providerBinding("test", { attributes: { alias: str({ optional: true }) } })).toThrow(/meta-argument/);
  });
});

describe("dataSourceBinding", () => {
  const dataSchema: Schema = {
    description: "Reads a test object.",
    attributes: {
      name: str({ required: true }),
      project: str({ optional: true }),
      status: str({ optional: true, computed: true }),
      config: mapOf("string", { computed: true }),
      profiles: listOf("string", { optional: true, computed: true }),
      ready: bool({ computed: true }),
      count: num({ computed: true }),
      rules: listOf(["object", { action: "string" }], { computed: true }),
    },
    blocks: { device: setBlock({ name: str({ computed: true }) }) },
  };
  const binding = dataSourceBinding("test", "test_thing", dataSchema);

  it("is named as cdktf names data sources: DataTestThing, DATA_TEST_THING_SPEC", () => {
    expect(binding.configName).toBe("DataTestThingConfig");
    expect(binding.specName).toBe("DATA_TEST_THING_SPEC");
    const text = renderDataSource(binding, dataSchema.description, "// header");
    expect(text).toContain("export class DataTestThing extends SpecDataSource<DataTestThingConfig> {");
    expect(text).toContain('public static readonly tfResourceType = "test_thing";');
  });

  it("configures the arguments only: neither read-only attributes nor blocks only the provider fills", () => {
    expect(binding.interfaces.map((i) => i.name)).toEqual(["DataTestThingConfig"]);
    expect(binding.interfaces[0].fields.map((f) => f.name)).toEqual(["name", "project", "status", "profiles"]);
    expect(binding.spec).toEqual({ name: "value", project: "value", status: "value", profiles: "value" });
  });

  it("has a getter for everything it reads, typed by shape, renamed where cdktf has the member", () => {
    expect(binding.getters.map((g) => [g.name, g.terraformName, g.type])).toEqual([
      ["name", "name", "string"],
      ["project", "project", "string"],
      ["status", "status", "string"],
      ["config", "config", "stringMap"],
      ["profiles", "profiles", "stringList"],
      ["ready", "ready", "boolean"],
      ["countAttribute", "count", "number"],
      ["rules", "rules", "structured"],
      ["device", "device", "structured"],
    ]);
  });
});
