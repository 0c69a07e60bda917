// Delete of incus_instance: the instance is stopped (see clean-stop.ts: cleanly when a custom volume attached to it
// outlives it, else killed; an ephemeral one vanishes on stop), Incus is let finish that stop (stop-settle.ts), then
// it is deleted; a missing instance counts as deleted.
// Volumes that ask for a snapshot before a rebuild (user.cdktf-virt.snapshot-before-rebuild) are snapshotted once
// the instance has stopped and before it is deleted: a replacement is a delete followed by a create, so this is the
// last moment the old data is whole.
import type { ResourceContext } from "../../framework";
import { ignoreNotFound } from "../common";
import type { IncusProviderData } from "../provider-data";
import { volumesToSnapshot } from "../storage/rebuild-snapshots";
import { cleanStopSeconds, stopBeforeDelete, warnIfKilled } from "./clean-stop";
import { handleOf } from "./converge";
import type { Placement } from "./create";
import { settleStop } from "./stop-settle";
import { snapshotAttachedVolumes } from "./volume-snapshots";

/** Deletes instance `name` at `at` (see the file comment); each snapshot taken is reported with its restore commands. */
export async function deleteInstance(
  at: Placement,
  name: string,
  ctx: Pick<ResourceContext<IncusProviderData>, "log" | "diagnostics" | "providerData">,
): Promise<void> {
  const live = await ignoreNotFound(at.client.instances.get(name, at.call));
  if (!live) return;
  // Read before the stop: an ephemeral instance takes its device list with it when it vanishes.
  const volumes = await volumesToSnapshot(at.client, live.value, at.call);
  const seconds = cleanStopSeconds(live.value);
  let stop = await stopBeforeDelete(handleOf(at, name), seconds, live.value.status);
  // The name is freed only once Incus has finished the stop (stop-settle.ts); one that came back is stopped again.
  for (let again = 0; stop.stillThere; again++) {
    const settled = await settleStop(at, name);
    if (settled === "gone") stop = { ...stop, stillThere: false };
    if (settled !== "running again" || again === 2) break;
    ctx.log.info("the instance runs again after its stop; stopping it again before the delete", { name });
    stop = await stopBeforeDelete(handleOf(at, name), seconds);
  }
  warnIfKilled(ctx, name, seconds, stop, "delete");
  await snapshotAttachedVolumes(at, name, volumes, ctx, "deleted");
  if (!stop.stillThere) return;
  await ignoreNotFound(at.client.instances.delete(name, { ...at.call, timeoutMs: at.timeoutMs }));
}
