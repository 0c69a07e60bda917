// The L1 bindings emit exactly the attribute names of the bundled providers' schemas: every attribute and nested
// block a binding can write is compared with `terraform providers schema -json`.
import { PROVIDER_SPECS, RESOURCE_SPECS } from "../../../lib/bindings";
import type { AttributeKind, AttributeSpec } from "../../../lib/bindings";
import { providerSource } from "../../../lib/packaging";
import { TerraformWorkspace } from "../../support/terraform";

/** The parts of Terraform's schema JSON this test reads. */
interface SchemaBlock {
  attributes?: { [name: string]: SchemaAttribute };
  block_types?: { [name: string]: { nesting_mode: string; block: SchemaBlock } };
}
interface SchemaAttribute {
  type?: unknown;
  nested_type?: { nesting_mode: string; attributes: { [name: string]: SchemaAttribute } };
  optional?: boolean;
  required?: boolean;
  computed?: boolean;
}

/** Problems found comparing a binding's spec with the provider's block, as readable strings. */
function compare(spec: AttributeSpec, block: SchemaBlock, path: string): string[] {
  const problems: string[] = [];
  for (const [name, kind] of Object.entries(spec)) {
    const where = `${path}${name}`;
    const attribute = block.attributes?.[name];
    const nestedBlock = block.block_types?.[name];
    if (!attribute && !nestedBlock) {
      problems.push(`${where}: not in the provider schema`);
      continue;
    }
    if (attribute && attribute.computed && !attribute.optional && !attribute.required) {
      problems.push(`${where}: the provider computes it; a configuration may not set it`);
    }
    if (kind === "value" || kind === "map") {
      if (nestedBlock) problems.push(`${where}: the binding writes a value but the provider has a nested block`);
      continue;
    }
    const nestedSpec = nestedOf(kind);
    const inner = nestedBlock?.block ?? innerOfAttribute(attribute!);
    if (!inner) {
      problems.push(`${where}: the binding writes a nested object but the provider's attribute is ${JSON.stringify(attribute!.type)}`);
      continue;
    }
    problems.push(...compare(nestedSpec, inner, `${where}.`));
  }
  return problems;
}

function nestedOf(kind: Exclude<AttributeKind, "value" | "map">): AttributeSpec {
  return "object" in kind ? kind.object : "list" in kind ? kind.list : kind.mapOf;
}

/** A nested attribute (or an attribute of object / collection-of-object type) as a block of attributes. */
function innerOfAttribute(attribute: SchemaAttribute): SchemaBlock | undefined {
  if (attribute.nested_type) return { attributes: attribute.nested_type.attributes };
  let type = attribute.type;
  while (Array.isArray(type) && ["list", "set", "map"].includes(type[0] as string)) type = type[1];
  if (Array.isArray(type) && type[0] === "object") {
    const attrs = type[1] as { [name: string]: unknown };
    return { attributes: Object.fromEntries(Object.entries(attrs).map(([k, t]) => [k, { type: t, optional: true }])) };
  }
  return undefined;
}

async function providerSchemas(type: string): Promise<any> {
  const ws = TerraformWorkspace.create({ providers: [type], prefix: `t-constructs-schema-${type}` });
  try {
    ws.write("main.tf", `terraform {\n  required_providers {\n    ${type} = { source = "${providerSource(type)}" }\n  }\n}\n`);
    await ws.init();
    const r = await ws.ok(["providers", "schema", "-json"]);
    const all = JSON.parse(r.stdout).provider_schemas as { [source: string]: any };
    const schema = all[`registry.cdktf-virt.local/cdktf-virt/${type}`];
    if (!schema) throw new Error(`no schema for ${type} in ${Object.keys(all).join(", ")}`);
    return schema;
  } finally {
    ws.cleanup();
  }
}

describe("L1 bindings match the bundled providers' schemas", () => {
  for (const type of ["incus", "libvirt"]) {
    test(`${type}: every resource and provider attribute the bindings emit exists with a compatible shape`, async () => {
      const schema = await providerSchemas(type);
      const problems: string[] = [];
      problems.push(...compare(PROVIDER_SPECS[type], schema.provider.block, `provider ${type}: `));
      for (const [resourceType, spec] of Object.entries(RESOURCE_SPECS).filter(([t]) => t.startsWith(`${type}_`))) {
        const resource = schema.resource_schemas?.[resourceType];
        if (!resource) {
          problems.push(`${resourceType}: the provider has no such resource`);
          continue;
        }
        problems.push(...compare(spec, resource.block, `${resourceType}.`));
      }
      expect(problems).toEqual([]);
    });
  }
});
