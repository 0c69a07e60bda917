// incus_storage_volume: a custom storage volume (filesystem or block) in a pool.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import { SpecResource } from "../spec-resource";
import type { AttributeSpec } from "../attributes";
import { FILE_SPEC } from "./common";
import type { IncusFileConfig, IncusPlacementConfig } from "./common";

/** Copy the new volume from an existing one. */
export interface IncusSourceVolumeConfig {
  readonly pool: string;
  readonly name: string;
  readonly remote?: string;
}

export interface IncusStorageVolumeConfig extends TerraformMetaArguments, IncusPlacementConfig {
  readonly name: string;
  readonly pool: string;
  readonly description?: string;
  /** Always `custom` for volumes users create. */
  readonly type?: string;
  /** `filesystem` (default) or `block`. */
  readonly contentType?: string;
  /** Volume config; the size goes in `size` (e.g. "10GiB"). */
  readonly config?: { readonly [key: string]: string };
  readonly target?: string;
  readonly sourceVolume?: IncusSourceVolumeConfig;
  readonly sourceFile?: string;
  readonly file?: IncusFileConfig[];
}

export const INCUS_STORAGE_VOLUME_SPEC: AttributeSpec = {
  name: "value",
  pool: "value",
  description: "value",
  type: "value",
  content_type: "value",
  config: "map",
  project: "value",
  remote: "value",
  target: "value",
  source_volume: { object: { pool: "value", name: "value", remote: "value" } },
  source_file: "value",
  file: { list: FILE_SPEC },
};

export class IncusStorageVolumeResource extends SpecResource<IncusStorageVolumeConfig> {
  public static readonly tfResourceType = "incus_storage_volume";

  public constructor(scope: Construct, id: string, config: IncusStorageVolumeConfig) {
    super(scope, id, { type: "incus_storage_volume", providerName: "incus", spec: INCUS_STORAGE_VOLUME_SPEC }, config);
  }

  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Cluster member holding the volume (computed). */
  public get location(): string {
    return this.attribute("location");
  }
}
