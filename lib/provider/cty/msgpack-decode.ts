// Decoding msgpack cty values (DynamicValue.msgpack) into canonical JS values. The msgpack library turns the bytes
// into a plain tree (int64 as bigint, extensions kept raw); this module then walks that tree along the type.
import { DecodeError, Decoder, ExtData } from "@msgpack/msgpack";
import { CtyError, describeValue, fail, within } from "./errors";
import type { CtyPathStep } from "./errors";
import { ctyExtensionCodec } from "./msgpack-ext";
import { normalizeString } from "./normalize";
import { toCanonicalNumber } from "./numbers";
import { decodeUnknownExtension } from "./refinements";
import { describeCtyType, parseCtyType } from "./types";
import type { CtyType } from "./types";
import { CtyDynamic, isPlainObject, setOwn } from "./values";
import type { CtyObjectValue, CtyValue } from "./values";

const decoder = new Decoder({
  extensionCodec: ctyExtensionCodec,
  useBigInt64: true, // int64 values beyond 2^53 stay exact
  mapKeyConverter: (key: unknown) => {
    if (typeof key !== "string") throw new DecodeError(`map key is ${describeValue(key)}; cty map keys are strings`);
    return key;
  },
});

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Decodes msgpack bytes holding a value of type `type`. Empty bytes mean null (an unset DynamicValue). */
export function decodeMsgpack(bytes: Uint8Array, type: CtyType): CtyValue {
  if (bytes.length === 0) return null;
  let tree: unknown;
  try {
    tree = decoder.decode(bytes);
  } catch (err) {
    throw new CtyError(
      [],
      `malformed msgpack (${(err as Error).message}); expected a cty value of type ` +
        `${describeCtyType(type)} as Terraform sends it in DynamicValue.msgpack`,
    );
  }
  return fromWire(tree, type, []);
}

function fromWire(w: unknown, t: CtyType, path: CtyPathStep[]): CtyValue {
  if (w instanceof ExtData) return decodeUnknownExtension(w.type, w.data as Uint8Array, t, path);
  if (t === "dynamic") return dynamicFromWire(w, path);
  if (w === null) return null;
  const mismatch = (): never => fail(path, `expected ${describeCtyType(t)}, got ${describeValue(w)}`);
  if (typeof t === "string") {
    switch (t) {
      case "string":
        if (typeof w === "string") return normalizeString(w, path);
        return w instanceof Uint8Array ? normalizeString(decodeUtf8(w, path), path) : mismatch();
      case "bool":
        return typeof w === "boolean" ? w : mismatch();
      case "number": {
        if (typeof w !== "number" && typeof w !== "bigint" && typeof w !== "string") return mismatch();
        return toCanonicalNumber(w) ?? fail(path, `expected number, got ${describeValue(w)}`);
      }
      default:
        return fail(path, `invalid cty type ${JSON.stringify(t)}`);
    }
  }
  switch (t[0]) {
    case "list":
    case "set":
      if (!Array.isArray(w)) return mismatch();
      return w.map((el, index) => within(path, { index }, () => fromWire(el, t[1], path)));
    case "tuple":
      if (!Array.isArray(w)) return mismatch();
      if (w.length !== t[1].length) fail(path, `expected a tuple of ${t[1].length} element(s), got ${w.length}`);
      return w.map((el, index) => within(path, { index }, () => fromWire(el, t[1][index], path)));
    case "map": {
      if (!isPlainObject(w)) return mismatch();
      const out: CtyObjectValue = {};
      for (const key of Object.keys(w)) {
        setOwn(
          out,
          key,
          within(path, { key }, () => fromWire(w[key], t[1], path)),
        );
      }
      return out;
    }
    case "object": {
      if (!isPlainObject(w)) return mismatch();
      const attrs = t[1];
      const out: CtyObjectValue = {};
      // Terraform always sends every attribute; a missing one is read as null rather than refused.
      for (const name of Object.keys(attrs)) {
        const present = Object.prototype.hasOwnProperty.call(w, name);
        setOwn(out, name, present ? within(path, { attr: name }, () => fromWire(w[name], attrs[name], path)) : null);
      }
      for (const name of Object.keys(w)) {
        if (!Object.prototype.hasOwnProperty.call(attrs, name)) {
          fail(
            path,
            `unsupported attribute ${JSON.stringify(name)}; the schema has ${
              Object.keys(attrs).join(", ") || "no attributes"
            }`,
          );
        }
      }
      return out;
    }
    default:
      return fail(path, `invalid cty type ${JSON.stringify(t)}`);
  }
}

/** nil → null; extension → unknown (handled by the caller); [type JSON, value] → CtyDynamic. */
function dynamicFromWire(w: unknown, path: CtyPathStep[]): CtyValue {
  if (w === null) return null;
  if (!Array.isArray(w) || w.length !== 2) {
    return fail(path, `a dynamic value must be a [type JSON, value] pair, got ${describeValue(w)}`);
  }
  const [rawType, rawValue] = w;
  if (typeof rawType !== "string" && !(rawType instanceof Uint8Array)) {
    return fail(path, `the type of a dynamic value must be JSON bytes, got ${describeValue(rawType)}`);
  }
  let type: CtyType;
  try {
    type = parseCtyType(rawType);
  } catch (err) {
    return fail(path, `dynamic value has an invalid type: ${(err as CtyError).detail ?? (err as Error).message}`);
  }
  if (type === "dynamic") return fromWire(rawValue, "dynamic", path);
  return new CtyDynamic(type, fromWire(rawValue, type, path));
}

function decodeUtf8(bytes: Uint8Array, path: CtyPathStep[]): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return fail(path, "string is not valid UTF-8");
  }
}
