// Generated from the data.incus_storage_pool schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** Reads an existing storage pool. */
export interface DataIncusStoragePoolConfig extends TerraformMetaArguments {
  /** Name of the pool. */
  readonly name: string;
  /** The remote to read from. */
  readonly remote?: string;
  /** Cluster member. */
  readonly target?: string;
  /** Description of the pool. */
  readonly description?: string;
  /** Status of the pool. */
  readonly status?: string;
  /** Storage driver. */
  readonly driver?: string;
}

export const DATA_INCUS_STORAGE_POOL_SPEC: AttributeSpec = {
  name: "value",
  remote: "value",
  target: "value",
  description: "value",
  status: "value",
  driver: "value",
};

/** Reads an existing storage pool. */
export class DataIncusStoragePool extends SpecDataSource<DataIncusStoragePoolConfig> {
  public static readonly tfResourceType = "incus_storage_pool";

  public constructor(scope: Construct, id: string, config: DataIncusStoragePoolConfig) {
    super(
      scope,
      id,
      { type: "incus_storage_pool", providerName: "incus", spec: DATA_INCUS_STORAGE_POOL_SPEC },
      config,
    );
  }

  /** Name of the pool. */
  public get name(): string {
    return this.attribute("name");
  }

  /** The remote to read from. */
  public get remote(): string {
    return this.attribute("remote");
  }

  /** Cluster member. */
  public get target(): string {
    return this.attribute("target");
  }

  /** Description of the pool. */
  public get description(): string {
    return this.attribute("description");
  }

  /** Driver configuration. */
  public get config(): { [key: string]: string } {
    return this.getStringMapAttribute("config");
  }

  /** Status of the pool. */
  public get status(): string {
    return this.attribute("status");
  }

  /** Storage driver. */
  public get driver(): string {
    return this.attribute("driver");
  }
}
