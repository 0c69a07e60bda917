// Generated from the incus_storage_volume_snapshot schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** A snapshot of a custom storage volume. */
export interface IncusStorageVolumeSnapshotConfig extends TerraformMetaArguments {
  /** Name of the snapshot. */
  readonly name: string;
  /** Storage pool of the volume. */
  readonly pool: string;
  /** Name of the custom volume to snapshot. */
  readonly volume: string;
  /**
   * Description of the snapshot.
   * @default ""
   */
  readonly description?: string;
  /**
   * When Incus deletes the snapshot (RFC 3339, e.g. "2030-01-31T12:00:00Z"); changes in place. Default: from the
   * volume's snapshots.expiry, else never (null).
   */
  readonly expiresAt?: string;
  /** Project of the volume. */
  readonly project?: string;
  /** The remote the volume is on. */
  readonly remote?: string;
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

/** A snapshot of a custom storage volume. */
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

  /** Name of the snapshot. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Storage pool of the volume. */
  public get poolRef(): string {
    return this.attribute("pool");
  }

  /** Name of the custom volume to snapshot. */
  public get volumeRef(): string {
    return this.attribute("volume");
  }

  /** Description of the snapshot. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /**
   * When Incus deletes the snapshot (RFC 3339, e.g. "2030-01-31T12:00:00Z"); changes in place. Default: from the
   * volume's snapshots.expiry, else never (null).
   */
  public get expiresAtRef(): string {
    return this.attribute("expires_at");
  }

  /** Project of the volume. */
  public get projectRef(): string {
    return this.attribute("project");
  }

  /** The remote the volume is on. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }

  /** Creation time, seconds since the Unix epoch (UTC). */
  public get createdAt(): number {
    return this.getNumberAttribute("created_at");
  }
}
