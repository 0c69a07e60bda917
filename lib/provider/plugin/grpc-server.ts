// A minimal gRPC server on node:http2: unary calls plus immediately-finished streaming stubs, which is all a
// Terraform provider needs. Built on the runtime's own HTTP/2 + TLS instead of @grpc/grpc-js because that library
// alone adds ~90 ms to every provider start (Terraform starts a provider 3-5 times per command).
//
// gRPC over HTTP/2: a POST to /<package.Service>/<Method> whose body is length-prefixed messages
// (1 byte compressed flag, 4 bytes big-endian length, payload); the answer is HEADERS, DATA with the same framing,
// then trailers carrying grpc-status and grpc-message.
import type * as http2 from "node:http2";
import type { TLSSocket } from "node:tls";
import type { PluginLogger } from "./logger";

// Terraform allows gRPC messages up to 256 MiB (large states, schemas); node's default session budget is 10 MiB.
const SESSION_MEMORY_MB = 256;

export const GrpcStatus = { OK: 0, CANCELLED: 1, UNKNOWN: 2, INVALID_ARGUMENT: 3, INTERNAL: 13, UNIMPLEMENTED: 12 };

/** Thrown by a handler to answer with a specific gRPC status (anything else becomes INTERNAL). */
export class GrpcError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "GrpcError";
  }
}

export interface CallInfo {
  /** The client connection the call came on. */
  readonly session: http2.ServerHttp2Session;
}

export type UnaryHandler = (request: Uint8Array, call: CallInfo) => Promise<Uint8Array>;

export interface GrpcRoute {
  /** "unary": request → handler → one response. "stub": answer OK at once with no messages (stdio, broker). */
  readonly kind: "unary" | "stub";
  readonly handler?: UnaryHandler;
}

export interface GrpcServerOptions {
  readonly socketPath: string;
  /**
   * mTLS material: the server's key and certificate, and which client certificates to accept. Without it the
   * server speaks plain HTTP/2 (go-plugin does that when no client cert is given).
   */
  readonly tls?: {
    keyPem: string;
    certPem: string;
    /** Decides on a new connection from the certificate its client presented (DER); see client-pin.ts. */
    acceptPeer(peerCertDer: Buffer | undefined, session: http2.ServerHttp2Session): boolean;
  };
  readonly routes: ReadonlyMap<string, GrpcRoute>;
  readonly log: PluginLogger;
  /** Called when the last open connection closes. */
  readonly onIdle?: () => void;
}

export interface GrpcServer {
  close(): void;
  /** Open HTTP/2 connections. */
  sessionCount(): number;
}

export function startGrpcServer(opts: GrpcServerOptions): Promise<GrpcServer> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const h2 = require("node:http2") as typeof http2;
  const server = opts.tls
    ? h2.createSecureServer({
        key: opts.tls.keyPem,
        cert: opts.tls.certPem,
        // No trusted roots at all (an empty list keeps node from loading its root store): the client certificate
        // is asked for and checked by acceptPeer below (see client-pin.ts).
        ca: [],
        requestCert: true,
        rejectUnauthorized: false,
        minVersion: "TLSv1.2",
        maxSessionMemory: SESSION_MEMORY_MB,
      })
    : h2.createServer({ maxSessionMemory: SESSION_MEMORY_MB });
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("session", (session) => {
    // Checked before any stream of the session is dispatched.
    if (opts.tls && !opts.tls.acceptPeer((session.socket as TLSSocket).getPeerCertificate()?.raw, session)) {
      opts.log.warn("refused a connection without the plugin client certificate Terraform announced");
      session.destroy();
      return;
    }
    sessions.add(session);
    session.on("close", () => {
      sessions.delete(session);
      if (sessions.size === 0) opts.onIdle?.();
    });
    session.on("error", (err) => opts.log.debug("gRPC session error", { error: String(err) }));
  });
  server.on("stream", (stream, headers) => handleStream(stream, headers, opts));
  server.on("tlsClientError", (err) =>
    opts.log.warn("TLS handshake with the plugin client failed", { error: String(err) }),
  );
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.socketPath, () => {
      server.off("error", reject);
      server.on("error", (err) => opts.log.error("gRPC server error", { error: String(err) }));
      resolve({
        close() {
          for (const s of sessions) s.destroy();
          server.close();
        },
        sessionCount: () => sessions.size,
      });
    });
  });
}

