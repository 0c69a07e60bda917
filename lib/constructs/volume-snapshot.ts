// VolumeSnapshot: a snapshot of an Incus custom volume as an object of the stack (incus_storage_volume_snapshot).
// Taken when it is created, deleted when it is removed from the code; the volume it belongs to is a Volume of the
// stack or one from Volume.fromName. Snapshots on a schedule are the volume's own config (`snapshots.schedule`,
// `snapshots.expiry` in `incus: { config }`); snapshots before a rebuild are attach(…, { snapshotBeforeRebuild }).
// The resource exists in the bundled provider only: with IncusProviderSource.OFFICIAL a VolumeSnapshot is refused.
import { Construct } from "constructs";
import { IncusStorageVolumeSnapshotResource } from "../bindings";
import { isToken } from "../bindings/attributes";
import { VolumeLifecycle } from "../lifecycle";
import type { IHost } from "./host";
import type { IVolume } from "./volume-props";
import { knownHost } from "./private/backend";
import { fail } from "./private/errors";
import { resolveObjectName } from "./private/name-registry";
import { requireBundledProvider } from "./private/official-provider";
import { OBJECT_NAME } from "./private/names";
import { nonDefaultProject } from "./private/placement";

const KIND = "VolumeSnapshot";
/** The names of snapshots taken before a rebuild start with this (lib/records/rebuild-snapshot.ts: rebuildSnapshotPrefix). */
const REBUILD_PREFIX = "rebuild-";
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export interface VolumeSnapshotProps<H extends IHost = IHost> {
  /** The volume to snapshot: an Incus Volume of this stack or one from Volume.fromName (not EPHEMERAL). */
  readonly volume: IVolume<H>;
  /**
   * The snapshot's name (unique per volume; names starting with "rebuild-" belong to snapshotBeforeRebuild).
   * Changing it takes a new snapshot and deletes the old one.
   * @default derived from the construct path, e.g. "homelab-before-upgrade"
   */
  readonly name?: string;
  /** @default none */
  readonly description?: string;
  /**
   * When Incus deletes the snapshot by itself, RFC 3339 (e.g. "2030-01-31T12:00:00Z"); changes in place. Once it has
   * expired, the next plan creates the snapshot again (it is gone from the host): remove the construct instead.
   * @default the volume's `snapshots.expiry`, else never
   */
  readonly expiresAt?: string;
}

export class VolumeSnapshot<H extends IHost = IHost> extends Construct {
  public readonly volume: IVolume<H>;
  /** The snapshot name (a reference to the snapshot resource). */
  public readonly snapshotName: string;
  private readonly resource: IncusStorageVolumeSnapshotResource;

  public constructor(scope: Construct, id: string, props: VolumeSnapshotProps<H>) {
    super(scope, id);
    if (!props.volume?.pool?.host) fail(this, KIND, "volume", "a VolumeSnapshot needs a Volume (or Volume.fromName)");
    this.volume = props.volume;
    const host = knownHost(this, KIND, this.volume.pool.host);
    if (host.hostKind !== "incus") fail(this, KIND, "volume", `the volume "${this.volume.node.path}" is on a libvirt host; VolumeSnapshot is Incus only`);
    requireBundledProvider(this, KIND, "volume", host, "A VolumeSnapshot", "has no incus_storage_volume_snapshot resource (terraform would fail at plan)");
    if (this.volume.lifecycle === VolumeLifecycle.EPHEMERAL) {
      fail(this, KIND, "volume", `the volume "${this.volume.node.path}" is EPHEMERAL: it is rebuilt with its instance and its snapshots with it; snapshot a PERSISTENT or SHARED volume`);
    }
    const name = resolveObjectName(this, KIND, OBJECT_NAME, [this.volume.node.path], props.name);
    if (!isToken(name) && name.startsWith(REBUILD_PREFIX)) {
      fail(this, KIND, "name", `"${name}" starts with "rebuild-", which names the snapshots taken before a rebuild (snapshotBeforeRebuild); choose another name`);
    }
    if (props.expiresAt !== undefined && !isToken(props.expiresAt) && (!RFC3339.test(props.expiresAt) || Number.isNaN(Date.parse(props.expiresAt)))) {
      fail(this, KIND, "expiresAt", `"${props.expiresAt}" is not an RFC 3339 time; write e.g. "2030-01-31T12:00:00Z"`);
    }
    this.resource = new IncusStorageVolumeSnapshotResource(this, "Default", {
      name,
      pool: this.volume.pool.poolName,
      volume: this.volume.volumeName,
      description: props.description,
      expiresAt: props.expiresAt,
      project: nonDefaultProject(this.volume.project)?.projectName,
      remote: host.remoteName,
    });
    this.snapshotName = this.resource.getStringAttribute("name");
  }

  /** Creation time, seconds since the Unix epoch (computed). */
  public get createdAt(): number {
    return this.resource.createdAt;
  }
}
