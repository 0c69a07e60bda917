// Builds a VolumeSnapshot's incus_storage_volume_snapshot from its props (the resource exists in the bundled provider
// only) after checking them: a volume that outlives its instances, a name that is not a rebuild snapshot's, an RFC
// 3339 expiry.
import type { Construct } from "constructs";
import { IncusStorageVolumeSnapshotResource } from "../../bindings";
import { isToken } from "../../bindings/attributes";
import { VolumeLifecycle } from "../../lifecycle";
import type { IncusHostLike } from "./hosts";
import type { IVolume } from "../model/volume-props";
import { fail } from "./errors";
import { resolveObjectName } from "./name-registry";
import { OBJECT_NAME } from "./names";
import { requireBundledProvider } from "./official-provider";
import { nonDefaultProject } from "./placement";

const KIND = "VolumeSnapshot";
/** The names of snapshots taken before a rebuild start with this (removal-policy.ts: rebuildSnapshotPrefix). */
const REBUILD_PREFIX = "rebuild-";
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** The props of a VolumeSnapshot. */
export interface VolumeSnapshotInput {
  readonly volume: IVolume;
  readonly name?: string;
  readonly description?: string;
  readonly expiresAt?: string;
}

export function incusVolumeSnapshot(
  scope: Construct,
  host: IncusHostLike,
  input: VolumeSnapshotInput,
): IncusStorageVolumeSnapshotResource {
  const volume = input.volume;
  requireBundledProvider(
    scope,
    KIND,
    "volume",
    host,
    "A VolumeSnapshot",
    "has no incus_storage_volume_snapshot resource (terraform would fail at plan)",
  );
  if (volume.lifecycle === VolumeLifecycle.EPHEMERAL) {
    fail(
      scope,
      KIND,
      "volume",
      `the volume "${volume.node.path}" is EPHEMERAL: it is rebuilt with its instance and its snapshots with it; snapshot a PERSISTENT or SHARED volume`,
    );
  }
  const name = resolveObjectName(scope, KIND, OBJECT_NAME, [volume.node.path], input.name);
  if (!isToken(name) && name.startsWith(REBUILD_PREFIX)) {
    fail(
      scope,
      KIND,
      "name",
      `"${name}" starts with "rebuild-", which names the snapshots taken before a rebuild (snapshotBeforeRebuild); choose another name`,
    );
  }
  if (
    input.expiresAt !== undefined &&
    !isToken(input.expiresAt) &&
    (!RFC3339.test(input.expiresAt) || Number.isNaN(Date.parse(input.expiresAt)))
  ) {
    fail(scope, KIND, "expiresAt", `"${input.expiresAt}" is not an RFC 3339 time; write e.g. "2030-01-31T12:00:00Z"`);
  }
  return new IncusStorageVolumeSnapshotResource(scope, "Default", {
    name,
    pool: volume.pool.poolName,
    volume: volume.volumeName,
    description: input.description,
    expiresAt: input.expiresAt,
    project: nonDefaultProject(volume.project)?.projectName,
    remote: host.remoteName,
  });
}
