// One undici Agent per remote: it pools keep-alive connections (unix socket or TLS) and lets many
// requests run at once, which is what a Terraform provider applying a large graph needs.
import type { ConnectionOptions, TLSSocket } from "node:tls";
import type { Dispatcher, buildConnector } from "undici";
import type { ResolvedHttpsRemote, ResolvedRemote } from "./remotes/remote";

/** A connected remote: the dispatcher that sends requests and the origin they go to. */
export interface Transport {
  readonly kind: "unix" | "https";
  readonly dispatcher: Dispatcher;
  /** Origin put on each request (the unix socket needs a syntactically valid one too). */
  readonly origin: string;
  /** Human description used in error messages. */
  readonly endpoint: string;
  /** Closes idle connections and waits for in-flight requests. */
  close(): Promise<void>;
}

export interface TransportOptions {
  /**
   * Maximum number of simultaneous connections to the remote.
   * @default unlimited (undici's default); operation long-polls each hold one connection
   */
  readonly connections?: number;
  /** @default 10000 ms */
  readonly connectTimeoutMs?: number;
}

type UndiciCore = Pick<typeof import("undici"), "Agent" | "buildConnector">;
let core: UndiciCore | undefined;

// undici is loaded on first connect, not at import: a Terraform provider process is started 3-5 times per
// command, and most starts (schema, validation) never talk to Incus. Only the modules the client uses are
// loaded (Agent, the connector, Dispatcher#request, which undici's index attaches to the prototype the same
// way): the index would also load fetch, WebSocket, caches and mocks, twice as much code to compile (measured on
// the bundled incus provider: +8 ms at every start, 12 → 31 ms at the first connect). These paths are not
// undici's public API, so undici is pinned to an exact version and test/unit/incus/undici-deep-imports.test.ts
// checks each path still exists and is what undici's index exports.
function undici(): UndiciCore {
  if (!core) {
    /* eslint-disable @typescript-eslint/no-require-imports */
    const Dispatcher = require("undici/lib/dispatcher/dispatcher") as { prototype: { request?: unknown } };
    Dispatcher.prototype.request ??= require("undici/lib/api/api-request");
    core = {
      Agent: require("undici/lib/dispatcher/agent") as UndiciCore["Agent"],
      buildConnector: require("undici/lib/core/connect") as UndiciCore["buildConnector"],
    };
    /* eslint-enable @typescript-eslint/no-require-imports */
  }
  return core;
}

/** Error code used when the server presents a certificate other than the pinned one. */
export const PINNED_CERT_MISMATCH = "ERR_INCUS_PINNED_CERT_MISMATCH";

// Verification failures that only say "this chain does not end at a trust anchor". In pinned mode
// the pin replaces the chain (a CA-signed server certificate can be pinned, as with
// `incus remote add`), so these are forgiven once the fingerprint matched exactly; anything else
// (expired, not yet valid, bad signature) still fails the connection. Unforgiven, they are TLS failures
// (request.ts maps them to the TLS error code).
export const CHAIN_ONLY_ERRORS: ReadonlySet<string> = new Set([
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
]);

function tlsFailure(message: string, code: string): Error {
  const err = new Error(message);
  (err as NodeJS.ErrnoException).code = code;
  return err;
}

/** Checks a finished handshake against the pin; returns the reason to refuse it, if any. */
function pinViolation(socket: TLSSocket, expected: string): Error | undefined {
  const peer = socket.getPeerCertificate();
  const actual = peer?.fingerprint256;
  if (actual !== expected) {
    return tlsFailure(
      `server certificate ${actual ?? "(none)"} does not match the pinned certificate ${expected}`,
      PINNED_CERT_MISMATCH,
    );
  }
  // Checked here too because OpenSSL reports only the first problem, and for a CA-signed pin that
  // is the missing issuer, which is forgiven below.
  const now = Date.now();
  if (Date.parse(peer.valid_to) < now)
    return tlsFailure(`pinned server certificate expired on ${peer.valid_to}`, "CERT_HAS_EXPIRED");
  if (Date.parse(peer.valid_from) > now)
    return tlsFailure(`pinned server certificate is not valid before ${peer.valid_from}`, "CERT_NOT_YET_VALID");
  const reason = socket.authorizationError as unknown as string | Error | null;
  const code = reason instanceof Error ? ((reason as NodeJS.ErrnoException).code ?? reason.message) : reason;
  if (socket.authorized || (code && CHAIN_ONLY_ERRORS.has(code))) return undefined;
  return tlsFailure(`pinned server certificate failed verification: ${code}`, String(code));
}

/**
 * Connector for pinned mode. Node 20 cannot treat a non-self-signed certificate as a trust anchor,
 * so the handshake runs without rejecting and the pin is enforced right after it, before any
 * request is written. Session resumption is off so every connection is checked the same way.
 */
function pinnedConnector(remote: ResolvedHttpsRemote, expected: string, timeout: number): buildConnector.connector {
  const connect = undici().buildConnector({
    ca: remote.trustAnchors,
    cert: remote.clientCert,
    key: remote.clientKey,
    rejectUnauthorized: false,
    // The host name is not part of a pinned identity (Incus certificates rarely name the address).
    checkServerIdentity: () => undefined,
    maxCachedSessions: 0,
    timeout,
  });
  return (options, callback) => {
    connect(options, (err, socket) => {
      if (err || !socket) return callback(err ?? new Error("TLS connection failed"), null);
      const violation = pinViolation(socket as TLSSocket, expected);
      if (!violation) return callback(null, socket);
      socket.destroy();
      return callback(violation, null);
    });
  };
}

function caConnectOptions(remote: ResolvedHttpsRemote, timeout: number): ConnectionOptions & { timeout: number } {
  return {
    ca: remote.trustAnchors,
    cert: remote.clientCert,
    key: remote.clientKey,
    rejectUnauthorized: true,
    timeout,
    ...(remote.serverName ? { servername: remote.serverName } : {}),
  };
}

/** Creates the Agent for a resolved remote. */
export function openTransport(remote: ResolvedRemote, options: TransportOptions = {}): Transport {
  const connectTimeout = options.connectTimeoutMs ?? 10_000;
  const common = {
    connections: options.connections ?? null,
    // Long-polls on /operations/{id}/wait must not be cut by undici: the client enforces its own
    // deadlines through AbortSignal (see cancel.ts), so undici's timers are off.
    headersTimeout: 0,
    bodyTimeout: 0,
    // Drop idle connections before a daemon-side idle timeout is likely to; a request that still hits a
    // closed connection is sent again once where that is safe (request.ts, idempotent.ts).
    keepAliveTimeout: 4_000,
  };
  if (remote.kind === "unix") {
    const agent = new (undici().Agent)({
      ...common,
      connect: { socketPath: remote.socketPath, timeout: connectTimeout },
    });
    return {
      kind: "unix",
      dispatcher: agent,
      origin: "http://incus.socket",
      endpoint: remote.endpoint,
      close: () => agent.close(),
    };
  }
  const connect = remote.pinnedFingerprint256
    ? pinnedConnector(remote, remote.pinnedFingerprint256, connectTimeout)
    : caConnectOptions(remote, connectTimeout);
  const agent = new (undici().Agent)({ ...common, connect });
  return {
    kind: "https",
    dispatcher: agent,
    origin: remote.origin,
    endpoint: remote.endpoint,
    close: () => agent.close(),
  };
}
