// The local incusd reached over HTTPS, for tests of the HTTPS remote: the daemon's own listener when it has one
// (used as it is, never changed), otherwise a listener on a free port of 127.0.0.1 that cleanup switches off again.
import { createServer } from "node:net";
import type { IncusClient } from "../../lib/incus";
import type { Cleanup } from "./incus";

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
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
  // A wildcard listener is reached through the loopback address.
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
