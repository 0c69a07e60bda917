// Brings values produced by resource code into the exact shape Terraform expects: every attribute present (null
// when unset), list/set blocks as arrays (never null), no attributes outside the schema. Values inside are taken
// as they are: the encoder checks each against its attribute's type.
import { isUnknown, Unknown } from "../cty";
import type { CtyInput, CtyObjectValue, CtyValue } from "../cty";
import type { AttrPath } from "./diagnostics";
import { formatAttrPath } from "./diagnostics";
import type { ObjectSchema } from "./schema-type";

export class ShapeError extends Error {
  constructor(
    readonly path: AttrPath,
    message: string,
  ) {
    super(`${formatAttrPath(path)}: ${message}`);
    this.name = "ShapeError";
  }
}

/** A normalised copy of `value` (an object of `schema`), or null. Throws ShapeError on unknown attribute names. */
export function normalizeObject(
  schema: ObjectSchema,
  value: CtyInput,
  path: AttrPath = [],
): CtyObjectValue | Unknown | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Unknown) return value;
  if (typeof value !== "object" || Array.isArray(value) || !isObjectInput(value)) {
    throw new ShapeError(path, `expected an object, got ${Array.isArray(value) ? "an array" : typeof value}`);
  }
  const blocks = schema.blocks ?? {};
  for (const key of Object.keys(value)) {
    if (value[key] === undefined) continue; // `{ ...rest, old: undefined }` is a common way to drop a field
    if (!(key in schema.attributes) && !(key in blocks)) {
      throw new ShapeError([...path, key], "no such attribute in the schema (remove it or add it to the schema)");
    }
  }
  const out: CtyObjectValue = {};
  for (const [name, attr] of Object.entries(schema.attributes)) {
    const v = value[name];
    out[name] = attr.nested ? normalizeNested(attr.nested, v, [...path, name]) : v === undefined ? null : leaf(v);
  }
  for (const [name, block] of Object.entries(blocks)) {
    const v = value[name];
    if (block.nesting === "single") out[name] = normalizeObject(block, v, [...path, name]);
    else if (v === null || v === undefined) out[name] = [];
    else out[name] = normalizeElements(block, v, [...path, name]);
  }
  return out;
}

function normalizeNested(
  nested: { nesting: string; attributes: ObjectSchema["attributes"] },
  value: CtyInput,
  path: AttrPath,
): CtyValue {
  if (value === null || value === undefined) return null;
  if (isUnknown(value)) return leaf(value);
  const schema: ObjectSchema = { attributes: nested.attributes };
  if (nested.nesting === "single") return normalizeObject(schema, value, path);
  if (nested.nesting === "map") {
    if (typeof value !== "object" || Array.isArray(value) || !isObjectInput(value))
      throw new ShapeError(path, "expected a map (object)");
    const out: CtyObjectValue = {};
    for (const [k, v] of Object.entries(value)) out[k] = normalizeObject(schema, v, [...path, { key: k }]);
    return out;
  }
  return normalizeElements(schema, value, path);
}

function normalizeElements(schema: ObjectSchema, value: CtyInput, path: AttrPath): CtyValue {
  if (isUnknown(value)) return leaf(value);
  if (!Array.isArray(value)) throw new ShapeError(path, "expected an array of objects");
  return value.map((el: CtyInput, i) => normalizeObject(schema, el, [...path, i]));
}

/** An object as resource code writes it (not a Set, a Map or a class instance such as Unknown). */
function isObjectInput(value: CtyInput & object): value is { readonly [key: string]: CtyInput } {
  return !(value instanceof Set) && !(value instanceof Map) && !(value instanceof Unknown);
}

/** A value taken over as it is; the encoder checks it against its attribute's type. */
function leaf(value: CtyInput): CtyValue {
  return value as CtyValue;
}
