// The local incusd as an HTTPS remote for the secrets drills: a listener on 127.0.0.1 (the user's own listener is
// reused and never changed), trust tokens issued by the incus CLI, and removal of whatever trust the drill added.
import { execFileSync } from "node:child_process";
import { createServer } from "node:net";
import type { IncusClient } from "../../../../lib/incus";
import type { Cleanup } from "../../../support/incus";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** core.https_address forms: "127.0.0.1:8443", ":8443", "[::]:8443", "host" (port 8443). */
function urlForAddress(address: string): string {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(address.trim());
  const rawHost = m?.[1] ?? "";
  const host = ["", "0.0.0.0", "[::]", "::"].includes(rawHost) ? "127.0.0.1" : rawHost;
  return `https://${host}:${m?.[2] ?? "8443"}`;
}

/** The daemon's HTTPS URL; starts a listener on 127.0.0.1 when there is none (undone by `cleanup`). */
export async function ensureHttpsListener(client: IncusClient, cleanup: Cleanup): Promise<string> {
  const server = (await client.server.get()).value;
  const current = server.config["core.https_address"];
  if (current) return urlForAddress(String(current));
  const address = `127.0.0.1:${await freePort()}`;
  cleanup.add("core.https_address", () => client.server.patchConfig({ "core.https_address": "" }));
  await client.server.patchConfig({ "core.https_address": address });
  return `https://${address}`;
}

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
