// What a schema means as cty types, and the checks that catch schema mistakes when a provider starts (before
// Terraform would reject the schema with a less helpful message).
import type { CtyType } from "../cty";
import type { Attribute, Block, NestedAttributes, Schema } from "./schema";

/** The parts of a schema, block or nested object that hold attributes (and maybe blocks). */
export interface ObjectSchema {
  readonly attributes: Readonly<Record<string, Attribute>>;
  readonly blocks?: Readonly<Record<string, Block>>;
}

/** The cty object type of a resource/provider value. */
export function objectType(schema: ObjectSchema): CtyType {
  const fields: Record<string, CtyType> = {};
  for (const [name, attr] of Object.entries(schema.attributes)) fields[name] = attributeType(attr);
  for (const [name, block] of Object.entries(schema.blocks ?? {})) fields[name] = blockType(block);
  return ["object", fields];
}

export function attributeType(attr: Attribute): CtyType {
  return attr.nested ? nestedType(attr.nested) : attr.type;
}

export function nestedType(nested: NestedAttributes): CtyType {
  const element = objectType({ attributes: nested.attributes });
  return nested.nesting === "single" ? element : [nested.nesting, element];
}

export function blockType(block: Block): CtyType {
  const element = objectType(block);
  return block.nesting === "single" ? element : [block.nesting, element];
}

export interface AttributeMode {
  readonly required: boolean;
  readonly optional: boolean;
  readonly computed: boolean;
}

/** Flags as Terraform must see them: a default makes an attribute optional + computed. */
export function attributeMode(attr: Attribute): AttributeMode {
  const hasDefault = attr.default !== undefined;
  return {
    required: Boolean(attr.required),
    optional: Boolean(attr.optional) || hasDefault,
    computed: Boolean(attr.computed) || hasDefault,
  };
}

/** Only the provider sets it: a computed attribute the user may not configure. */
export function isReadOnly(attr: Attribute): boolean {
  const m = attributeMode(attr);
  return m.computed && !m.optional && !m.required;
}

const NAME = /^[a-z_][a-z0-9_]*$/;

/** Throws an Error naming the schema path of the first mistake found. */
export function checkSchema(schema: Schema, where: string): void {
  checkObject(schema, where, true);
}

function checkObject(obj: ObjectSchema, where: string, allowBlocks: boolean): void {
  const fail = (path: string, what: string): never => {
    throw new Error(`Invalid schema at ${path}: ${what}`);
  };
  if (!obj.attributes || typeof obj.attributes !== "object") fail(where, "`attributes` must be an object");
  for (const [name, attr] of Object.entries(obj.attributes)) {
    const path = `${where}.${name}`;
    if (!NAME.test(name)) fail(path, "attribute names use lower-case letters, digits and underscores");
    if (obj.blocks && name in obj.blocks) fail(path, "the name is used by both an attribute and a block");
    if ((attr.type === undefined) === (attr.nested === undefined)) {
      fail(path, "give exactly one of `type` (a cty type) or `nested` (nested attributes)");
    }
    const m = attributeMode(attr);
    if (!m.required && !m.optional && !m.computed) fail(path, "set one of required, optional or computed");
    if (m.required && (m.optional || m.computed)) {
      fail(path, "a required attribute cannot also be optional, computed or have a default");
    }
    if (attr.nested) {
      if (!["single", "list", "set", "map"].includes(attr.nested.nesting)) {
        fail(path, `unknown nesting ${JSON.stringify(attr.nested.nesting)} (single, list, set or map)`);
      }
      checkObject({ attributes: attr.nested.attributes }, path, false);
    }
  }
  const blocks = obj.blocks ?? {};
  if (!allowBlocks && Object.keys(blocks).length > 0) fail(where, "nested attributes cannot contain blocks");
  for (const [name, block] of Object.entries(blocks)) {
    const path = `${where}.${name}`;
    if (!NAME.test(name)) fail(path, "block names use lower-case letters, digits and underscores");
    if (!["single", "list", "set"].includes(block.nesting)) {
      fail(path, `unknown block nesting ${JSON.stringify(block.nesting)} (single, list or set)`);
    }
    if (block.minItems !== undefined && block.maxItems !== undefined && block.minItems > block.maxItems) {
      fail(path, "minItems is larger than maxItems");
    }
    checkObject(block, path, true);
  }
}
