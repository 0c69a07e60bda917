// Brings values produced by resource code into the exact shape Terraform expects: every attribute present (null
// when unset), list/set blocks as arrays (never null), no attributes outside the schema.
import { isUnknown } from "../cty";
import type { AttrPath } from "./diagnostics";
import { formatAttrPath } from "./diagnostics";
import type { Values } from "./schema";
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
export function normalizeObject(schema: ObjectSchema, value: Values | null | undefined, path: AttrPath = []): Values | null {
  if (value === null || value === undefined) return null;
  if (isUnknown(value)) return value;
  if (typeof value !== "object" || Array.isArray(value)) {
    throw new ShapeError(path, `expected an object, got ${Array.isArray(value) ? "an array" : typeof value}`);
  }
  const blocks = schema.blocks ?? {};
  for (const key of Object.keys(value)) {
    if (value[key] === undefined) continue; // `{ ...rest, old: undefined }` is a common way to drop a field
    if (!(key in schema.attributes) && !(key in blocks)) {
      throw new ShapeError([...path, key], "no such attribute in the schema (remove it or add it to the schema)");
    }
  }
  const out: Values = {};
  for (const [name, attr] of Object.entries(schema.attributes)) {
    const v = value[name];
    out[name] = attr.nested ? normalizeNested(attr.nested, v, [...path, name]) : v === undefined ? null : v;
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
  value: unknown,
  path: AttrPath,
): unknown {
  if (value === null || value === undefined) return null;
  if (isUnknown(value)) return value;
  const schema: ObjectSchema = { attributes: nested.attributes };
  if (nested.nesting === "single") return normalizeObject(schema, value as Values, path);
  if (nested.nesting === "map") {
    if (typeof value !== "object" || Array.isArray(value)) throw new ShapeError(path, "expected a map (object)");
    const out: Values = {};
    for (const [k, v] of Object.entries(value as Values)) out[k] = normalizeObject(schema, v, [...path, { key: k }]);
    return out;
  }
  return normalizeElements(schema, value, path);
}

function normalizeElements(schema: ObjectSchema, value: unknown, path: AttrPath): unknown {
  if (isUnknown(value)) return value;
  if (!Array.isArray(value)) throw new ShapeError(path, "expected an array of objects");
  return value.map((el, i) => normalizeObject(schema, el as Values, [...path, i]));
}
