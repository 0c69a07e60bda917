// One undici Agent per remote: it pools keep-alive connections (unix socket or TLS) and lets many
// requests run at once, which is what a Terraform provider applying a large graph needs.
import type { ConnectionOptions, PeerCertificate } from "node:tls";
import { Agent } from "undici";
import type { Dispatcher } from "undici";
import type { ResolvedHttpsRemote, ResolvedRemote } from "./remote";

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

/** Error code used when the server presents a certificate other than the pinned one. */
export const PINNED_CERT_MISMATCH = "ERR_INCUS_PINNED_CERT_MISMATCH";

function pinnedIdentityCheck(expected: string): (host: string, cert: PeerCertificate) => Error | undefined {
  // Called by Node after the chain was verified against the pinned certificate as sole trust
  // anchor; comparing fingerprints makes the pin exact (a CA-capable pin could otherwise vouch for
  // other certificates). The host name is not checked: Incus certificates rarely name the address.
  return (_host, cert) => {
    if (cert.fingerprint256 === expected) return undefined;
    const err = new Error(`server certificate ${cert.fingerprint256} does not match the pinned certificate ${expected}`);
    (err as NodeJS.ErrnoException).code = PINNED_CERT_MISMATCH;
    return err;
  };
}

function tlsConnectOptions(remote: ResolvedHttpsRemote): ConnectionOptions {
  return {
    ca: remote.trustAnchors,
    cert: remote.clientCert,
    key: remote.clientKey,
    rejectUnauthorized: true,
    ...(remote.pinnedFingerprint256 ? { checkServerIdentity: pinnedIdentityCheck(remote.pinnedFingerprint256) } : {}),
    ...(remote.serverName ? { servername: remote.serverName } : {}),
  };
}

/** Creates the Agent for a resolved remote. */
export function openTransport(remote: ResolvedRemote, options: TransportOptions = {}): Transport {
  const connectTimeout = options.connectTimeoutMs ?? 10_000;
  const common = {
    connections: options.connections ?? null,
    // Long-polls on /operations/{id}/wait must not be cut by undici: the client enforces its own
    // deadlines through AbortSignal, so undici's timers are only a backstop.
    headersTimeout: 0,
    bodyTimeout: 0,
    keepAliveTimeout: 10_000,
  };
  if (remote.kind === "unix") {
    const agent = new Agent({ ...common, connect: { socketPath: remote.socketPath, timeout: connectTimeout } });
    return { kind: "unix", dispatcher: agent, origin: "http://incus.socket", endpoint: remote.endpoint, close: () => agent.close() };
  }
  const agent = new Agent({ ...common, connect: { ...tlsConnectOptions(remote), timeout: connectTimeout } });
  return { kind: "https", dispatcher: agent, origin: remote.origin, endpoint: remote.endpoint, close: () => agent.close() };
}
