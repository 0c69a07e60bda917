// incus_image: an image imported from local tarballs, copied from another remote, or published from an instance.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import { SpecResource } from "../spec-resource";
import type { AttributeSpec } from "../attributes";
import type { IncusPlacementConfig } from "./common";

export interface IncusImageSourceFileConfig {
  /** Rootfs tarball (or unified tarball), or an https:// URL. */
  readonly dataPath: string;
  /** Metadata tarball of a split image. */
  readonly metadataPath?: string;
}

export interface IncusImageSourceImageConfig {
  readonly remote: string;
  readonly name: string;
  readonly type?: string;
  readonly architecture?: string;
  readonly copyAliases?: boolean;
}

export interface IncusImageSourceInstanceConfig {
  readonly name: string;
  readonly snapshot?: string;
}

export interface IncusImageAliasConfig {
  readonly name: string;
  readonly description?: string;
}

export interface IncusImageConfig extends TerraformMetaArguments, IncusPlacementConfig {
  readonly sourceFile?: IncusImageSourceFileConfig;
  readonly sourceImage?: IncusImageSourceImageConfig;
  readonly sourceInstance?: IncusImageSourceInstanceConfig;
  readonly alias?: IncusImageAliasConfig[];
}

export const INCUS_IMAGE_SPEC: AttributeSpec = {
  source_file: { object: { data_path: "value", metadata_path: "value" } },
  source_image: {
    object: { remote: "value", name: "value", type: "value", architecture: "value", copy_aliases: "value" },
  },
  source_instance: { object: { name: "value", snapshot: "value" } },
  project: "value",
  remote: "value",
  alias: { list: { name: "value", description: "value" } },
};

export class IncusImageResource extends SpecResource<IncusImageConfig> {
  public static readonly tfResourceType = "incus_image";

  public constructor(scope: Construct, id: string, config: IncusImageConfig) {
    super(scope, id, { type: "incus_image", providerName: "incus", spec: INCUS_IMAGE_SPEC }, config);
  }

  public get fingerprint(): string {
    return this.attribute("fingerprint");
  }

  /** `<remote>:<fingerprint>` (computed). */
  public get resourceId(): string {
    return this.attribute("resource_id");
  }
}
