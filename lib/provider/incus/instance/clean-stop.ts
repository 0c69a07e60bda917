// How an instance is stopped before it is deleted (a destroy, or the delete half of a replacement) or rebuilt in
// place (its root disk is replaced as a whole). One with a
// custom volume attached holds data that outlives it (a database's volume): its services get Incus' clean shutdown
// (SIGPWR to a container's init, ACPI power button for a VM) for as long as the instance's own
// boot.host_shutdown_timeout allows, and only then is it killed. Without one, nothing of it survives the delete, so
// it is killed at once.
import type { Instance } from "../../../incus";
import { ignoreNotFound } from "../../../incus";
import type { ResourceContext } from "../../framework";
import type { IncusProviderData } from "../provider-data";
import { attachedCustomVolumes } from "../../../incus/volume-attachments";
import type { InstanceHandle } from "./power";
import { stopInstance } from "./power";

/** Incus' key for how long a clean shutdown of the instance may take, in seconds. */
export const SHUTDOWN_TIMEOUT_KEY = "boot.host_shutdown_timeout";

/** Incus' own default for SHUTDOWN_TIMEOUT_KEY. */
export const DEFAULT_SHUTDOWN_SECONDS = 30;

/**
 * The seconds a clean shutdown of `instance` may take before it is deleted, or undefined when it has no custom
 * volume attached (then it is killed). Profiles count: the expanded config and devices are read.
 */
export function cleanStopSeconds(
  instance: Pick<Instance, "config" | "devices" | "expanded_config" | "expanded_devices">,
): number | undefined {
  if (attachedCustomVolumes(instance).length === 0) return undefined;
  const raw = (instance.expanded_config ?? instance.config ?? {})[SHUTDOWN_TIMEOUT_KEY];
  const seconds = raw === undefined ? NaN : Number(raw.trim());
  // Incus itself refuses anything but a whole number here; a value it would refuse gets its default.
  return Number.isInteger(seconds) && seconds > 0 ? seconds : DEFAULT_SHUTDOWN_SECONDS;
}

/** How the stop before a delete went. */
export interface StopBeforeDelete {
  /** False when the instance vanished on its stop (an ephemeral one). */
  readonly stillThere: boolean;
  /** Set when a clean shutdown was asked for and failed (timed out or refused): why; the instance was then killed. */
  readonly killedAfter?: string;
}

/**
 * Stops the instance before its delete: cleanly within `seconds` (see cleanStopSeconds), then killed if it is still
 * running; killed at once when `seconds` is undefined. A stopped instance stays as it is. An interrupt
 * (StopProvider) ends the wait without a kill.
 */
export async function stopBeforeDelete(
  h: InstanceHandle,
  seconds: number | undefined,
  knownStatus?: string,
): Promise<StopBeforeDelete> {
  if (seconds === undefined) return { stillThere: await stopInstance(h, true, knownStatus) };
  try {
    return { stillThere: await stopInstance(h, false, knownStatus, seconds) };
  } catch (err) {
    if (h.call.signal?.aborted) throw err;
    // Refused because it stopped by itself meanwhile (Incus: "container is not running"): nothing to kill or report.
    const status = (await ignoreNotFound(h.client.instances.get(h.name, h.call)))?.value.status;
    if (status === undefined) return { stillThere: false };
    if (status === "Stopped") return { stillThere: true };
    const why = err instanceof Error ? err.message : String(err);
    return { stillThere: await stopInstance(h, true, status), killedAfter: why };
  }
}

/** Warns, when the clean stop before a `what` (delete, rebuild) failed and the instance was killed, why. */
export function warnIfKilled(
  ctx: Pick<ResourceContext<IncusProviderData>, "log" | "diagnostics">,
  name: string,
  seconds: number | undefined,
  stop: StopBeforeDelete,
  what: "delete" | "rebuild",
): void {
  if (stop.killedAfter === undefined) return;
  const summary = `Instance ${JSON.stringify(name)} did not stop within ${seconds} s and was killed`;
  ctx.log.warn(summary, { reason: stop.killedAfter });
  ctx.diagnostics.warning(
    summary,
    `It has custom volumes attached, so it was asked to shut down cleanly before its ${what}, for up to its ` +
      `boot.host_shutdown_timeout (${seconds} s): ${stop.killedAfter}. Data its services had not yet written ` +
      `to those volumes may be lost; raise boot.host_shutdown_timeout if its shutdown needs longer.`,
  );
}
