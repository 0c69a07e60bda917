// Refined unknowns on the wire: msgpack extension type 12 whose payload is a msgpack map with small integer keys
//   1: is-null flag (false = "definitely not null"; true would make the value a known null)
//   2: string prefix            3: [lower bound, inclusive]   4: [upper bound, inclusive]
//   5: minimum collection length   6: maximum collection length
// Keys that do not apply to the value's type are errors; keys we do not know are ignored (room for cty to grow).
import { Decoder, Encoder } from "@msgpack/msgpack";
import { describeValue, fail } from "./errors";
import type { CtyPath } from "./errors";
import { numberToWire, toCanonicalNumber } from "./numbers";
import { describeCtyType, isCollectionType } from "./types";
import type { CtyType } from "./types";
import { UNKNOWN, Unknown } from "./values";
import type { CtyNumberBound, UnknownRefinements } from "./values";

export const EXT_UNKNOWN = 0;
export const EXT_REFINED_UNKNOWN = 12;

const KEY_IS_NULL = 1;
const KEY_STRING_PREFIX = 2;
const KEY_NUMBER_MIN = 3;
const KEY_NUMBER_MAX = 4;
const KEY_LENGTH_MIN = 5;
const KEY_LENGTH_MAX = 6;

/** cty refuses larger payloads as abusive; so do we. */
const MAX_PAYLOAD_BYTES = 1024;

const payloadEncoder = new Encoder({ useBigInt64: true });
const payloadDecoder = new Decoder({ useBigInt64: true });

/**
 * Returns the unknown to use for a value of type `type`: plain for "dynamic" (cty never refines those), the same
 * instance otherwise, after checking that each refinement applies to the type.
 */
export function refineForType(u: Unknown, type: CtyType, path: CtyPath): Unknown {
  if (type === "dynamic" || !u.refined) return UNKNOWN;
  const r = u.refinements;
  const misfit = (name: string, applies: string): never =>
    fail(
      path,
      `unknown value has a ${name} refinement, which only applies to ${applies}, but the type is ` +
        `${describeCtyType(type)}; drop the refinement or use UNKNOWN`,
    );
  if (r.stringPrefix !== undefined && type !== "string") misfit("stringPrefix", "strings");
  if ((r.numberLower || r.numberUpper) && type !== "number") misfit("number bound", "numbers");
  if ((r.lengthMin !== undefined || r.lengthMax !== undefined) && !isCollectionType(type)) {
    misfit("length bound", "lists, sets and maps");
  }
  return u;
}

/** The ext 12 payload for a refined unknown (already checked against its type by refineForType). */
export function encodeRefinementPayload(u: Unknown): Uint8Array {
  const r = u.refinements;
  const entries: Array<[number, unknown]> = [];
  if (r.notNull) entries.push([KEY_IS_NULL, false]);
  if (r.stringPrefix) entries.push([KEY_STRING_PREFIX, r.stringPrefix]);
  if (r.numberLower) entries.push([KEY_NUMBER_MIN, [numberToWire(r.numberLower.value), r.numberLower.inclusive]]);
  if (r.numberUpper) entries.push([KEY_NUMBER_MAX, [numberToWire(r.numberUpper.value), r.numberUpper.inclusive]]);
  if (r.lengthMin) entries.push([KEY_LENGTH_MIN, r.lengthMin]);
  if (r.lengthMax !== undefined) entries.push([KEY_LENGTH_MAX, r.lengthMax]);
  // The library writes object keys as strings; cty requires integer keys, so the map header and keys are
  // written here and only the values go through the encoder.
  const parts: Uint8Array[] = [Uint8Array.of(0x80 | entries.length)];
  for (const [key, value] of entries) {
    parts.push(Uint8Array.of(key), payloadEncoder.encode(value));
  }
  return concat(parts);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/**
 * The value an unknown extension stands for, given the type expected at `path`: plain UNKNOWN for a payload of
 * 0 or 1 byte (any extension type, as cty does), a refined Unknown for type 12, or null when the refinement says
 * the value is definitely null.
 */
export function decodeUnknownExtension(
  extType: number,
  data: Uint8Array,
  type: CtyType,
  path: CtyPath,
): Unknown | null {
  if (data.length <= 1) return UNKNOWN;
  if (extType !== EXT_REFINED_UNKNOWN) {
    return fail(
      path,
      `unsupported msgpack extension type ${extType} with ${data.length} bytes of data; only ` +
        `unknown values (extension 0, or 12 with refinements) may appear in a cty value`,
    );
  }
  if (data.length > MAX_PAYLOAD_BYTES) fail(path, `unknown value refinements are oversize (${data.length} bytes)`);
  let payload: unknown;
  try {
    // cty ignores bytes after the map (reserved for later use), so take only the first item.
    payload = payloadDecoder.decodeMulti(data).next().value;
  } catch (err) {
    return fail(path, `unknown value refinements are not valid msgpack (${(err as Error).message})`);
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload) || payload instanceof Uint8Array) {
    return fail(path, `unknown value refinements must be a msgpack map, got ${describeValue(payload)}`);
  }
  if (type === "dynamic") return UNKNOWN; // cty ignores refinements of dynamic values
  return refinementsFromPayload(payload as Record<string, unknown>, type, path);
}

