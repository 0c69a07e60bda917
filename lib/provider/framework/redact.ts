// Keeping sensitive values out of everything the provider prints. Terraform hides sensitive attributes in its
// own output, but diagnostics and provider logs are plain text the provider writes: whatever it puts there is
// shown as is. Two layers:
// - by schema: before a value is put into a message it goes through redactAt/redactObject, which replace every
//   value of a `sensitive` attribute (and every map element whose key is listed in `secretKeys`) with
//   "(sensitive value)";
// - by text: the server collects the sensitive strings of each request (secretStrings) and scrubs every
//   diagnostic and log line of that request (SecretScrubber), which also covers text that came back from the
//   remote side (an error that echoes a value, a command's output).
import { isUnknown } from "../cty";
import type { CtyObjectValue, CtyValue } from "../cty";
import type { AttrPath } from "./diagnostics";
import type { Attribute, Block } from "./schema";
import type { ObjectSchema } from "./schema-type";

export const REDACTED = "(sensitive value)";

/** Whether `key` of a map attribute is listed in its `secretKeys` (an entry ending in "." is a prefix). */
export function isSecretKey(attr: Attribute, key: string): boolean {
  return (attr.secretKeys ?? []).some((k) => (k.endsWith(".") ? key.startsWith(k) : key === k));
}

/** A copy of an object value with every sensitive part replaced by "(sensitive value)". */
export function redactObject(schema: ObjectSchema, value: CtyValue): CtyValue {
  if (!isObject(value)) return value;
  const out: CtyObjectValue = { ...value };
  for (const [name, attr] of Object.entries(schema.attributes)) {
    if (name in out) out[name] = redactAttribute(attr, out[name]);
  }
  for (const [name, block] of Object.entries(schema.blocks ?? {})) {
    if (name in out) out[name] = redactBlock(block, out[name]);
  }
  return out;
}

function redactAttribute(attr: Attribute, value: CtyValue): CtyValue {
  if (value === null || isUnknown(value)) return value;
  if (attr.sensitive) return REDACTED;
  if (attr.nested)
    return redactElements({ attributes: attr.nested.attributes }, attr.nested.nesting === "single", value);
  if (attr.secretKeys && isObject(value)) {
    const out: CtyObjectValue = {};
    for (const [k, v] of Object.entries(value)) out[k] = isSecretKey(attr, k) && v !== null ? REDACTED : v;
    return out;
  }
  return value;
}

function redactBlock(block: Block, value: CtyValue): CtyValue {
  return redactElements(block, block.nesting === "single", value);
}

function redactElements(schema: ObjectSchema, single: boolean, value: CtyValue): CtyValue {
  if (value === null || isUnknown(value)) return value;
  if (single) return redactObject(schema, value);
  if (Array.isArray(value)) return value.map((el) => redactObject(schema, el));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactObject(schema, v)]));
  return value;
}

/**
 * The value found at `path` with its sensitive parts redacted: "(sensitive value)" when the path runs through a
 * sensitive attribute or a secret map key. Paths stop at set elements, so a set comes back element by element.
 */
export function redactAt(schema: ObjectSchema, path: AttrPath, value: CtyValue): CtyValue {
  let node: ObjectSchema | Attribute | Block = schema;
  let kind: "object" | "attribute" | "block" = "object";
  for (const step of path) {
    if (kind === "object" || kind === "block") {
      const obj = node as ObjectSchema;
      const single = kind === "object" || (node as Block).nesting === "single";
      if (typeof step !== "string") {
        if (single) return value; // a path the schema does not describe: leave the value to the text scrubber
        kind = "object"; // into an element of a list/set block
        continue;
      }
      if (!single) return value;
      if (obj.attributes[step]) {
        node = obj.attributes[step];
        kind = "attribute";
      } else if (obj.blocks?.[step]) {
        node = obj.blocks[step];
        kind = "block";
      } else return value;
      continue;
    }
    const attr = node as Attribute;
    if (attr.sensitive) return value === null ? value : REDACTED;
    if (typeof step === "object" && isSecretKey(attr, step.key)) return value === null ? value : REDACTED;
    if (!attr.nested) return value;
    if (attr.nested.nesting !== "single") {
      node = { attributes: attr.nested.attributes }; // the step chose an element
      kind = "object";
      continue;
    }
    const next: Attribute | undefined = typeof step === "string" ? attr.nested.attributes[step] : undefined;
    if (!next) return value;
    node = next;
  }
  if (kind === "attribute") return redactAttribute(node as Attribute, value);
  if (kind === "block") return redactBlock(node as Block, value);
  return redactObject(node as ObjectSchema, value);
}

/** Every string held by a sensitive attribute or a secret map key of an object value. */
export function secretStrings(schema: ObjectSchema, value: CtyValue): string[] {
  const out: string[] = [];
  collect(redactObject(schema, value), value, out);
  return out;
}

/** Walks the original value next to its redacted copy: where the copy says REDACTED, the original is a secret. */
function collect(redacted: CtyValue, original: CtyValue, out: string[]): void {
  if (redacted === REDACTED && original !== REDACTED) {
    strings(original, out);
    return;
  }
  if (Array.isArray(redacted) && Array.isArray(original)) {
    redacted.forEach((el, i) => collect(el, original[i], out));
  } else if (isObject(redacted) && isObject(original)) {
    for (const [k, v] of Object.entries(redacted)) collect(v, original[k], out);
  }
}

function strings(v: CtyValue, out: string[]): void {
  if (typeof v === "string") out.push(v);
  else if (Array.isArray(v)) v.forEach((el) => strings(el, out));
  else if (isObject(v)) Object.values(v).forEach((el) => strings(el, out));
}

function isObject(v: CtyValue | undefined): v is CtyObjectValue {
  return (
    v !== null &&
    typeof v === "object" &&
    !Array.isArray(v) &&
    !isUnknown(v) &&
    Object.getPrototypeOf(v) === Object.prototype
  );
}
