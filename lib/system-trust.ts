// The trust anchors for a server certificate signed by a public or corporate CA: node's bundled roots plus the
// file named by NODE_EXTRA_CA_CERTS. The bundled providers start node with that variable moved to
// CDKTF_VIRT_NODE_EXTRA_CA_CERTS (node 20 would parse the file at every start, ~90 ms with a system bundle, for
// nothing: connections here always get their anchors explicitly), so both names are read.
import { readFileSync } from "node:fs";
import * as tls from "node:tls";

export const EXTRA_CA_ENV = "CDKTF_VIRT_NODE_EXTRA_CA_CERTS";

/** PEM text of every anchor. An unreadable extra file is left out, as node itself does (with a warning). */
export function systemTrustAnchors(env: NodeJS.ProcessEnv = process.env): string {
  const extraPath = env[EXTRA_CA_ENV] || env.NODE_EXTRA_CA_CERTS;
  const anchors = [...tls.rootCertificates];
  if (extraPath) {
    try {
      anchors.push(readFileSync(extraPath, "utf8"));
    } catch (err) {
      process.emitWarning(`Ignoring extra certs from ${extraPath}: ${(err as Error).message}`);
    }
  }
  return anchors.join("\n");
}
