// Short constructors for schema entries: `str({ required: true })`, `mapOf("string", { optional: true })`,
// `listBlock({ name: str({ required: true }) })`. They only build the plain data described in schema.ts, and keep
// the literal types of their arguments so that model.ts can derive a resource's typed values from its schema.
import type { CtyType } from "../cty";
import type { Attribute, AttributeOptions, Block, NestingMode } from "./schema";

type Empty = Record<never, never>;

export function str<const O extends AttributeOptions = Empty>(
  opts: O = {} as O,
): O & { readonly type: "string"; readonly nested?: undefined } {
  return { ...opts, type: "string" };
}

export function num<const O extends AttributeOptions = Empty>(
  opts: O = {} as O,
): O & { readonly type: "number"; readonly nested?: undefined } {
  return { ...opts, type: "number" };
}

export function bool<const O extends AttributeOptions = Empty>(
  opts: O = {} as O,
): O & { readonly type: "bool"; readonly nested?: undefined } {
  return { ...opts, type: "bool" };
}

/** Any value; the provider echoes the type Terraform sent. */
export function dynamic<const O extends AttributeOptions = Empty>(
  opts: O = {} as O,
): O & { readonly type: "dynamic"; readonly nested?: undefined } {
  return { ...opts, type: "dynamic" };
}

export function listOf<const E extends CtyType, const O extends AttributeOptions = Empty>(
  element: E,
  opts: O = {} as O,
): O & { readonly type: ["list", E]; readonly nested?: undefined } {
  return { ...opts, type: ["list", element] };
}

export function setOf<const E extends CtyType, const O extends AttributeOptions = Empty>(
  element: E,
  opts: O = {} as O,
): O & { readonly type: ["set", E]; readonly nested?: undefined } {
  return { ...opts, type: ["set", element] };
}

export function mapOf<const E extends CtyType, const O extends AttributeOptions = Empty>(
  element: E,
  opts: O = {} as O,
): O & { readonly type: ["map", E]; readonly nested?: undefined } {
  return { ...opts, type: ["map", element] };
}

/** Nested attributes with their own flags: `nested("list", { name: str({ required: true }) }, { optional: true })`. */
export function nested<
  const N extends NestingMode,
  const A extends Record<string, Attribute>,
  const O extends AttributeOptions = Empty,
>(
  nesting: N,
  attributes: A,
  opts: O = {} as O,
): O & { readonly type?: undefined; readonly nested: { readonly nesting: N; readonly attributes: A } } {
  return { ...opts, nested: { nesting, attributes } };
}

export type BlockOptions = Omit<Block, "nesting" | "attributes">;

/** `device { ... }` repeated, in order. */
export function listBlock<const A extends Record<string, Attribute>, const O extends BlockOptions = Empty>(
  attributes: A,
  opts: O = {} as O,
): O & { readonly nesting: "list"; readonly attributes: A } {
  return { ...opts, nesting: "list", attributes };
}

/** `device { ... }` repeated, order irrelevant (compared as a set when planning). */
export function setBlock<const A extends Record<string, Attribute>, const O extends BlockOptions = Empty>(
  attributes: A,
  opts: O = {} as O,
): O & { readonly nesting: "set"; readonly attributes: A } {
  return { ...opts, nesting: "set", attributes };
}

/** At most one `limits { ... }` block; its value is the object or null. */
export function singleBlock<const A extends Record<string, Attribute>, const O extends BlockOptions = Empty>(
  attributes: A,
  opts: O = {} as O,
): O & { readonly nesting: "single"; readonly attributes: A } {
  return { ...opts, nesting: "single", attributes };
}
