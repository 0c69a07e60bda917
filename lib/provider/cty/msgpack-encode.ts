// Encoding cty values as msgpack (DynamicValue.msgpack), byte-compatible with what go-cty writes: objects carry
// every attribute (nil for null) in sorted order, numbers use int64, then float64, then decimal text, dynamic values
// are [type JSON bytes, value] pairs, unknowns are extensions 0 and 12.
import { Encoder } from "@msgpack/msgpack";
import { ctyExtensionCodec } from "./msgpack-ext";
import { normalizeCtyValue } from "./normalize";
import { numberToWire } from "./numbers";
import type { CtyNumber } from "./numbers";
import { ctyTypeToJson } from "./types";
import type { CtyType } from "./types";
import { CtyDynamic, Unknown } from "./values";
import type { CtyInput, CtyObjectValue, CtyValue } from "./values";

const encoder = new Encoder({
  extensionCodec: ctyExtensionCodec,
  useBigInt64: true, // exact int64
  sortKeys: true, // deterministic map order
  maxDepth: 1000,
});

const utf8 = new TextEncoder();

/**
 * Encodes `value` as a msgpack cty value of type `type`. The value is normalized first (see normalizeCtyValue),
 * so loose input is accepted and anything that does not fit the type throws a CtyError with its path.
 */
export function encodeMsgpack(value: CtyInput, type: CtyType): Uint8Array {
  const canonical = normalizeCtyValue(value, type);
  return encoder.encode(toWire(canonical, type));
}

/** Maps a canonical value onto the plain structure the msgpack library writes. */
function toWire(v: CtyValue, t: CtyType): unknown {
  if (v === null || v instanceof Unknown) return v; // nil, or an extension via ctyExtensionCodec
  if (t === "dynamic") {
    const dyn = v as CtyDynamic;
    return [utf8.encode(ctyTypeToJson(dyn.type)), toWire(dyn.value, dyn.type)];
  }
  if (typeof t === "string") {
    return t === "number" ? numberToWire(v as CtyNumber) : v;
  }
  switch (t[0]) {
    case "list":
    case "set": // normalization already put set elements in their canonical order
      return (v as CtyValue[]).map((el) => toWire(el, t[1]));
    case "tuple":
      return (v as CtyValue[]).map((el, i) => toWire(el, t[1][i]));
    case "map":
    case "object": {
      // A null-prototype object so that "__proto__" is an ordinary key.
      const out: Record<string, unknown> = Object.create(null);
      const source = v as CtyObjectValue;
      for (const key of Object.keys(source)) {
        const elementType = t[0] === "map" ? t[1] : t[1][key];
        out[key] = toWire(source[key], elementType);
      }
      return out;
    }
  }
}
