// The snapshots taken before an instance loses its root disk (a delete, a replacement, a rebuild in place): every
// custom volume it uses whose config asks for them (user.cdktf-virt.snapshot-before-rebuild) is snapshotted while
// the instance is stopped, and each snapshot is reported with its restore commands.
import type { ResourceContext } from "../../framework";
import { cliRemote } from "../common";
import type { IncusProviderData } from "../provider-data";
import { reportRebuildSnapshots, snapshotBeforeRebuild } from "../storage/rebuild-snapshots";
import type { Placement } from "./create";

/**
 * Snapshots `volumes` (found with volumesToSnapshot before the stop) of the stopped instance `name`, which is then
 * deleted or rebuilt (`event`, for the report).
 */
export async function snapshotAttachedVolumes(
  at: Placement,
  name: string,
  volumes: readonly { pool: string; volume: string; keep: number }[],
  ctx: Pick<ResourceContext<IncusProviderData>, "log" | "diagnostics" | "providerData">,
  event: "deleted" | "rebuilt",
): Promise<void> {
  if (volumes.length === 0) return;
  const taken = await snapshotBeforeRebuild(at.client, name, volumes, at.call);
  reportRebuildSnapshots(
    name,
    taken,
    cliRemote(ctx.providerData.remoteInfo(at.remote)),
    at.call.project,
    ctx.diagnostics,
    event,
  );
  for (const t of taken) {
    ctx.log.info("snapshot before rebuild", {
      volume: `${t.pool}/${t.volume}`,
      snapshot: t.snapshot,
      pruned: t.pruned,
    });
  }
}
