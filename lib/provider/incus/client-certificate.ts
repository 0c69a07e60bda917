// The client certificate the provider makes when asked to (generate_client_certificates), shaped like the one
// `incus remote add` makes on first use: an end-entity client certificate named user@host, valid for ten years.
import { hostname, userInfo } from "node:os";

/** `user@host` as the incus CLI names its client certificates ("UNKNOWN" for what cannot be found out). */
function clientName(): string {
  let user = "";
  try {
    user = userInfo().username;
  } catch {
    // no passwd entry for this uid (e.g. a container running as an arbitrary uid)
  }
  return `${user || "UNKNOWN"}@${hostname() || "UNKNOWN"}`;
}

/** A new client certificate and key. */
export function generateClientCertificate(): { cert: string; key: string } {
  // Required lazily: the certificate builder is only needed on this rare path.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { generateSelfSignedCert } = require("../plugin") as typeof import("../plugin");
  const made = generateSelfSignedCert({
    usage: "client",
    commonName: clientName(),
    notAfter: new Date(Date.now() + 10 * 365 * 24 * 3600_000),
  });
  return { cert: made.certPem, key: made.keyPem };
}
