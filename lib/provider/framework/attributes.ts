// Short constructors for schema entries: `str({ required: true })`, `mapOf("string", { optional: true })`,
// `listBlock({ name: str({ required: true }) })`. They only build the plain data described in schema.ts.
import type { CtyType } from "../cty";
import type {
  Attribute,
  AttributeOptions,
  Block,
  NestedAttribute,
  NestingMode,
  TypedAttribute,
} from "./schema";

export function str(opts: AttributeOptions = {}): TypedAttribute {
  return { ...opts, type: "string" };
}

export function num(opts: AttributeOptions = {}): TypedAttribute {
  return { ...opts, type: "number" };
}

export function bool(opts: AttributeOptions = {}): TypedAttribute {
  return { ...opts, type: "bool" };
}

/** Any value; the provider echoes the type Terraform sent. */
export function dynamic(opts: AttributeOptions = {}): TypedAttribute {
  return { ...opts, type: "dynamic" };
}

export function listOf(element: CtyType, opts: AttributeOptions = {}): TypedAttribute {
  return { ...opts, type: ["list", element] };
}

export function setOf(element: CtyType, opts: AttributeOptions = {}): TypedAttribute {
  return { ...opts, type: ["set", element] };
}

export function mapOf(element: CtyType, opts: AttributeOptions = {}): TypedAttribute {
  return { ...opts, type: ["map", element] };
}

/** Nested attributes with their own flags: `nested("list", { name: str({ required: true }) }, { optional: true })`. */
export function nested(
  nesting: NestingMode,
  attributes: Record<string, Attribute>,
  opts: AttributeOptions = {},
): NestedAttribute {
  return { ...opts, nested: { nesting, attributes } };
}

export type BlockOptions = Omit<Block, "nesting" | "attributes">;

/** `device { ... }` repeated, in order. */
export function listBlock(attributes: Record<string, Attribute>, opts: BlockOptions = {}): Block {
  return { ...opts, nesting: "list", attributes };
}

/** `device { ... }` repeated, order irrelevant (compared as a set when planning). */
export function setBlock(attributes: Record<string, Attribute>, opts: BlockOptions = {}): Block {
  return { ...opts, nesting: "set", attributes };
}

/** At most one `limits { ... }` block; its value is the object or null. */
export function singleBlock(attributes: Record<string, Attribute>, opts: BlockOptions = {}): Block {
  return { ...opts, nesting: "single", attributes };
}
