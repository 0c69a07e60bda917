// Snapshot before rebuild: when an instance is deleted (a replacement is a delete, then a create), every custom
// volume it uses whose config sets user.cdktf-virt.snapshot-before-rebuild = N gets a snapshot named
// "rebuild-<instance>-<yyyymmddThhmmssZ>" first, and only the newest N snapshots of that name pattern are kept.
import {
  decodeSnapshotBeforeRebuild,
  rebuildSnapshotName,
  rebuildSnapshotPrefix,
  SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY,
} from "../../../records";
import type { CallOptions, IncusClient, Instance } from "../../../incus";
import { ignoreNotFound } from "../../../incus";
import { attachedCustomVolumes } from "../../../incus/volume-attachments";
import type { Diagnostics } from "../../framework";
import { cliVolumeRef, incusCommand, printedCommands, shellWord } from "../common";
import type { CliRemote } from "../common";

/**
 * Budget of a call that copies a volume's data (a snapshot on a `dir` pool, a final copy): an hour, not the wait
 * timeout, since it grows with the data; Terraform's interrupt still stops it at once.
 */
export const DATA_COPY_BUDGET_MS = 60 * 60 * 1000;

/** A snapshot taken (or already there) before a rebuild. */
export interface RebuildSnapshot {
  readonly pool: string;
  readonly volume: string;
  readonly snapshot: string;
  /** Older rebuild snapshots of this instance deleted by the retention count. */
  readonly pruned: readonly string[];
}

/** The volumes of `instance` that ask for a snapshot before a rebuild, with their retention count. */
export async function volumesToSnapshot(
  client: IncusClient,
  instance: Pick<Instance, "devices" | "expanded_devices">,
  call: CallOptions,
): Promise<{ pool: string; volume: string; keep: number }[]> {
  const seen = new Set<string>();
  const out: { pool: string; volume: string; keep: number }[] = [];
  for (const { pool, volume } of attachedCustomVolumes(instance)) {
    const key = `${pool}/${volume}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const live = await ignoreNotFound(client.storageVolumes.get(pool, volume, call));
    const keep = decodeSnapshotBeforeRebuild(
      live?.value.config?.[SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY],
      `storage volume ${key}: config "${SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY}"`,
    );
    if (keep !== undefined) out.push({ pool, volume, keep });
  }
  return out;
}

/**
 * Snapshots each volume, then deletes the oldest "rebuild-<instance>-*" snapshots beyond its retention count.
 * A snapshot of the same name that already exists (a retried delete within the same second) counts as taken.
 */
export async function snapshotBeforeRebuild(
  client: IncusClient,
  instanceName: string,
  volumes: readonly { pool: string; volume: string; keep: number }[],
  call: CallOptions,
): Promise<RebuildSnapshot[]> {
  const taken: RebuildSnapshot[] = [];
  for (const { pool, volume, keep } of volumes) {
    const snapshot = rebuildSnapshotName(instanceName);
    try {
      await client.volumeSnapshots.create(pool, volume, snapshot, { ...call, timeoutMs: DATA_COPY_BUDGET_MS });
    } catch (err) {
      if (!(await ignoreNotFound(client.volumeSnapshots.get(pool, volume, snapshot, call)).catch(() => undefined))) {
        throw new Error(
          `Could not snapshot storage volume ${pool}/${volume} before deleting instance ${JSON.stringify(
            instanceName,
          )} ` +
            `(its config asks for it with ${SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY}); the instance was not deleted: ${
              (err as Error).message
            }`,
        );
      }
    }
    const prefix = rebuildSnapshotPrefix(instanceName);
    const ours = (await client.volumeSnapshots.list(pool, volume, call))
      .map((s) => s.name)
      .filter((n) => n.startsWith(prefix))
      .sort(); // the UTC stamp sorts by time
    const pruned = ours.slice(0, Math.max(0, ours.length - keep));
    for (const old of pruned) await ignoreNotFound(client.volumeSnapshots.delete(pool, volume, old, call));
    taken.push({ pool, volume, snapshot, pruned });
  }
  return taken;
}

/**
 * The commands that bring a rebuild snapshot's data back: first as a new volume "<volume>-<snapshot>" (the rebuilt
 * instance's data stays as it is), then in place, which Incus refuses while a running instance uses the volume.
 */
export function rebuildSnapshotCommands(
  t: Pick<RebuildSnapshot, "pool" | "volume" | "snapshot">,
  remote: CliRemote,
  project?: string,
): string[] {
  const copy = incusCommand(
    [
      "storage",
      "volume",
      "copy",
      cliVolumeRef(remote, t.pool, t.volume, t.snapshot),
      cliVolumeRef(remote, t.pool, `${t.volume}-${t.snapshot}`),
    ],
    project,
  );
  const restore = incusCommand(
    [
      "storage",
      "volume",
      "snapshot",
      "restore",
      shellWord(`${remote.prefix}${t.pool}`),
      shellWord(t.volume),
      shellWord(t.snapshot),
    ],
    project,
  );
  return [copy, restore];
}

/** One warning per snapshot taken: its name and the commands that restore it, as the final copy's warning has. */
export function reportRebuildSnapshots(
  instance: string,
  taken: readonly RebuildSnapshot[],
  remote: CliRemote,
  project: string | undefined,
  diagnostics: Diagnostics,
  event: "deleted" | "rebuilt" = "deleted",
): void {
  for (const t of taken) {
    const pruned =
      t.pruned.length > 0 ? ` Older snapshots removed by the retention count: ${t.pruned.join(", ")}.` : "";
    diagnostics.warning(
      `Storage volume ${t.pool}/${t.volume}: snapshot ${t.snapshot} taken before instance ${instance} was ${event}`,
      `It holds the volume's data as it was when the instance stopped (snapshot before rebuild).${pruned} Copy it to a new ` +
        `volume ${t.volume}-${t.snapshot}, or restore it in place (this overwrites the volume's current data; Incus ` +
        `refuses while a running instance uses the volume, so stop that instance first):\n` +
        printedCommands(remote, rebuildSnapshotCommands(t, remote, project)),
    );
  }
}
