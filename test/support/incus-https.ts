// The local incusd reached over HTTPS, for tests of the HTTPS remote: the daemon's own listener when it has one
// (used as it is, never changed), otherwise the one the integration project's global setup started on a free
// loopback port for the whole run (integration-setup.ts).
import { createServer } from "node:net";
import type { IncusClient } from "../../lib/incus";

/** Set by the global setup: the HTTPS URL of the local incusd for this run. */
export const HTTPS_LISTENER_ENV = "CDKTF_VIRT_TEST_HTTPS_URL";
/** Set by the global setup when it started the listener itself (its core.https_address, for the teardown). */
export const OWN_LISTENER_ENV = "CDKTF_VIRT_TEST_OWN_HTTPS_ADDRESS";

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
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
export function urlForAddress(address: string): string {
  const m = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(address.trim());
  const rawHost = m?.[1] ?? "";
  // A wildcard listener is reached through the loopback address.
  const host = ["", "0.0.0.0", "[::]", "::"].includes(rawHost) ? "127.0.0.1" : rawHost;
  return `https://${host}:${m?.[2] ?? "8443"}`;
}

/**
 * The daemon's HTTPS URL. Test files never start or stop the listener themselves: one file's cleanup would
 * cut another file's connections while both run.
 */
export async function localHttpsUrl(client: IncusClient): Promise<string> {
  const current = (await client.server.get()).value.config["core.https_address"];
  if (current) return urlForAddress(String(current));
  const fromSetup = process.env[HTTPS_LISTENER_ENV];
  throw new Error(
    fromSetup
      ? `the run's HTTPS listener ${fromSetup} was switched off during the run (core.https_address is empty)`
      : "the local incusd has no HTTPS listener: the integration project's global setup starts one (run the tests through jest's integration project)",
  );
}
