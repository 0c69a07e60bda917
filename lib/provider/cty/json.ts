// cty values as JSON: DynamicValue.json, and resource state as Terraform hands it to UpgradeResourceState
// (raw_state). Same conventions as go-cty's json package: objects list every attribute, dynamic values are
// {"value": …, "type": …}, strings/numbers/bools convert among themselves on decode, and unknowns cannot be written.
import { CtyError, describeValue, fail, within } from "./errors";
import type { CtyPathStep } from "./errors";
import { JsonNumber, jsonToPlain, parseJsonLossless } from "./json-parse";
import type { JsonValue } from "./json-parse";
import { normalizeCtyValue, normalizeString } from "./normalize";
import { numberToText, toCanonicalNumber } from "./numbers";
import type { CtyNumber } from "./numbers";
import { checkCtyType, ctyTypeToJson, describeCtyType } from "./types";
import type { CtyType } from "./types";
import { CtyDynamic, Unknown, setOwn } from "./values";
import type { CtyInput, CtyObjectValue, CtyValue } from "./values";

export interface DecodeJsonOptions {
  /**
   * Drop object attributes the type does not have instead of failing. Use it for stored state written by an
   * older schema version.
   * @default false
   */
  readonly ignoreUndefinedAttributes?: boolean;
}

const utf8Decoder = new TextDecoder("utf-8", { fatal: true });
const utf8Encoder = new TextEncoder();

/** Decodes JSON bytes (or text) holding a value of type `type`. Empty input means null. */
export function decodeJson(json: Uint8Array | string, type: CtyType, options: DecodeJsonOptions = {}): CtyValue {
  let text: string;
  try {
    text = typeof json === "string" ? json : utf8Decoder.decode(json);
  } catch {
    throw new CtyError([], "JSON value is not valid UTF-8");
  }
  if (text.trim() === "") return null;
  let tree: JsonValue;
  try {
    tree = parseJsonLossless(text);
  } catch (err) {
    throw new CtyError([], `${(err as Error).message}; expected a JSON value of type ${describeCtyType(type)}`);
  }
  return fromJson(tree, type, [], options.ignoreUndefinedAttributes === true);
}

function fromJson(j: JsonValue, t: CtyType, path: CtyPathStep[], lenient: boolean): CtyValue {
  if (j === null) return null;
  if (t === "dynamic") return dynamicFromJson(j, path, lenient);
  const got = (): string =>
    j instanceof JsonNumber ? `number ${j.text}` : j instanceof Map ? "an object" : describeValue(j);
  const mismatch = (): never => fail(path, `expected ${describeCtyType(t)}, got ${got()}`);
  if (typeof t === "string") {
    switch (t) {
      case "string":
        if (typeof j === "string") return normalizeString(j, path);
        if (j instanceof JsonNumber) return j.text;
        return typeof j === "boolean" ? String(j) : mismatch();
      case "bool":
        if (typeof j === "boolean") return j;
        if (j === "true" || j === "false") return j === "true";
        return mismatch();
      case "number": {
        const text = j instanceof JsonNumber ? j.text : typeof j === "string" ? j : mismatch();
        return toCanonicalNumber(text) ?? fail(path, `expected number, got ${got()}`);
      }
      default:
        return fail(path, `invalid cty type ${JSON.stringify(t)}`);
    }
  }
  switch (t[0]) {
    case "list":
    case "set":
      if (!Array.isArray(j)) return mismatch();
      return j.map((el, index) => within(path, { index }, () => fromJson(el, t[1], path, lenient)));
    case "tuple":
      if (!Array.isArray(j)) return mismatch();
      if (j.length !== t[1].length) fail(path, `expected a tuple of ${t[1].length} element(s), got ${j.length}`);
      return j.map((el, index) => within(path, { index }, () => fromJson(el, t[1][index], path, lenient)));
    case "map": {
      if (!(j instanceof Map)) return mismatch();
      const out: CtyObjectValue = {};
      for (const [key, el] of j)
        setOwn(
          out,
          key,
          within(path, { key }, () => fromJson(el, t[1], path, lenient)),
        );
      return out;
    }
    case "object": {
      if (!(j instanceof Map)) return mismatch();
      const attrs = t[1];
      for (const name of j.keys()) {
        if (!lenient && !Object.prototype.hasOwnProperty.call(attrs, name)) {
          fail(
            path,
            `unsupported attribute ${JSON.stringify(name)}; the type has ` +
              `${Object.keys(attrs).join(", ") || "no attributes"} (state from an older schema needs an upgrade)`,
          );
        }
      }
      const out: CtyObjectValue = {};
      for (const name of Object.keys(attrs)) {
        const el = j.get(name);
        setOwn(
          out,
          name,
          el === undefined ? null : within(path, { attr: name }, () => fromJson(el, attrs[name], path, lenient)),
        );
      }
      return out;
    }
    default:
      return fail(path, `invalid cty type ${JSON.stringify(t)}`);
  }
}

