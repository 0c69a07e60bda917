// The msgpack extension codec for cty: Unknown instances become extension 0 (plain, written as fixext1 `d4 00 00`
// like cty does) or extension 12 (refined). On decode every extension is kept raw, because what it means depends on
// the type expected at that position, which only the type-directed decoder knows.
import { ExtData, ExtensionCodec } from "@msgpack/msgpack";
import { EXT_REFINED_UNKNOWN, EXT_UNKNOWN, encodeRefinementPayload } from "./refinements";
import { Unknown } from "./values";

/** cty's encoding of a plain unknown: one zero byte of data (fixext1 is shorter than an empty ext 8). */
const PLAIN_UNKNOWN_DATA = Uint8Array.of(0);

/** MessagePack's predefined timestamp extension; cty has no timestamps, so keep it raw like any other. */
const EXT_TIMESTAMP = -1;

export const ctyExtensionCodec = new ExtensionCodec();

const keepRaw = (data: Uint8Array, extType: number): ExtData => new ExtData(extType, data);

ctyExtensionCodec.register({
  type: EXT_UNKNOWN,
  encode: (input) => (input instanceof Unknown && !input.refined ? PLAIN_UNKNOWN_DATA : null),
  decode: keepRaw,
});

ctyExtensionCodec.register({
  type: EXT_REFINED_UNKNOWN,
  encode: (input) => (input instanceof Unknown && input.refined ? encodeRefinementPayload(input) : null),
  decode: keepRaw,
});

ctyExtensionCodec.register({
  type: EXT_TIMESTAMP,
  encode: () => null,
  decode: keepRaw,
});
