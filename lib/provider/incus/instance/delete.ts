// Delete of incus_instance: the instance is killed (it is deleted anyway; an ephemeral one vanishes on stop),
// then deleted; a missing instance counts as deleted. Volumes that ask for a snapshot before a rebuild
// (user.cdktf-virt.snapshot-before-rebuild) are snapshotted once the instance has stopped and before it is
// deleted: a replacement is a delete followed by a create, so this is the last moment the old data is whole.
import type { ResourceContext } from "../../framework";
import { ignoreNotFound } from "../common";
import type { IncusProviderData } from "../provider-data";
import { volumesToSnapshot } from "../storage/rebuild-snapshots";
import { handleOf } from "./converge";
import type { Placement } from "./create";
import { stopInstance } from "./power";
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
  const stillThere = await stopInstance(handleOf(at, name), true, live.value.status);
  await snapshotAttachedVolumes(at, name, volumes, ctx, "deleted");
  if (!stillThere) return;
  await ignoreNotFound(at.client.instances.delete(name, { ...at.call, timeoutMs: at.timeoutMs }));
}
