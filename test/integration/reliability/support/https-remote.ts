// The local incusd as an HTTPS remote for the secrets drills: a listener on 127.0.0.1 (the user's own listener is
// reused and never changed), trust tokens issued by the incus CLI, and removal of whatever trust the drill added.
import { execFileSync } from "node:child_process";
import type { IncusClient } from "../../../../lib/incus";
import type { Cleanup } from "../../../support/incus";

// The listener itself is shared with the HTTPS client tests.
export { localHttpsUrl } from "../../../support/incus-https";

/** A one-time trust token for a client called `name` (revoked by `cleanup` when it was never used). */
export function issueTrustToken(name: string, cleanup: Cleanup): string {
  cleanup.add(`trust token ${name}`, async () => {
    try {
      execFileSync("incus", ["config", "trust", "revoke-token", name], { stdio: "ignore" });
    } catch {
      // used by the drill, or already gone
    }
  });
  const out = execFileSync("incus", ["config", "trust", "add", name, "--quiet"], { encoding: "utf8" });
  const token = out.trim().split("\n").pop()?.trim() ?? "";
  if (!/^[A-Za-z0-9+/=]{40,}$/.test(token)) throw new Error(`incus config trust add ${name} printed no token: ${out}`);
  return token;
}

/** Removes every trust entry whose name is `name` (what a redeemed token added). */
export async function removeTrustNamed(client: IncusClient, name: string): Promise<void> {
  for (const cert of await client.certificates.list()) {
    if (cert.name === name) await client.certificates.delete(cert.fingerprint);
  }
}
