// Jest global setup of the integration project: one HTTPS listener on the local incusd for the whole run.
// Several test files reach the local daemon over HTTPS side by side; had each started its own listener and
// switched it off when done, one file's cleanup would cut the connections of another (ECONNREFUSED).
// The daemon's own listener is used as it is; otherwise one on a free loopback port, switched off by the
// matching teardown. The environment variable passes the URL to the test workers.
import { IncusClient } from "../../lib/incus";
import { HTTPS_LISTENER_ENV, OWN_LISTENER_ENV, freePort, urlForAddress } from "./incus-https";

export default async function setup(): Promise<void> {
  const client = new IncusClient();
  try {
    const current = (await client.server.get()).value.config["core.https_address"];
    if (current) {
      process.env[HTTPS_LISTENER_ENV] = urlForAddress(String(current));
      return;
    }
    const address = `127.0.0.1:${await freePort()}`;
    await client.server.patchConfig({ "core.https_address": address });
    process.env[HTTPS_LISTENER_ENV] = `https://${address}`;
    process.env[OWN_LISTENER_ENV] = address;
  } catch {
    // No local incusd: the tests that need it fail with their own message (requireIncus).
  } finally {
    await client.close();
  }
}