function dynamicFromJson(j: JsonValue, path: CtyPathStep[], lenient: boolean): CtyValue {
  const shape = `a dynamic value must be {"value": …, "type": …}`;
  if (!(j instanceof Map)) return fail(path, `${shape}, got ${describeValue(j)}`);
  for (const key of j.keys()) {
    if (key !== "value" && key !== "type") fail(path, `${shape}; unexpected key ${JSON.stringify(key)}`);
  }
  const rawType = j.get("type");
  if (rawType === undefined || !j.has("value")) fail(path, `${shape}; "type" or "value" is missing`);
  let type: CtyType;
  try {
    type = checkCtyType(jsonToPlain(rawType as JsonValue));
  } catch (err) {
    return fail(path, `dynamic value has an invalid type: ${(err as CtyError).detail ?? (err as Error).message}`);
  }
  const value = j.get("value") as JsonValue;
  if (type === "dynamic") return fromJson(value, "dynamic", path, lenient);
  return new CtyDynamic(type, fromJson(value, type, path, lenient));
}

/**
 * Encodes `value` (normalized first, like encodeMsgpack) as JSON bytes. Throws a CtyError at the path of any
 * unknown value, since JSON has no way to say "known after apply".
 */
export function encodeJson(value: CtyInput, type: CtyType): Uint8Array {
  const canonical = normalizeCtyValue(value, type);
  return utf8Encoder.encode(toJson(canonical, type, []));
}

function toJson(v: CtyValue, t: CtyType, path: CtyPathStep[]): string {
  if (v === null) return "null";
  if (v instanceof Unknown) {
    return fail(
      path,
      "value is unknown (known after apply) and JSON cannot carry unknown values; encode it as " +
        "msgpack, or resolve it before encoding",
    );
  }
  if (t === "dynamic") {
    const dyn = v as CtyDynamic;
    return `{"value":${toJson(dyn.value, dyn.type, path)},"type":${ctyTypeToJson(dyn.type)}}`;
  }
  if (typeof t === "string") {
    if (t !== "number") return JSON.stringify(v);
    const text = numberToText(v as CtyNumber);
    return text.endsWith("Inf") ? fail(path, `${text} cannot be written as JSON`) : text;
  }
  switch (t[0]) {
    case "list":
    case "set": // normalization already put set elements in their canonical order
      return `[${(v as CtyValue[])
        .map((el, index) => within(path, { index }, () => toJson(el, t[1], path)))
        .join(",")}]`;
    case "tuple":
      return `[${(v as CtyValue[])
        .map((el, index) => within(path, { index }, () => toJson(el, t[1][index], path)))
        .join(",")}]`;
    case "map":
    case "object": {
      const source = v as CtyObjectValue;
      const parts = Object.keys(source)
        .sort()
        .map((key) => {
          const step: CtyPathStep = t[0] === "map" ? { key } : { attr: key };
          const elementType = t[0] === "map" ? t[1] : t[1][key];
          return `${JSON.stringify(key)}:${within(path, step, () => toJson(source[key], elementType, path))}`;
        });
      return `{${parts.join(",")}}`;
    }
  }
}