function refinementsFromPayload(payload: Record<string, unknown>, type: CtyType, path: CtyPath): Unknown | null {
  const r: { -readonly [K in keyof UnknownRefinements]: UnknownRefinements[K] } = {};
  const bad = (what: string): never => fail(path, `invalid unknown value refinement: ${what}`);
  for (const [rawKey, value] of Object.entries(payload)) {
    if (!/^-?\d+$/.test(rawKey)) bad(`non-integer key ${JSON.stringify(rawKey)}`);
    switch (Number(rawKey)) {
      case KEY_IS_NULL:
        if (typeof value !== "boolean") bad(`null refinement is ${describeValue(value)}, not a boolean`);
        if (value) return null;
        r.notNull = true;
        break;
      case KEY_STRING_PREFIX:
        if (type !== "string") bad(`string prefix for a value of type ${describeCtyType(type)}`);
        if (typeof value !== "string") bad(`string prefix is ${describeValue(value)}, not a string`);
        r.stringPrefix = value as string;
        break;
      case KEY_NUMBER_MIN:
      case KEY_NUMBER_MAX: {
        if (type !== "number") bad(`number bound for a value of type ${describeCtyType(type)}`);
        const bound = boundFromWire(value) ?? bad(`number bound must be [number, bool], got ${describeValue(value)}`);
        if (Number(rawKey) === KEY_NUMBER_MIN) r.numberLower = bound;
        else r.numberUpper = bound;
        break;
      }
      case KEY_LENGTH_MIN:
      case KEY_LENGTH_MAX: {
        if (!isCollectionType(type)) bad(`length bound for a value of type ${describeCtyType(type)}`);
        const n = typeof value === "bigint" ? Number(value) : value;
        if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0) {
          bad(`length bound must be a non-negative integer, got ${describeValue(value)}`);
        }
        if (Number(rawKey) === KEY_LENGTH_MIN) r.lengthMin = n as number;
        else r.lengthMax = n as number;
        break;
      }
      default:
        break; // a refinement from a newer cty: safe to ignore, refinements only narrow
    }
  }
  const u = new Unknown(r);
  return u.refined ? u : UNKNOWN;
}

/** A bound is [number, inclusive]; the number in any of cty's wire forms (int, float, decimal text). */
function boundFromWire(value: unknown): CtyNumberBound | undefined {
  if (!Array.isArray(value) || value.length !== 2 || typeof value[1] !== "boolean") return undefined;
  const raw: unknown = value[0];
  if (typeof raw !== "number" && typeof raw !== "bigint" && typeof raw !== "string") return undefined;
  const n = toCanonicalNumber(raw);
  return n === undefined ? undefined : { value: n, inclusive: value[1] };
}
