// Generated from the incus_image schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** An image in an Incus image store. */
export interface IncusImageConfig extends TerraformMetaArguments {
  /** Upload the image from local files. */
  readonly sourceFile?: IncusImageSourceFileConfig;
  /** Copy the image from another remote. */
  readonly sourceImage?: IncusImageSourceImageConfig;
  /** Publish an instance (or one of its snapshots) as an image. */
  readonly sourceInstance?: IncusImageSourceInstanceConfig;
  /** Project of the image. */
  readonly project?: string;
  /** The remote to store the image on. */
  readonly remote?: string;
  /** An alias of the image. */
  readonly alias?: IncusImageAliasConfig[];
}

/** Upload the image from local files. */
export interface IncusImageSourceFileConfig {
  /** Rootfs tarball or disk image; alone, a unified image tarball. May be an https:// URL. */
  readonly dataPath: string;
  /** Metadata tarball of a split image. */
  readonly metadataPath?: string;
}

/** Copy the image from another remote. */
export interface IncusImageSourceImageConfig {
  /** Remote to copy the image from. */
  readonly remote: string;
  /** Alias or fingerprint of the image on that remote. */
  readonly name: string;
  /** @default "container" */
  readonly type?: string;
  readonly architecture?: string;
  readonly copyAliases?: boolean;
}

/** Publish an instance (or one of its snapshots) as an image. */
export interface IncusImageSourceInstanceConfig {
  /** Instance to publish. */
  readonly name: string;
  /** Publish this snapshot of the instance instead. */
  readonly snapshot?: string;
}

/** An alias of the image. */
export interface IncusImageAliasConfig {
  /** The alias. */
  readonly name: string;
  /**
   * Description of the alias.
   * @default ""
   */
  readonly description?: string;
}

export const INCUS_IMAGE_SPEC: AttributeSpec = {
  source_file: { object: {
    data_path: "value",
    metadata_path: "value",
  } },
  source_image: { object: {
    remote: "value",
    name: "value",
    type: "value",
    architecture: "value",
    copy_aliases: "value",
  } },
  source_instance: { object: {
    name: "value",
    snapshot: "value",
  } },
  project: "value",
  remote: "value",
  alias: { list: {
    name: "value",
    description: "value",
  } },
};

/** An image in an Incus image store. */
export class IncusImageResource extends SpecResource<IncusImageConfig> {
  public static readonly tfResourceType = "incus_image";

  public constructor(scope: Construct, id: string, config: IncusImageConfig) {
    super(
      scope,
      id,
      { type: "incus_image", providerName: "incus", spec: INCUS_IMAGE_SPEC },
      config,
    );
  }

  /** Project of the image. */
  public get projectRef(): string {
    return this.attribute("project");
  }

  /** The remote to store the image on. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }

  /** <remote>:<fingerprint>. */
  public get resourceId(): string {
    return this.attribute("resource_id");
  }

  /** Creation time, Unix seconds. */
  public get createdAt(): number {
    return this.getNumberAttribute("created_at");
  }

  /** SHA-256 fingerprint of the image. */
  public get fingerprint(): string {
    return this.attribute("fingerprint");
  }
}
