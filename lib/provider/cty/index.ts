// cty values over msgpack and JSON: the value layer of the Terraform plugin protocol.
//
// Values in JS: null; string; boolean; numbers as number / bigint / CtyDecimal (see numbers.ts); lists, sets and
// tuples as arrays; maps and objects as plain objects (objects always carry every attribute); dynamic values as
// CtyDynamic; unknown values as Unknown (UNKNOWN when nothing more is known).

export type { CtyType, CtyPrimitiveType } from "./types";
export { parseCtyType, checkCtyType, ctyTypeToJson, ctyTypeEquals, describeCtyType } from "./types";

export type { CtyNumber } from "./numbers";
export { CtyDecimal, toCtyNumber, compareCtyNumbers } from "./numbers";

export type { CtyValue, CtyInput, CtyObjectValue, UnknownRefinements, CtyNumberBound } from "./values";
export { Unknown, UNKNOWN, CtyDynamic, isUnknown, isWhollyKnown } from "./values";

export type { CtyPath, CtyPathStep } from "./errors";
export { CtyError, formatCtyPath } from "./errors";

export { normalizeCtyValue, impliedType } from "./normalize";
export { decodeMsgpack } from "./msgpack-decode";
export { encodeMsgpack } from "./msgpack-encode";
export type { DecodeJsonOptions } from "./json";
export { decodeJson, encodeJson } from "./json";
export { ctyEqual, ctyKey } from "./equal";