function handleStream(
  stream: http2.ServerHttp2Stream,
  headers: http2.IncomingHttpHeaders,
  opts: GrpcServerOptions,
): void {
  const path = String(headers[":path"] ?? "");
  stream.on("error", (err) => opts.log.debug("gRPC stream error", { path, error: String(err) }));
  const route = opts.routes.get(path);
  if (headers[":method"] !== "POST" || !route) {
    opts.log.debug("gRPC method not implemented", { path });
    finishWithStatus(stream, GrpcStatus.UNIMPLEMENTED, `method ${path} is not implemented by this provider`);
    return;
  }
  if (route.kind === "stub" || !route.handler) {
    stream.resume(); // discard whatever the client streams
    finishWithStatus(stream, GrpcStatus.OK, "");
    return;
  }
  const handler = route.handler;
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  stream.on("end", () => {
    const framed = readSingleMessage(Buffer.concat(chunks));
    if (typeof framed === "string") {
      finishWithStatus(stream, GrpcStatus.INTERNAL, framed);
      return;
    }
    handler(framed, { session: stream.session as http2.ServerHttp2Session }).then(
      (response) => sendUnaryResponse(stream, response),
      (err: unknown) => {
        if (err instanceof GrpcError) {
          finishWithStatus(stream, err.status, err.message);
          return;
        }
        opts.log.error("gRPC handler failed", { path, error: err instanceof Error ? err.stack : String(err) });
        finishWithStatus(stream, GrpcStatus.INTERNAL, err instanceof Error ? err.message : String(err));
      },
    );
  });
}

/** Extracts the one message of a unary request body, or returns what is wrong with it. */
export function readSingleMessage(body: Buffer): Uint8Array | string {
  if (body.length < 5) return `request body too short for a gRPC message (${body.length} bytes)`;
  if (body[0] !== 0) return "compressed gRPC messages are not supported";
  const length = body.readUInt32BE(1);
  if (body.length !== 5 + length) {
    return `request body holds ${body.length - 5} bytes but the message header says ${length}`;
  }
  return body.subarray(5);
}

export function frameMessage(message: Uint8Array): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt32BE(message.length, 1);
  return Buffer.concat([header, message]);
}

function sendUnaryResponse(stream: http2.ServerHttp2Stream, response: Uint8Array): void {
  if (stream.destroyed || stream.closed) return;
  stream.respond({ ":status": 200, "content-type": "application/grpc+proto" }, { waitForTrailers: true });
  stream.once("wantTrailers", () => stream.sendTrailers({ "grpc-status": String(GrpcStatus.OK) }));
  stream.end(frameMessage(response));
}

/** A "trailers-only" answer: status and message in the only HEADERS frame. */
function finishWithStatus(stream: http2.ServerHttp2Stream, status: number, message: string): void {
  if (stream.destroyed || stream.closed) return;
  stream.respond(
    {
      ":status": 200,
      "content-type": "application/grpc+proto",
      "grpc-status": String(status),
      ...(message ? { "grpc-message": percentEncode(message) } : {}),
    },
    { endStream: true },
  );
}

/** grpc-message is percent-encoded UTF-8 (printable ASCII except "%" passes through). */
export function percentEncode(text: string): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    out +=
      byte >= 0x20 && byte <= 0x7e && byte !== 0x25
        ? String.fromCharCode(byte)
        : "%" + byte.toString(16).toUpperCase().padStart(2, "0");
  }
  return out;
}
