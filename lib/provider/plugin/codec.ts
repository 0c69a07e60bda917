// Protobuf encoding of the plugin messages by name, on the runtime's own wire codec (protobuf.ts).
import { decodeMessage, encodeMessage, messageDescriptor } from "./protobuf";

export interface MessageCodec<Req, Res> {
  decodeRequest(bytes: Uint8Array): Req;
  encodeResponse(message: Res): Uint8Array;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyCodec = MessageCodec<any, any>;

/** Codec for a request/response pair, e.g. "tfplugin6.ReadResource.Request" / "...Response". */
export function codecFor(requestType: string, responseType: string): AnyCodec {
  // Resolve both types now: a misspelt name fails here, not in the middle of a call.
  messageDescriptor(requestType);
  messageDescriptor(responseType);
  return {
    decodeRequest: (bytes) => decodeMessage(requestType, bytes),
    encodeResponse: (message) => encodeMessage(responseType, message as Record<string, unknown>),
  };
}

/** Codec of a tfplugin6 RPC by method name: messages are named <Method>.Request / <Method>.Response. */
export function tfplugin6Codec(method: string): AnyCodec {
  return codecFor(`tfplugin6.${method}.Request`, `tfplugin6.${method}.Response`);
}

/** Encode/decode of any message by full name (tests and tools use it to play Terraform's side). */
export function messageType(fullName: string): {
  encode(message: Record<string, unknown>): Uint8Array;
  decode(bytes: Uint8Array): Record<string, unknown>;
} {
  messageDescriptor(fullName);
  return {
    encode: (m) => encodeMessage(fullName, m),
    decode: (b) => decodeMessage(fullName, b),
  };
}
