// incus_storage_pool: an Incus storage pool (dir, zfs, lvm, btrfs, …).
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import { SpecResource } from "../spec-resource";
import type { AttributeSpec } from "../attributes";
import type { IncusPlacementConfig } from "./common";

export interface IncusStoragePoolConfig extends TerraformMetaArguments, IncusPlacementConfig {
  readonly name: string;
  readonly driver: string;
  readonly description?: string;
  readonly config?: { readonly [key: string]: string };
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

export class IncusStoragePoolResource extends SpecResource<IncusStoragePoolConfig> {
  public static readonly tfResourceType = "incus_storage_pool";

  public constructor(scope: Construct, id: string, config: IncusStoragePoolConfig) {
    super(scope, id, { type: "incus_storage_pool", providerName: "incus", spec: INCUS_STORAGE_POOL_SPEC }, config);
  }

  public get nameRef(): string {
    return this.attribute("name");
  }
}
