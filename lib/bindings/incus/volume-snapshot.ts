// incus_storage_volume_snapshot: a snapshot of a custom storage volume (a cdktf-virt addition; the official provider
// has none). Everything but description and expires_at replaces it.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import { SpecResource } from "../spec-resource";
import type { AttributeSpec } from "../attributes";
import type { IncusPlacementConfig } from "./common";

export interface IncusStorageVolumeSnapshotConfig extends TerraformMetaArguments, IncusPlacementConfig {
  /** Snapshot name (no '/'). */
  readonly name: string;
  /** Storage pool of the volume. */
  readonly pool: string;
  /** The custom volume to snapshot. */
  readonly volume: string;
  readonly description?: string;
  /** When Incus deletes the snapshot, RFC 3339 (e.g. "2030-01-31T12:00:00Z"); default: the volume's snapshots.expiry. */
  readonly expiresAt?: string;
}

export const INCUS_STORAGE_VOLUME_SNAPSHOT_SPEC: AttributeSpec = {
  name: "value",
  pool: "value",
  volume: "value",
  description: "value",
  expires_at: "value",
  project: "value",
  remote: "value",
};

export class IncusStorageVolumeSnapshotResource extends SpecResource<IncusStorageVolumeSnapshotConfig> {
  public static readonly tfResourceType = "incus_storage_volume_snapshot";

  public constructor(scope: Construct, id: string, config: IncusStorageVolumeSnapshotConfig) {
    super(
      scope,
      id,
      { type: "incus_storage_volume_snapshot", providerName: "incus", spec: INCUS_STORAGE_VOLUME_SNAPSHOT_SPEC },
      config,
    );
  }

  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Creation time, seconds since the epoch (computed). */
  public get createdAt(): number {
    return this.getNumberAttribute("created_at");
  }
}
