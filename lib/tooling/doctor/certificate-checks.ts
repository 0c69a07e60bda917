// The incus client configuration directory ($INCUS_CONF or ~/.config/incus): client.crt / client.key readable,
// valid and matching, and a pinned servercerts/<remote>.crt for each HTTPS remote in config.yml.
import { X509Certificate, createPrivateKey } from "node:crypto";
import * as fs from "node:fs";
import { readClientConfig } from "../../incus";
import { configDirPaths, isHttpsAddress } from "../../incus/remotes";
import { fail, ok, warn } from "./check-result";
import type { CheckResult } from "./check-result";

const NAME = "certificates";
const SOON_MS = 30 * 24 * 3600 * 1000;

export function checkCertificates(configDir: string, now: Date = new Date()): CheckResult {
  if (!isDirectory(configDir)) {
    return ok(
      NAME,
      `no incus client configuration in ${configDir} (client certificates are only needed for HTTPS remotes)`,
    );
  }
  const config = readClientConfig(configDir);
  const https = Object.entries(config.remotes)
    .filter(([, r]) => (r.protocol ?? "incus") === "incus" && isHttpsAddress(r.addr, {}))
    .map(([name]) => name);
  const paths = configDirPaths(configDir);
  const certFile = paths.clientCert;
  const keyFile = paths.clientKey;
  const cert = readOrUndefined(certFile);
  const key = readOrUndefined(keyFile);
  const details: string[] = [];
  const problems: { severity: "warn" | "fail"; text: string; fix: string }[] = [];
  if (config.problem) {
    problems.push({
      severity: "fail",
      text: config.problem,
      fix: `fix ${config.file}, or remove it and add the remotes again with \`incus remote add\``,
    });
  }
  for (const [file, read] of [
    [certFile, cert],
    [keyFile, key],
  ] as const) {
    if (read.error !== undefined)
      problems.push({
        severity: "fail",
        text: `cannot read ${file}: ${read.error}`,
        fix: `make it readable by this user (chown $USER ${file}; chmod 600 ${file})`,
      });
  }
  if (cert.text === undefined && key.text === undefined && cert.error === undefined && key.error === undefined) {
    if (https.length > 0) {
      problems.push({
        severity: "fail",
        text: `HTTPS remote${https.length === 1 ? "" : "s"} ${https.join(
          ", ",
        )} but no client certificate in ${configDir}`,
        fix: "run `incus remote add <name> <address>` (it creates client.crt/client.key), or set generateClientCertificates on the IncusHost",
      });
    } else {
      details.push("no client certificate (only needed for HTTPS remotes)");
    }
  } else if (
    (cert.text === undefined) !== (key.text === undefined) &&
    cert.error === undefined &&
    key.error === undefined
  ) {
    const missing = cert.text === undefined ? certFile : keyFile;
    problems.push({
      severity: "fail",
      text: `${missing} is missing (the other half of the pair exists)`,
      fix: "restore it, or remove both files and let `incus remote add` generate a new pair (then trust it on the servers again)",
    });
  } else if (cert.text !== undefined && key.text !== undefined) {
    problems.push(...judgePair(certFile, cert.text, keyFile, key.text, now, details));
  }
  for (const remote of https) {
    const file = paths.serverCert(remote);
    const server = readOrUndefined(file);
    if (server.text === undefined) {
      problems.push({
        severity: "warn",
        text: `remote ${remote} has no pinned server certificate (${file})`,
        fix: `run \`incus remote add ${remote} <address>\` again to store it, or accept it on first contact (acceptRemoteCertificate)`,
      });
      continue;
    }
    try {
      const parsed = new X509Certificate(server.text);
      details.push(`remote ${remote}: server certificate pinned (valid until ${parsed.validTo})`);
    } catch (err) {
      problems.push({
        severity: "fail",
        text: `${file} is not a PEM certificate: ${(err as Error).message}`,
        fix: `remove it and run \`incus remote add ${remote} <address>\` again`,
      });
    }
  }
  if (problems.length === 0) return ok(NAME, `incus client configuration in ${configDir} is usable`, details);
  const worst = problems.some((p) => p.severity === "fail") ? fail : warn;
  return worst(
    NAME,
    problems.map((p) => p.text).join("; "),
    [...new Set(problems.map((p) => p.fix))].join("; "),
    details,
  );
}

function judgePair(certFile: string, certPem: string, keyFile: string, keyPem: string, now: Date, details: string[]) {
  const problems: { severity: "warn" | "fail"; text: string; fix: string }[] = [];
  const regenerate =
    "remove client.crt and client.key, run `incus remote add` to generate a new pair, and trust it on each server";
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certPem);
  } catch (err) {
    return [
      {
        severity: "fail" as const,
        text: `${certFile} is not a PEM certificate: ${(err as Error).message}`,
        fix: regenerate,
      },
    ];
  }
  const validTo = new Date(cert.validTo);
  if (validTo.getTime() < now.getTime()) {
    problems.push({ severity: "fail", text: `the client certificate expired on ${cert.validTo}`, fix: regenerate });
  } else if (validTo.getTime() - now.getTime() < SOON_MS) {
    problems.push({ severity: "warn", text: `the client certificate expires on ${cert.validTo}`, fix: regenerate });
  } else {
    details.push(`client certificate valid until ${cert.validTo}`);
  }
  try {
    if (!cert.checkPrivateKey(createPrivateKey(keyPem))) {
      problems.push({ severity: "fail", text: `${keyFile} is not the key of ${certFile}`, fix: regenerate });
    }
  } catch (err) {
    problems.push({
      severity: "fail",
      text: `${keyFile} is not a usable private key: ${(err as Error).message}`,
      fix: regenerate,
    });
  }
  const mode = fs.statSync(keyFile).mode & 0o077;
  if (mode !== 0)
    problems.push({ severity: "warn", text: `${keyFile} is readable by other users`, fix: `chmod 600 ${keyFile}` });
  return problems;
}

function readOrUndefined(file: string): { text?: string; error?: string } {
  try {
    return { text: fs.readFileSync(file, "utf8") };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? {} : { error: (err as Error).message };
  }
}

function isDirectory(dir: string): boolean {
  try {
    return fs.statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
