// Generated from the data.incus_storage_volume schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** Reads an existing storage volume. */
export interface DataIncusStorageVolumeConfig extends TerraformMetaArguments {
  /** Name of the volume. */
  readonly name: string;
  /** Volume type: custom, container, virtual-machine or image. */
  readonly type: string;
  /** Pool of the volume. */
  readonly storagePool: string;
  /** Project of the volume. */
  readonly project?: string;
  /** The remote to read from. */
  readonly remote?: string;
  /** Cluster member. */
  readonly target?: string;
  /** Description of the volume. */
  readonly description?: string;
  /** Cluster member the volume is on. */
  readonly location?: string;
  /** filesystem, block or iso. */
  readonly contentType?: string;
}

export const DATA_INCUS_STORAGE_VOLUME_SPEC: AttributeSpec = {
  name: "value",
  type: "value",
  storage_pool: "value",
  project: "value",
  remote: "value",
  target: "value",
  description: "value",
  location: "value",
  content_type: "value",
};

/** Reads an existing storage volume. */
export class DataIncusStorageVolume extends SpecDataSource<DataIncusStorageVolumeConfig> {
  public static readonly tfResourceType = "incus_storage_volume";

  public constructor(scope: Construct, id: string, config: DataIncusStorageVolumeConfig) {
    super(
      scope,
      id,
      { type: "incus_storage_volume", providerName: "incus", spec: DATA_INCUS_STORAGE_VOLUME_SPEC },
      config,
    );
  }

  /** Name of the volume. */
  public get name(): string {
    return this.attribute("name");
  }

  /** Volume type: custom, container, virtual-machine or image. */
  public get type(): string {
    return this.attribute("type");
  }

  /** Pool of the volume. */
  public get storagePool(): string {
    return this.attribute("storage_pool");
  }

  /** Project of the volume. */
  public get project(): string {
    return this.attribute("project");
  }

  /** The remote to read from. */
  public get remote(): string {
    return this.attribute("remote");
  }

  /** Cluster member. */
  public get target(): string {
    return this.attribute("target");
  }

  /** Description of the volume. */
  public get description(): string {
    return this.attribute("description");
  }

  /** Volume configuration. */
  public get config(): { [key: string]: string } {
    return this.getStringMapAttribute("config");
  }

  /** Cluster member the volume is on. */
  public get location(): string {
    return this.attribute("location");
  }

  /** filesystem, block or iso. */
  public get contentType(): string {
    return this.attribute("content_type");
  }
}
