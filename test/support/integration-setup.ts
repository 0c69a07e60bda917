// Jest global setup of the integration project: one HTTPS listener on the local incusd for the whole run.
// Several test files reach the local daemon over HTTPS side by side; had each started its own listener and
// switched it off when done, one file's cleanup would cut the connections of another (ECONNREFUSED).
// The daemon's own listener is used as it is; otherwise one on a free loopback port, switched off by the
// matching teardown (and recorded, so that a run killed before its teardown leaves it to the next run to switch
// off: https-listener-record.ts). The environment variable passes the URL to the test workers.
// It also starts watching the daemon's log for a read that would slow it down until it restarts
// (incusd-netlink-watch.ts; the teardown judges it).
import { IncusClient } from "../../lib/incus";
import { HTTPS_LISTENER_ENV, OWN_LISTENER_ENV, freePort, urlForAddress } from "./incus-https";
import { isLeftOverListener, readListenerRecord, writeListenerRecord } from "./https-listener-record";
import { startNetlinkWatch } from "./incusd-netlink-watch";

export default async function setup(): Promise<void> {
  startNetlinkWatch();
  const client = new IncusClient();
  try {
    const server = (await client.server.get()).value;
    const daemon = server.environment?.certificate_fingerprint ?? "";
    const current = String(server.config["core.https_address"] ?? "");
    if (current) {
      process.env[HTTPS_LISTENER_ENV] = urlForAddress(current);
      if (isLeftOverListener(current, daemon, readListenerRecord())) {
        // Started by a run of ours that never reached its teardown: this run's teardown switches it off.
        writeListenerRecord({ daemon, address: current, pid: process.pid });
        process.env[OWN_LISTENER_ENV] = current;
      }
      return;
    }
    const address = `127.0.0.1:${await freePort()}`;
    // Recorded first: a run killed right after the change still leaves the record behind.
    writeListenerRecord({ daemon, address, pid: process.pid });
    await client.server.patchConfig({ "core.https_address": address });
    process.env[HTTPS_LISTENER_ENV] = `https://${address}`;
    process.env[OWN_LISTENER_ENV] = address;
  } catch {
    // No local incusd: the tests that need it fail with their own message (requireIncus).
  } finally {
    await client.close();
  }
}
