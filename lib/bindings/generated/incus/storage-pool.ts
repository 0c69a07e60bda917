// Generated from the incus_storage_pool schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** An Incus storage pool. */
export interface IncusStoragePoolConfig extends TerraformMetaArguments {
  /** Name of the pool. */
  readonly name: string;
  /** dir, zfs, lvm, lvmcluster, btrfs, ceph, cephfs, cephobject, linstor or truenas. */
  readonly driver: string;
  /**
   * Description of the pool.
   * @default ""
   */
  readonly description?: string;
  /** Driver configuration. */
  readonly config?: { readonly [key: string]: string };
  /** Project (pools are global; kept for compatibility). */
  readonly project?: string;
  /** The remote to create the pool on. */
  readonly remote?: string;
  /** Cluster member to create the member-specific part on. */
  readonly target?: string;
}

export const INCUS_STORAGE_POOL_SPEC: AttributeSpec = {
  name: "value",
  driver: "value",
  description: "value",
  config: "map",
  project: "value",
  remote: "value",
  target: "value",
};

/** An Incus storage pool. */
export class IncusStoragePoolResource extends SpecResource<IncusStoragePoolConfig> {
  public static readonly tfResourceType = "incus_storage_pool";

  public constructor(scope: Construct, id: string, config: IncusStoragePoolConfig) {
    super(
      scope,
      id,
      { type: "incus_storage_pool", providerName: "incus", spec: INCUS_STORAGE_POOL_SPEC },
      config,
    );
  }

  /** Name of the pool. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** dir, zfs, lvm, lvmcluster, btrfs, ceph, cephfs, cephobject, linstor or truenas. */
  public get driverRef(): string {
    return this.attribute("driver");
  }

  /** Description of the pool. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /** Project (pools are global; kept for compatibility). */
  public get projectRef(): string {
    return this.attribute("project");
  }

  /** The remote to create the pool on. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }

  /** Cluster member to create the member-specific part on. */
  public get targetRef(): string {
    return this.attribute("target");
  }
}
