// Jest global teardown of the integration project: switches off the listener the setup started (or took over from
// a run killed before its teardown), if it did; then fails the run if a test made the daemon read network state
// through child processes (incusd-netlink-watch.ts).
import { IncusClient } from "../../lib/incus";
import { OWN_LISTENER_ENV } from "./incus-https";
import { removeListenerRecord } from "./https-listener-record";
import { netlinkFallbackError, stopNetlinkWatch } from "./incusd-netlink-watch";

export default async function teardown(): Promise<void> {
  const fellBack = stopNetlinkWatch();
  await switchOffOwnListener();
  const error = netlinkFallbackError(fellBack);
  if (error) throw error;
}

async function switchOffOwnListener(): Promise<void> {
  const address = process.env[OWN_LISTENER_ENV];
  if (!address) return;
  const client = new IncusClient();
  try {
    // Only when it is still the one we set: someone may have configured their own meanwhile.
    const current = (await client.server.get()).value.config["core.https_address"];
    if (current === address) await client.server.patchConfig({ "core.https_address": "" });
    removeListenerRecord();
  } finally {
    await client.close();
  }
}
