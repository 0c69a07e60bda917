// Establishing trust with an HTTPS remote, the way `incus remote add` does: a client certificate in the
// configuration directory (generated on request), the server's certificate pinned in servercerts/ (fetched
// on request, or checked against the fingerprint inside a trust token), and a one-time trust token that makes
// the server trust our certificate.
import { isIP } from "node:net";
import * as tls from "node:tls";
import type { IncusClient } from "../../incus";
import { configDirPaths, readOptionalFile, writeFileWithDirs } from "./remote-config";

/** What a trust token (from `incus config trust add <name>`) carries. */
export interface TrustToken {
  readonly clientName?: string;
  /** SHA-256 fingerprint of the server certificate, lower-case hex. */
  readonly fingerprint?: string;
  /** host:port addresses of the server. */
  readonly addresses: readonly string[];
  readonly secret?: string;
}

/** Decodes a trust token (base64 JSON); throws an Error saying the token is malformed. */
export function decodeTrustToken(token: string): TrustToken {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(Buffer.from(token.trim(), "base64").toString("utf8")) as Record<string, unknown>;
  } catch {
    throw new Error("The remote's token is not a valid Incus trust token (expected the base64 text printed by `incus config trust add <name>`).");
  }
  return {
    clientName: typeof parsed.client_name === "string" ? parsed.client_name : undefined,
    fingerprint: typeof parsed.fingerprint === "string" ? parsed.fingerprint.toLowerCase() : undefined,
    addresses: Array.isArray(parsed.addresses) ? parsed.addresses.filter((a): a is string => typeof a === "string") : [],
    secret: typeof parsed.secret === "string" ? parsed.secret : undefined,
  };
}

/**
 * A configured trust token, decoded once. A malformed token is kept with its decoding error, which is thrown
 * only where the token is needed (a server that already trusts this client never needs it).
 */
export interface ConfiguredToken {
  readonly text: string;
  readonly decoded: TrustToken | Error;
}

export function configuredToken(text: string): ConfiguredToken {
  try {
    return { text, decoded: decodeTrustToken(text) };
  } catch (err) {
    return { text, decoded: err as Error };
  }
}

/** The token's content; throws the decoding error of a malformed token. */
export function tokenContent(token: ConfiguredToken): TrustToken {
  if (token.decoded instanceof Error) throw token.decoded;
  return token.decoded;
}

export interface ClientIdentity {
  readonly cert: string;
  readonly key: string;
}

/**
 * The client certificate and key from the configuration directory. When they are missing and `generate`
 * is true, a new self-signed pair is written there (key mode 0600) like the CLI does on first use.
 */
export function loadClientIdentity(configDir: string, generate: boolean): ClientIdentity | undefined {
  const paths = configDirPaths(configDir);
  const cert = readOptionalFile(paths.clientCert);
  const key = readOptionalFile(paths.clientKey);
  if (cert && key) return { cert, key };
  if (!generate) return undefined;
  // Required lazily: the certificate builder is only needed on this rare path.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { generateSelfSignedCert } = require("../plugin") as typeof import("../plugin");
  const tenYears = new Date(Date.now() + 10 * 365 * 24 * 3600_000);
  const made = generateSelfSignedCert({ notAfter: tenYears });
  writeFileWithDirs(paths.clientKey, made.keyPem, 0o600);
  writeFileWithDirs(paths.clientCert, made.certPem, 0o644);
  return { cert: made.certPem, key: made.keyPem };
}

/**
 * The certificate the server at `origin` presents, as PEM, without verifying it (this is how a pin is
 * obtained in the first place; the caller decides whether to accept it).
 */
export function fetchServerCertificate(origin: string, timeoutMs: number): Promise<string> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host: url.hostname.replace(/^\[|\]$/g, ""),
      port: Number(url.port || 8443),
      rejectUnauthorized: false,
      servername: isIP(url.hostname.replace(/^\[|\]$/g, "")) ? undefined : url.hostname,
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no TLS answer from ${origin} within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once("secureConnect", () => {
      clearTimeout(timer);
      const peer = socket.getPeerCertificate();
      socket.end();
      if (!peer || !peer.raw) return reject(new Error(`${origin} presented no certificate`));
      const b64 = peer.raw.toString("base64").replace(/(.{64})/g, "$1\n").trimEnd();
      resolve(`-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`);
    });
    socket.once("error", (err) => {
      clearTimeout(timer);
      reject(new Error(`cannot fetch the server certificate of ${origin}: ${err.message}`));
    });
  });
}

/** Stores a fetched server certificate where the CLI keeps pins. */
export function saveServerCertificate(configDir: string, remote: string, pem: string): void {
  writeFileWithDirs(configDirPaths(configDir).serverCert(remote), pem, 0o644);
}

/**
 * Makes the server trust this client with a one-time token, unless it already does. Uses the client's raw
 * API: lib/incus' CertificatesApi.add needs the certificate itself, a token request sends only the token.
 */
export async function trustWithToken(client: IncusClient, token: ConfiguredToken, signal?: AbortSignal): Promise<void> {
  const server = await client.server.get({ signal, timeoutMs: 15_000 });
  if (server.value.auth === "trusted") return;
  const { clientName } = tokenContent(token);
  await client.api.write("POST", "/1.0/certificates", { signal, timeoutMs: 30_000 }, {}, {
    json: { type: "client", trust_token: token.text, ...(clientName ? { name: clientName } : {}) },
  });
  const after = await client.server.get({ signal, timeoutMs: 15_000 });
  if (after.value.auth !== "trusted") {
    throw new Error(`${client.endpoint} accepted the trust token but still does not trust this client certificate`);
  }
}
