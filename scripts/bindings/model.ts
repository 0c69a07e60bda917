// What one L1 binding is made of, read off a provider schema literal: the config interfaces (one per object the
// configuration can hold), the AttributeSpec the converter follows, and the attribute getters. Rendering the
// TypeScript text is render.ts's job; this file decides names, types and shapes.
import type { Attribute, Block, CtyType, Schema } from "../../lib/provider/framework";
import { isReadOnly } from "../../lib/provider/framework/schema-type";

/** One property of a config interface. */
export interface FieldModel {
  readonly name: string;
  readonly type: string;
  readonly optional: boolean;
  readonly doc: readonly string[];
}

/** A config interface: the resource's own config, or one nested object (block element, nested attribute). */
export interface InterfaceModel {
  readonly name: string;
  readonly doc: readonly string[];
  /** Base interfaces, e.g. TerraformMetaArguments for a resource's config. */
  readonly extends: readonly string[];
  readonly fields: readonly FieldModel[];
}

/** A reference to an attribute as a token, e.g. `get nameRef(): string`. */
export interface GetterModel {
  readonly name: string;
  readonly terraformName: string;
  /** "structured": a list of objects, a block or another shape read as one token (data sources only). */
  readonly type: "string" | "number" | "boolean" | "stringMap" | "stringList" | "structured";
  readonly doc: readonly string[];
}

/** An AttributeSpec as data: "value" | "map" | { object | list | mapOf: SpecModel }. */
export type KindModel =
  "value" | "map" | { readonly object: SpecModel } | { readonly list: SpecModel } | { readonly mapOf: SpecModel };
export type SpecModel = { readonly [terraformName: string]: KindModel };

export interface BindingModel {
  /** "incus_storage_volume", or the provider's name ("incus") for a provider configuration. */
  readonly terraformName: string;
  readonly providerName: string;
  /** The config interface, first; then the nested ones in schema order. */
  readonly interfaces: readonly InterfaceModel[];
  readonly configName: string;
  readonly specName: string;
  readonly spec: SpecModel;
  readonly getters: readonly GetterModel[];
}

/** Config names cdktf already gives a meaning: a top-level attribute of that name could not be set. */
const RESOURCE_META_ARGUMENTS: ReadonlySet<string> = new Set([
  "dependsOn",
  "count",
  "provider",
  "lifecycle",
  "forEach",
  "provisioners",
  "connection",
]);
const PROVIDER_META_ARGUMENTS: ReadonlySet<string> = new Set(["alias"]);
const NONE: ReadonlySet<string> = new Set();

/** "incus_storage_volume" → "IncusStorageVolume". */
export function pascalCase(snake: string): string {
  return snake
    .split("_")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
}

/** "content_type" → "contentType" (the inverse of the converter's snakeCase). */
export function camelCase(snake: string): string {
  const pascal = pascalCase(snake);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

/** The name of one element of a list or set: "disks" → "disk", "aliases" → "alias"; "alias" or "status" stay. */
function singular(name: string): string {
  if (/ses$/.test(name)) return name.slice(0, -2);
  return /[^suia]s$/.test(name) ? name.slice(0, -1) : name;
}

/** The config of a resource type: its attributes, the config interfaces and the getters. */
export function resourceBinding(providerName: string, resourceType: string, schema: Schema): BindingModel {
  const base = pascalCase(resourceType);
  const interfaces: InterfaceModel[] = [];
  const spec = objectModel(
    {
      name: `${base}Config`,
      doc: describe(schema.description, `Configuration of a ${resourceType} resource.`),
      extends: ["TerraformMetaArguments"],
    },
    base,
    resourceType,
    schema,
    interfaces,
    RESOURCE_META_ARGUMENTS,
  );
  return {
    terraformName: resourceType,
    providerName,
    interfaces,
    configName: `${base}Config`,
    specName: `${resourceType.toUpperCase()}_SPEC`,
    spec,
    getters: getters(providerName, resourceType, schema),
  };
}

/**
 * The config of a data source type (cdktf's naming: class DataIncusInstance for data "incus_instance"): its
 * arguments, the config interfaces, and a getter for every attribute it reads.
 */
export function dataSourceBinding(providerName: string, dataSourceType: string, schema: Schema): BindingModel {
  const base = `Data${pascalCase(dataSourceType)}`;
  const interfaces: InterfaceModel[] = [];
  const spec = objectModel(
    {
      name: `${base}Config`,
      doc: describe(schema.description, `Configuration of a ${dataSourceType} data source.`),
      extends: ["TerraformMetaArguments"],
    },
    base,
    `data.${dataSourceType}`,
    schema,
    interfaces,
    RESOURCE_META_ARGUMENTS,
  );
  return {
    terraformName: dataSourceType,
    providerName,
    interfaces,
    configName: `${base}Config`,
    specName: `DATA_${dataSourceType.toUpperCase()}_SPEC`,
    spec,
    getters: dataSourceGetters(schema),
  };
}

/** Members a data source binding already has (cdktf's and SpecDataSource's): a getter of that name gets a suffix. */
const DATA_SOURCE_MEMBERS: ReadonlySet<string> = new Set([
  "node",
  "fqn",
  "friendlyUniqueId",
  "terraformResourceType",
  "terraformGeneratorMetadata",
  "terraformMetaArguments",
  "cdktfStack",
  "rawOverrides",
  "dependsOn",
  "count",
  "provider",
  "lifecycle",
  "forEach",
  "configured",
  "attribute",
  "structuredAttribute",
]);

/** A getter for every attribute and block a data source reads, named after it (`status`, `config`, `device`). */
function dataSourceGetters(schema: Schema): GetterModel[] {
  const out: GetterModel[] = [];
  const add = (name: string, type: GetterModel["type"], description: string | undefined): void => {
    const getter = camelCase(name);
    out.push({
      name: DATA_SOURCE_MEMBERS.has(getter) ? `${getter}Attribute` : getter,
      terraformName: name,
      type,
      doc: describe(description),
    });
  };
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    add(name, attribute.nested ? "structured" : getterType(attribute.type), attribute.description);
  }
  for (const [name, block] of Object.entries(schema.blocks ?? {})) add(name, "structured", block.description);
  return out;
}

