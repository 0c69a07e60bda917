// Protobuf encoding of the plugin messages, with protobufjs's light build (reflection from a JSON descriptor;
// no .proto parser, no @grpc/proto-loader on the start path).
import type { Type } from "protobufjs";
import { buildDescriptor } from "./proto-descriptor";

export interface MessageCodec<Req, Res> {
  decodeRequest(bytes: Uint8Array): Req;
  encodeResponse(message: Res): Uint8Array;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyCodec = MessageCodec<any, any>;

let root: { lookupType(path: string): Type } | undefined;

function getRoot(): { lookupType(path: string): Type } {
  if (!root) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const protobuf = require("protobufjs/light") as typeof import("protobufjs");
    root = protobuf.Root.fromJSON(buildDescriptor() as never);
  }
  return root;
}

const TO_OBJECT = { longs: Number, enums: Number, defaults: false, arrays: true, objects: true } as const;

/** Codec for a request/response pair, e.g. "tfplugin6.ReadResource.Request" / "...Response". */
export function codecFor(requestType: string, responseType: string): AnyCodec {
  const req = getRoot().lookupType(requestType);
  const res = getRoot().lookupType(responseType);
  return {
    decodeRequest: (bytes) => req.toObject(req.decode(bytes), TO_OBJECT),
    encodeResponse: (message) => res.encode(res.fromObject(message)).finish(),
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
  const t = getRoot().lookupType(fullName);
  return {
    encode: (m) => t.encode(t.fromObject(m)).finish(),
    decode: (b) => t.toObject(t.decode(b), TO_OBJECT) as Record<string, unknown>,
  };
}

/** Builds the descriptor root ahead of the first call (done right after the handshake line). */
export function warmCodecs(): void {
  getRoot();
}
