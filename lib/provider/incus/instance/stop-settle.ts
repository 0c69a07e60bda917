// Whether Incus has finished stopping an instance, before its delete frees the name.
//
// Incus finishes a container's stop in LXC's post-stop hook, which names the container by project and name, and
// records volatile.last_state.power = STOPPED there. The status reads Stopped as soon as the init process is gone,
// which can be before that hook has run: a deploy killed while it stopped the instance leaves such a stop behind,
// and a second stop then fails with "container is not running" and ends Incus' own wait for it. An instance deleted
// and created again under the same name before the hook runs is the one the hook then acts on (Incus 6.0: an
// `instance-shutdown` with no requestor right after the create, the new container stopped). The hook may also
// start the instance again (a reboot). So a delete waits, briefly, until the status and the recorded power state
// agree that the instance stopped, and stops it again when it came back.
import { ignoreNotFound, sleep } from "../common";
import type { Placement } from "./create";
import { isRunning } from "./power";

/** The longest a delete waits for Incus to record the stop (a host crash can leave RUNNING recorded for good). */
export const STOP_SETTLE_MS = 10_000;
const POLL_MS = 200;
const POWER_KEY = "volatile.last_state.power";

/** What the delete should do next after one look at the instance. */
export type StopSettled = "gone" | "stopped" | "running again";

/**
 * Waits until instance `name` reads Stopped with its stop recorded (or it is gone, or it runs again), for at most
 * STOP_SETTLE_MS; then "stopped", so the delete goes ahead (Incus refuses it if the instance still runs).
 */
export async function settleStop(at: Placement, name: string, settleMs = STOP_SETTLE_MS): Promise<StopSettled> {
  const until = Date.now() + settleMs;
  for (;;) {
    const live = await ignoreNotFound(at.client.instances.get(name, at.call));
    if (!live) return "gone";
    const { status, config } = live.value;
    if (isRunning(live.value) || status === "Frozen") return "running again";
    if (status === "Stopped" && config?.[POWER_KEY] !== "RUNNING") return "stopped";
    if (Date.now() >= until) return "stopped";
    await sleep(POLL_MS, at.call.signal, `Incus to finish stopping instance ${JSON.stringify(name)}`);
  }
}