function getterType(type: CtyType): GetterModel["type"] {
  if (type === "string") return "string";
  if (type === "number") return "number";
  if (type === "bool") return "boolean";
  if (typeof type !== "string" && type[0] === "map" && type[1] === "string") return "stringMap";
  if (typeof type !== "string" && (type[0] === "list" || type[0] === "set") && type[1] === "string")
    return "stringList";
  return "structured";
}

/** The `provider "<name>" { ... }` block: attributes and blocks, plus the alias every provider block may have. */
export function providerBinding(providerName: string, schema: Schema): BindingModel {
  const base = `${pascalCase(providerName)}Provider`;
  const interfaces: InterfaceModel[] = [];
  const spec = objectModel(
    {
      name: `${base}Config`,
      doc: describe(schema.description, `Configuration of the ${providerName} provider.`),
      extends: [],
    },
    base,
    `provider ${providerName}`,
    schema,
    interfaces,
    PROVIDER_META_ARGUMENTS,
  );
  const config = interfaces[0];
  interfaces[0] = {
    ...config,
    fields: [
      ...config.fields,
      {
        name: "alias",
        type: "string",
        optional: true,
        doc: ["Names this configuration for resources that choose it (a Terraform meta-argument)."],
      },
    ],
  };
  return {
    terraformName: providerName,
    providerName,
    interfaces,
    configName: config.name,
    specName: `${providerName.toUpperCase()}_PROVIDER_SPEC`,
    spec,
    getters: [],
  };
}

interface ObjectSchema {
  readonly attributes: Readonly<Record<string, Attribute>>;
  readonly blocks?: Readonly<Record<string, Block>>;
}

/**
 * Adds the interface of one object (and, depth first, those of the objects inside it) to `out`, and returns its
 * spec. Attributes only the provider sets are left out: a configuration cannot set them.
 */
function objectModel(
  head: Omit<InterfaceModel, "fields">,
  namePrefix: string,
  where: string,
  object: ObjectSchema,
  out: InterfaceModel[],
  reserved: ReadonlySet<string>,
): SpecModel {
  const index = out.length;
  out.push({ ...head, fields: [] });
  const fields: FieldModel[] = [];
  const spec: Record<string, KindModel> = {};
  const add = (terraformName: string, field: Omit<FieldModel, "name">, kind: KindModel): void => {
    const name = camelCase(terraformName);
    if (reserved.has(name)) {
      throw new Error(
        `${where}.${terraformName}: "${name}" is a Terraform meta-argument in cdktf; the binding could not set it`,
      );
    }
    fields.push({ name, ...field });
    spec[terraformName] = kind;
  };
  for (const [name, attribute] of Object.entries(object.attributes)) {
    if (isReadOnly(attribute)) continue;
    const doc = describe(attribute.description, undefined, defaultText(attribute));
    const optional = !attribute.required;
    if (attribute.nested) {
      const { nesting, attributes } = attribute.nested;
      const element = `${namePrefix}${pascalCase(nesting === "single" || nesting === "map" ? name : singular(name))}`;
      const elementDoc = describe(attribute.description, `An element of ${where}.${name}.`);
      const inner = objectModel(
        { name: `${element}Config`, doc: elementDoc, extends: [] },
        element,
        `${where}.${name}`,
        { attributes },
        out,
        NONE,
      );
      if (nesting === "single") add(name, { type: `${element}Config`, optional, doc }, { object: inner });
      else if (nesting === "map")
        add(name, { type: `{ readonly [key: string]: ${element}Config }`, optional, doc }, { mapOf: inner });
      else add(name, { type: `${element}Config[]`, optional, doc }, { list: inner });
    } else {
      const typed = typedModel(attribute.type, `${namePrefix}${pascalCase(name)}`, `${where}.${name}`, out);
      add(name, { type: typed.type, optional, doc }, typed.kind);
    }
  }
  for (const [name, block] of Object.entries(object.blocks ?? {})) {
    // A block only the provider fills (a data source's `device`) is read through a getter, never configured.
    if (!configurable(block)) continue;
    const element = `${namePrefix}${pascalCase(block.nesting === "single" ? name : singular(name))}`;
    const elementDoc = describe(block.description, `One ${name} block of ${where}.`);
    const inner = objectModel(
      { name: `${element}Config`, doc: elementDoc, extends: [] },
      element,
      `${where}.${name}`,
      block,
      out,
      NONE,
    );
    const optional = !(block.minItems && block.minItems > 0);
    const doc = describe(block.description);
    if (block.nesting === "single") add(name, { type: `${element}Config`, optional, doc }, { object: inner });
    else add(name, { type: `${element}Config[]`, optional, doc }, { list: inner });
  }
  out[index] = { ...out[index], fields };
  return spec;
}

