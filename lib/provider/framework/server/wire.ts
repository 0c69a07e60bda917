// Translation between the framework's values and the tfplugin6 wire messages: DynamicValue ⇄ cty values,
// Diagnostics → Diagnostic messages, AttrPath → AttributePath, Schema → Schema message.
import { ctyTypeToJson, decodeJson, decodeMsgpack, encodeMsgpack } from "../../cty";
import type { CtyType, CtyValue } from "../../cty";
import { BlockNestingMode, DiagnosticSeverity, ObjectNestingMode, StringKind } from "../../plugin";
import type {
  AttributePath,
  DynamicValue,
  WireDiagnostic,
  WireSchema,
  WireSchemaAttribute,
  WireSchemaBlock,
} from "../../plugin";
import type { AttrPath, Diagnostic } from "../diagnostics";
import type { Attribute, Block, Schema } from "../schema";
import { attributeMode } from "../schema-type";

// The framework's names for severities and nesting modes, as tfplugin6 enum numbers.
const SEVERITY = { error: DiagnosticSeverity.ERROR, warning: DiagnosticSeverity.WARNING } as const;
const BLOCK_NESTING = {
  single: BlockNestingMode.SINGLE,
  list: BlockNestingMode.LIST,
  set: BlockNestingMode.SET,
} as const;
const OBJECT_NESTING = {
  single: ObjectNestingMode.SINGLE,
  list: ObjectNestingMode.LIST,
  set: ObjectNestingMode.SET,
  map: ObjectNestingMode.MAP,
} as const;
const PLAIN = StringKind.PLAIN;

/**
 * Values decoded before the RPC handler runs (the server reads every value of a request for its secrets first,
 * secrets.ts): the handler's decode of the same DynamicValue with the same type takes the value instead of decoding
 * it again (decoding is most of a small RPC's CPU). Taken once, so no caller sees a value another one changed.
 */
const decodedAhead = new WeakMap<DynamicValue, { type: CtyType; value: CtyValue }>();

/** An absent or empty DynamicValue means null (Terraform sends nothing for a null prior state). */
export function decodeDynamic(dv: DynamicValue | undefined, type: CtyType): CtyValue {
  if (!dv) return null;
  const ahead = decodedAhead.get(dv);
  if (ahead) {
    decodedAhead.delete(dv);
    if (ahead.type === type) return ahead.value;
  }
  if (dv.msgpack && dv.msgpack.length > 0) return decodeMsgpack(dv.msgpack, type);
  if (dv.json && dv.json.length > 0) return decodeJson(dv.json, type);
  return null;
}

/** decodeDynamic for a reader that does not change the value: the next decodeDynamic of `dv` gets the same value. */
export function decodeDynamicAhead(dv: DynamicValue | undefined, type: CtyType): CtyValue {
  const value = decodeDynamic(dv, type);
  if (dv) decodedAhead.set(dv, { type, value });
  return value;
}

/**
 * A whole resource, data source or provider value as decoded from the wire. Decoded against its object type it is
 * an object holding every attribute, or null; resource code reads it through its schema's typed model (model.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DecodedObject = { [attribute: string]: any };

/** decodeDynamic for a value of an object type. */
export function decodeObject(dv: DynamicValue | undefined, type: CtyType): DecodedObject | null {
  return decodeDynamic(dv, type) as DecodedObject | null;
}

export function encodeDynamic(value: CtyValue, type: CtyType): DynamicValue {
  return { msgpack: encodeMsgpack(value, type) };
}

export function pathToWire(path: AttrPath): AttributePath {
  return {
    steps: path.map((step) =>
      typeof step === "string"
        ? { attribute_name: step }
        : typeof step === "number"
          ? { element_key_int: step }
          : { element_key_string: step.key },
    ),
  };
}

export function diagnosticsToWire(list: readonly Diagnostic[]): WireDiagnostic[] {
  return list.map((d) => ({
    severity: SEVERITY[d.severity],
    summary: d.summary,
    ...(d.detail ? { detail: d.detail } : {}),
    ...(d.path && d.path.length > 0 ? { attribute: pathToWire(d.path) } : {}),
  }));
}

export function schemaToWire(schema: Schema): WireSchema {
  const version = schema.version ?? 0;
  return { version, block: blockToWire(schema, version, schema.description, schema.deprecated) };
}

function blockToWire(
  obj: { attributes: Readonly<Record<string, Attribute>>; blocks?: Readonly<Record<string, Block>> },
  version: number,
  description?: string,
  deprecated?: boolean,
): WireSchemaBlock {
  return {
    version,
    attributes: Object.entries(obj.attributes).map(([name, attr]) => attributeToWire(name, attr)),
    block_types: Object.entries(obj.blocks ?? {}).map(([name, block]) => ({
      type_name: name,
      block: blockToWire(block, 0, block.description, block.deprecated),
      nesting: BLOCK_NESTING[block.nesting],
      min_items: block.minItems ?? 0,
      max_items: block.maxItems ?? 0,
    })),
    ...(description ? { description, description_kind: PLAIN } : {}),
    ...(deprecated ? { deprecated } : {}),
  };
}

function attributeToWire(name: string, attr: Attribute): WireSchemaAttribute {
  const mode = attributeMode(attr);
  const out: WireSchemaAttribute = {
    name,
    required: mode.required,
    optional: mode.optional,
    computed: mode.computed,
    sensitive: Boolean(attr.sensitive),
    deprecated: Boolean(attr.deprecated),
    ...(attr.description ? { description: attr.description, description_kind: PLAIN } : {}),
  };
  if (attr.nested) {
    out.nested_type = {
      attributes: Object.entries(attr.nested.attributes).map(([n, a]) => attributeToWire(n, a)),
      nesting: OBJECT_NESTING[attr.nested.nesting],
    };
  } else {
    out.type = Buffer.from(ctyTypeToJson(attr.type), "utf8");
  }
  return out;
}
