// VolumeSnapshot: a snapshot of an Incus custom volume as an object of the stack (incus_storage_volume_snapshot).
// Taken when it is created, deleted when it is removed from the code; the volume it belongs to is a Volume of the
// stack or one from Volume.fromName. Snapshots on a schedule are the volume's own config (`snapshots.schedule`,
// `snapshots.expiry` in `incus: { config }`); snapshots before a rebuild are attach(…, { snapshotBeforeRebuild }).
// The resource exists in the bundled provider only: with IncusProviderSource.OFFICIAL a VolumeSnapshot is refused.
// The host builds it (private/volume-snapshot-resource.ts); a volume of a libvirt pool does not compile.
import { Construct } from "constructs";
import type { IncusStorageVolumeSnapshotResource } from "../bindings";
import type { IHost, IncusOnly } from "./model/host";
import type { IVolume } from "./model/volume-props";
import { backendOf } from "./private/backend";
import { fail } from "./private/errors";

const KIND = "VolumeSnapshot";

export interface VolumeSnapshotProps<H extends IHost = IHost> {
  /**
   * The volume to snapshot: an Incus Volume of this stack or one from Volume.fromName (not EPHEMERAL). A volume of a
   * libvirt pool is a compile error (with a pool typed only as IStoragePool, an error at synth).
   */
  readonly volume: IncusOnly<H, IVolume<H>>;
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
    this.resource = backendOf(this, KIND, this.volume.pool.host).volumeSnapshot(this, {
      volume: this.volume,
      name: props.name,
      description: props.description,
      expiresAt: props.expiresAt,
    });
    this.snapshotName = this.resource.getStringAttribute("name");
  }

  /** Creation time, seconds since the Unix epoch (computed). */
  public get createdAt(): number {
    return this.resource.createdAt;
  }
}
