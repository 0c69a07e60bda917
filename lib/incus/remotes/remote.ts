// Where an Incus daemon lives and how to prove who we both are. Validation happens here, once,
// so a misconfigured remote fails when the client is built, not on the first request.
import { X509Certificate, createPrivateKey } from "node:crypto";
import * as path from "node:path";
import { IncusError } from "../errors";

/** The local daemon over its unix socket (the default remote). */
export interface UnixSocketRemote {
  readonly kind: "unix";
  /**
   * Path of the socket.
   * @default $INCUS_SOCKET, else $INCUS_DIR/unix.socket, else /var/lib/incus/unix.socket
   */
  readonly socketPath?: string;
}

/**
 * A daemon over HTTPS with a client certificate (mutual TLS). The server is always verified: either
 * by an exact pinned certificate (`serverCert`, what `incus remote add` stores) or by a CA (`ca`).
 * There is deliberately no option to turn verification off.
 */
export interface HttpsRemote {
  readonly kind: "https";
  /** Base URL, e.g. `https://10.0.0.2:8443` (no path). */
  readonly url: string;
  /** PEM client certificate that the server trusts (`incus config trust add-certificate`). */
  readonly clientCert: string | Buffer;
  /** PEM private key of `clientCert`. */
  readonly clientKey: string | Buffer;
  /**
   * PEM certificate the server must present, byte for byte (compared by SHA-256 fingerprint).
   * The host name is not checked in this mode: the pin is the identity. Incus servers use
   * self-signed certificates, so this is the usual choice (`/var/lib/incus/server.crt`).
   */
  readonly serverCert?: string | Buffer;
  /** PEM CA bundle that signed the server certificate; the host name is then checked too. */
  readonly ca?: string | Buffer;
  /** Host name to verify against the CA-signed certificate. @default the URL's host */
  readonly serverName?: string;
}

export type IncusRemote = UnixSocketRemote | HttpsRemote;

export const DEFAULT_INCUS_DIR = "/var/lib/incus";

/** The socket path the client uses when none is given: INCUS_SOCKET, then INCUS_DIR, then the default. */
export function resolveSocketPath(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (explicit) return explicit;
  if (env.INCUS_SOCKET) return env.INCUS_SOCKET;
  if (env.INCUS_DIR) return path.join(env.INCUS_DIR, "unix.socket");
  return path.join(DEFAULT_INCUS_DIR, "unix.socket");
}

/** A unix remote after defaults were applied. */
export interface ResolvedUnixRemote {
  readonly kind: "unix";
  readonly socketPath: string;
  readonly endpoint: string;
}

/** An HTTPS remote after its PEM inputs were parsed and checked. */
export interface ResolvedHttpsRemote {
  readonly kind: "https";
  readonly origin: string;
  readonly endpoint: string;
  readonly clientCert: string;
  readonly clientKey: string;
  /** Set in pinned mode: the SHA-256 fingerprint (Node's `AA:BB:..` form) the server must present. */
  readonly pinnedFingerprint256?: string;
  /** Trust anchors for the handshake: the pinned certificate itself or the CA bundle. */
  readonly trustAnchors: string;
  readonly serverName?: string;
}

export type ResolvedRemote = ResolvedUnixRemote | ResolvedHttpsRemote;

function invalid(message: string): IncusError {
  return new IncusError("INVALID_OPTIONS", `Invalid Incus remote: ${message}`);
}

function pemText(value: string | Buffer | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = Buffer.isBuffer(value) ? value.toString("utf8") : value;
  return text.trim() === "" ? undefined : text;
}

function parseCertificate(field: string, pem: string): X509Certificate {
  try {
    return new X509Certificate(pem);
  } catch (err) {
    throw invalid(
      `${field} is not a PEM X.509 certificate (${(err as Error).message}); pass the file's contents, not its path`,
    );
  }
}

function resolveHttps(remote: HttpsRemote): ResolvedHttpsRemote {
  let url: URL;
  try {
    url = new URL(remote.url);
  } catch {
    throw invalid(`url ${JSON.stringify(remote.url)} is not a URL; use e.g. https://10.0.0.2:8443`);
  }
  if (url.protocol !== "https:")
    throw invalid(`url ${remote.url} must start with https:// (plain HTTP is not supported)`);
  if (url.pathname !== "/" || url.search || url.hash || url.username) {
    throw invalid(`url ${remote.url} must be only scheme, host and port (e.g. https://10.0.0.2:8443)`);
  }
  const clientCert = pemText(remote.clientCert);
  const clientKey = pemText(remote.clientKey);
  if (!clientCert || !clientKey)
    throw invalid(`clientCert and clientKey are required for ${remote.url} (PEM contents)`);
  parseCertificate("clientCert", clientCert);
  try {
    createPrivateKey(clientKey);
  } catch (err) {
    throw invalid(`clientKey is not a PEM private key (${(err as Error).message})`);
  }
  const serverCert = pemText(remote.serverCert);
  const ca = pemText(remote.ca);
  if (serverCert && ca) throw invalid(`give either serverCert (pinned) or ca for ${remote.url}, not both`);
  if (!serverCert && !ca) {
    throw invalid(
      `${remote.url} needs serverCert (the server's PEM certificate, e.g. /var/lib/incus/server.crt) or ca to verify the server; TLS verification cannot be turned off`,
    );
  }
  const origin = url.origin;
  if (serverCert) {
    const pinned = parseCertificate("serverCert", serverCert);
    return {
      kind: "https",
      origin,
      endpoint: origin,
      clientCert,
      clientKey,
      trustAnchors: serverCert,
      pinnedFingerprint256: pinned.fingerprint256,
    };
  }
  parseCertificate("ca", ca as string);
  return {
    kind: "https",
    origin,
    endpoint: origin,
    clientCert,
    clientKey,
    trustAnchors: ca as string,
    serverName: remote.serverName,
  };
}

/** Applies defaults and validates a remote; throws IncusError code INVALID_OPTIONS with the reason. */
export function resolveRemote(remote: IncusRemote | undefined, env: NodeJS.ProcessEnv = process.env): ResolvedRemote {
  if (remote === undefined || remote.kind === "unix") {
    const socketPath = resolveSocketPath(remote?.socketPath, env);
    return { kind: "unix", socketPath, endpoint: `unix:${socketPath}` };
  }
  if (remote.kind === "https") return resolveHttps(remote);
  throw invalid(`kind must be "unix" or "https", got ${JSON.stringify((remote as { kind?: unknown }).kind)}`);
}