/** Whether a configuration can set anything in the block. */
function configurable(block: Block): boolean {
  return (
    Object.values(block.attributes).some((a) => !isReadOnly(a)) ||
    Object.values(block.blocks ?? {}).some((b) => configurable(b))
  );
}

/** The TypeScript type and spec kind of an attribute of a plain cty type. */
function typedModel(
  type: CtyType,
  name: string,
  where: string,
  out: InterfaceModel[],
): { type: string; kind: KindModel } {
  if (type === "string" || type === "number") return { type, kind: "value" };
  if (type === "bool") return { type: "boolean", kind: "value" };
  if (type === "dynamic") return { type: "unknown", kind: "value" };
  if (type[0] === "object") {
    const optional = type[2] ?? [];
    const attributes = Object.fromEntries(
      Object.entries(type[1]).map(([key, t]) => [
        key,
        optional.includes(key) ? { type: t, optional: true } : { type: t, required: true },
      ]),
    );
    const spec = objectModel(
      { name: `${name}Config`, doc: [`An element of ${where}.`], extends: [] },
      name,
      where,
      { attributes },
      out,
      NONE,
    );
    return { type: `${name}Config`, kind: { object: spec } };
  }
  if (type[0] === "tuple") throw new Error(`${where}: tuple types are not supported by the bindings`);
  const [shape, inner] = type;
  const element = typedModel(inner, shape === "map" ? name : singular(name), where, out);
  if (element.kind === "value" || element.kind === "map") {
    if (shape === "map") return { type: `{ readonly [key: string]: ${element.type} }`, kind: "map" };
    return { type: `${element.type}[]`, kind: "value" };
  }
  if (!("object" in element.kind)) throw new Error(`${where}: collections of collections of objects are not supported`);
  if (shape === "map")
    return { type: `{ readonly [key: string]: ${element.type} }`, kind: { mapOf: element.kind.object } };
  return { type: `${element.type}[]`, kind: { list: element.kind.object } };
}

/**
 * A getter for each top-level string, number or bool attribute: `<name>Ref` for one the configuration sets (a
 * reference that also orders this resource first), `<name>` for one only the provider sets. `id` is named after the
 * resource (`poolId`): every resource has one, and the bare name would read as the construct id.
 */
function getters(providerName: string, resourceType: string, schema: Schema): GetterModel[] {
  const out: GetterModel[] = [];
  for (const [name, attribute] of Object.entries(schema.attributes)) {
    const type =
      attribute.type === "string"
        ? "string"
        : attribute.type === "number"
          ? "number"
          : attribute.type === "bool"
            ? "boolean"
            : undefined;
    if (type === undefined) continue;
    const readOnly = isReadOnly(attribute);
    const getter =
      name === "id"
        ? `${camelCase(resourceType.slice(providerName.length + 1))}Id`
        : readOnly
          ? camelCase(name)
          : `${camelCase(name)}Ref`;
    out.push({
      name: getter,
      terraformName: name,
      type,
      doc: describe(attribute.description, readOnly ? "Set by the provider." : undefined),
    });
  }
  return out;
}

/** Doc comment lines: the schema's description (or a fallback), and a note such as the default. */
function describe(description?: string, fallback?: string, note?: string): string[] {
  const text = description ?? fallback;
  const lines = text ? text.split("\n") : [];
  return note ? [...lines, note] : lines;
}

/** "@default <value>" for a scalar default; collection defaults are described well enough by their attribute. */
function defaultText(attribute: Attribute): string | undefined {
  const value: unknown = attribute.default;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return `@default ${JSON.stringify(value)}`;
  return undefined;
}
