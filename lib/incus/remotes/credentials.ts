// The certificates of an HTTPS remote, kept where the incus CLI keeps them: this client's identity
// (client.crt / client.key), the server certificates pinned in servercerts/<remote>.crt, and Incus'
// fingerprint of a certificate (what trust tokens and `incus info` show).
import { existsSync } from "node:fs";
import { X509Certificate } from "node:crypto";
import { isIP } from "node:net";
import * as tls from "node:tls";
import { remoteNameProblem } from "../../remote-names";
import { IncusError } from "../errors";
import * as path from "node:path";
import { configDirPaths, createFileExclusively, readOptionalFile, writeFileWithDirs } from "./client-config";

/** Incus' fingerprint of a PEM certificate: SHA-256 of its DER bytes, lower-case hex. */
export function certificateFingerprint(pem: string): string {
  try {
    return new X509Certificate(pem).fingerprint256.replace(/:/g, "").toLowerCase();
  } catch (err) {
    throw new IncusError("INVALID_OPTIONS", `Not a PEM X.509 certificate: ${(err as Error).message}`);
  }
}

/** A PEM certificate and its PEM private key. */
export interface ClientIdentity {
  readonly cert: string;
  readonly key: string;
}

/** Makes a new self-signed client certificate (the caller chooses how; lib/incus has no X.509 writer). */
export type ClientCertificateGenerator = () => ClientIdentity;

/**
 * The client certificate and key from the configuration directory, or undefined when neither exists. When both are
 * missing and `generate` is given, a new pair is made and written there (key 0600), as the CLI does on first use.
 * Half a pair is an error that names the missing file, and is never completed or replaced: a key without its
 * certificate may be the only copy of the identity a server trusts.
 */
export function loadClientIdentity(
  configDir: string,
  generate?: ClientCertificateGenerator,
): ClientIdentity | undefined {
  const paths = configDirPaths(configDir);
  // A key without its certificate may be a pair another process is writing right now (key first): wait for it
  // before calling it half a pair.
  const keyOnly = existsSync(paths.clientKey) && !existsSync(paths.clientCert);
  const found = keyOnly ? waitForIdentity(paths) : readIdentity(paths);
  if (found || !generate) return found;
  const made = generate();
  // Key first: a reader that sees the certificate also sees its key. Another process may make a pair at the same
  // time; then the one that wins is used.
  if (!createFileExclusively(paths.clientKey, made.key, 0o600)) {
    const theirs = waitForIdentity(paths);
    if (theirs) return theirs;
    throw new IncusError(
      "INVALID_OPTIONS",
      `Cannot create ${paths.clientKey}: something unreadable has that name (a dangling symlink?); remove it and run again.`,
    );
  }
  if (!createFileExclusively(paths.clientCert, made.cert, 0o644)) {
    throw new IncusError(
      "INVALID_OPTIONS",
      `${paths.clientCert} appeared while a new key was written to ${paths.clientKey}; remove both and run again.`,
    );
  }
  return made;
}

type IdentityPaths = ReturnType<typeof configDirPaths>;

function readIdentity(paths: IdentityPaths): ClientIdentity | undefined {
  const cert = readOptionalFile(paths.clientCert);
  const key = readOptionalFile(paths.clientKey);
  if (cert !== undefined && key !== undefined) return { cert, key };
  if (cert === undefined && key === undefined) return undefined;
  const [missing, present] =
    cert === undefined ? [paths.clientCert, paths.clientKey] : [paths.clientKey, paths.clientCert];
  throw new IncusError(
    "INVALID_OPTIONS",
    `${missing} is missing but ${present} exists: half a client identity cannot be used, and it is not replaced. ` +
      `Restore ${path.basename(
        missing,
      )} from where the pair came from, or move ${present} away to have a new pair made ` +
      "(servers that trusted the old certificate must then be given the new one, e.g. with a new trust token).",
  );
}

/**
 * The pair another process is writing: its certificate follows its key within moments (2 s allows for a loaded
 * machine; only a real half pair waits that long, before its error).
 */
function waitForIdentity(paths: IdentityPaths): ClientIdentity | undefined {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let i = 0; i < 100 && readOptionalFile(paths.clientCert) === undefined; i++) Atomics.wait(pause, 0, 0, 20);
  return readIdentity(paths);
}

/** The server certificate pinned for a remote, or undefined when none is. */
export function readPinnedCertificate(configDir: string, remote: string): string | undefined {
  return readOptionalFile(configDirPaths(configDir).serverCert(remote));
}

/** Pins a server certificate for a remote where the CLI keeps pins; returns the file. */
export function savePinnedCertificate(configDir: string, remote: string, pem: string): string {
  // The name becomes a file name: never one outside servercerts/ (the table refuses such names earlier).
  const problem = remoteNameProblem(remote);
  if (problem)
    throw new IncusError(
      "INVALID_OPTIONS",
      `Cannot pin a certificate for remote ${JSON.stringify(remote)}: ${problem}`,
    );
  const file = configDirPaths(configDir).serverCert(remote);
  writeFileWithDirs(file, pem, 0o644);
  return file;
}

/**
 * The certificate the server at `origin` presents, as PEM, without verifying it (this is how a pin is
 * obtained in the first place; the caller decides whether to accept it).
 */
export function fetchServerCertificate(origin: string, timeoutMs: number): Promise<string> {
  const url = new URL(origin);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host,
      port: Number(url.port || 8443),
      rejectUnauthorized: false,
      servername: isIP(host) ? undefined : host,
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new IncusError("TIMEOUT", `no TLS answer from ${origin} within ${timeoutMs} ms`, { endpoint: origin }));
    }, timeoutMs);
    socket.once("secureConnect", () => {
      clearTimeout(timer);
      const peer = socket.getPeerCertificate();
      socket.end();
      if (!peer || !peer.raw)
        return reject(new IncusError("TLS", `${origin} presented no certificate`, { endpoint: origin }));
      const b64 = peer.raw
        .toString("base64")
        .replace(/(.{64})/g, "$1\n")
        .trimEnd();
      resolve(`-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`);
    });
    socket.once("error", (err) => {
      clearTimeout(timer);
      reject(
        new IncusError("CONNECTION", `cannot fetch the server certificate of ${origin}: ${err.message}`, {
          endpoint: origin,
          cause: err,
        }),
      );
    });
  });
}
