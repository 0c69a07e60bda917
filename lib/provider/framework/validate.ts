// Schema-driven configuration checks for ValidateResourceConfig / ValidateDataResourceConfig /
// ValidateProviderConfig: required values, read-only values, conflicts, block counts and validators, each
// reported with the attribute path so Terraform points at the right line. Unknown values are skipped: they are
// checked again once known (at apply time Terraform validates the final configuration).
import { isUnknown } from "../cty";
import type { CtyObjectValue, CtyValue } from "../cty";
import type { AttrPath, Diagnostics } from "./diagnostics";
import { objectValue } from "./object-value";
import type { Block, NestingMode, Validator } from "./schema";
import type { ObjectSchema } from "./schema-type";
import { attributeMode, attributeType, blockType, isReadOnly } from "./schema-type";

export function validateConfigValue(schema: ObjectSchema, config: CtyValue, diags: Diagnostics): void {
  const obj = objectValue(config);
  if (obj !== null) validateObject(schema, obj, [], diags);
}

function validateObject(schema: ObjectSchema, obj: CtyObjectValue, path: AttrPath, diags: Diagnostics): void {
  for (const [name, attr] of Object.entries(schema.attributes)) {
    const value = obj[name] ?? null;
    const at = [...path, name];
    const mode = attributeMode(attr);
    if (mode.required && value === null) {
      diags.error("Missing required argument", `The argument "${name}" is required, but no definition was found.`, at);
      continue;
    }
    if (isReadOnly(attr) && value !== null) {
      diags.error(
        "Invalid configuration argument",
        `"${name}" is set by the provider and cannot be configured; remove it from the configuration.`,
        at,
      );
      continue;
    }
    if (value === null) continue;
    checkConflicts(attr.conflictsWith, name, obj, at, diags);
    if (attr.deprecated) diags.warning("Deprecated attribute", attr.deprecated, at);
    if (isUnknown(value)) continue;
    runValidators(attr.validators, value, at, attributeType(attr), obj, diags, attr.sensitive === true);
    if (attr.nested) validateNested({ attributes: attr.nested.attributes }, attr.nested.nesting, value, at, diags);
  }
  for (const [name, block] of Object.entries(schema.blocks ?? {})) {
    validateBlock(block, obj[name] ?? null, [...path, name], obj, diags);
  }
}

function validateBlock(block: Block, value: CtyValue, at: AttrPath, parent: CtyObjectValue, diags: Diagnostics): void {
  if (isUnknown(value)) return;
  const count = value === null ? 0 : block.nesting === "single" ? 1 : (value as CtyValue[]).length;
  const name = String(at[at.length - 1]);
  const unknownElements = Array.isArray(value) && value.some((el) => isUnknown(el));
  if (block.minItems !== undefined && count < block.minItems && !unknownElements) {
    diags.error(
      block.minItems === 1 && count === 0 ? "Missing required block" : "Not enough blocks",
      `At least ${block.minItems} "${name}" block(s) are required; found ${count}.`,
      at,
    );
  }
  if (block.maxItems !== undefined && count > block.maxItems) {
    diags.error("Too many blocks", `At most ${block.maxItems} "${name}" block(s) are allowed; found ${count}.`, at);
  }
  if (value === null) return;
  runValidators(block.validators, value, at, blockType(block), parent, diags);
  validateNested(block, block.nesting, value, at, diags);
}

function validateNested(schema: ObjectSchema, nesting: NestingMode, value: CtyValue, at: AttrPath, diags: Diagnostics) {
  if (value === null || isUnknown(value)) return;
  if (nesting === "single") {
    const obj = objectValue(value);
    if (obj) validateObject(schema, obj, at, diags);
  } else if (nesting === "map") {
    for (const [k, v] of Object.entries(objectValue(value) ?? {})) {
      const obj = objectValue(v);
      if (obj) validateObject(schema, obj, [...at, { key: k }], diags);
    }
  } else {
    (Array.isArray(value) ? value : []).forEach((el, i) => {
      const obj = objectValue(el);
      // Set elements have no address: report at the set itself.
      if (obj) validateObject(schema, obj, nesting === "list" ? [...at, i] : at, diags);
    });
  }
}

function checkConflicts(
  names: readonly string[] | undefined,
  self: string,
  obj: CtyObjectValue,
  at: AttrPath,
  diags: Diagnostics,
): void {
  for (const other of names ?? []) {
    const v = obj[other];
    const set = v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0);
    if (!set) continue;
    diags.error(
      "Conflicting configuration arguments",
      `"${self}" cannot be set together with "${other}"; remove one of them.`,
      at,
    );
  }
}

function runValidators(
  validators: readonly Validator[] | undefined,
  value: CtyValue,
  path: AttrPath,
  type: ReturnType<typeof attributeType>,
  config: CtyObjectValue,
  diags: Diagnostics,
  sensitive = false,
): void {
  for (const v of validators ?? []) {
    try {
      v.validate({ path, type, value, config, ...(sensitive ? { sensitive } : {}) }, diags);
    } catch (err) {
      diags.error("Validation failed", `The check "${v.description}" failed: ${(err as Error).message}`, path);
    }
  }
}
