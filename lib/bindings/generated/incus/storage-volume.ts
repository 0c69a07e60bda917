// Generated from the incus_storage_volume schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** A custom storage volume (filesystem, block or ISO). */
export interface IncusStorageVolumeConfig extends TerraformMetaArguments {
  /** Name of the volume. */
  readonly name: string;
  /** Storage pool of the volume. */
  readonly pool: string;
  /** Description of the volume. */
  readonly description?: string;
  /**
   * Volume type. The official provider passes any value on to Incus, which creates only "custom" volumes; other
   * values are refused here at plan time instead of failing on apply.
   * @default "custom"
   */
  readonly type?: string;
  /** filesystem (default) or block. */
  readonly contentType?: string;
  /** Volume configuration; the size goes in config.size. */
  readonly config?: { readonly [key: string]: string };
  /** Project of the volume. */
  readonly project?: string;
  /** The remote to create the volume on. */
  readonly remote?: string;
  /** Cluster member. */
  readonly target?: string;
  /** Create the volume as a copy of another custom volume. */
  readonly sourceVolume?: IncusStorageVolumeSourceVolumeConfig;
  /**
   * Create the volume from a local file: an .iso becomes an ISO volume, anything else is imported as a volume backup.
   */
  readonly sourceFile?: string;
  /** A file to upload into the volume. */
  readonly file?: IncusStorageVolumeFileConfig[];
}

/** Create the volume as a copy of another custom volume. */
export interface IncusStorageVolumeSourceVolumeConfig {
  /** Pool of the volume to copy. */
  readonly pool: string;
  /** Name of the volume to copy. */
  readonly name: string;
  /**
   * Remote of the volume to copy. Default: the volume's own remote; another Incus remote must have an https://
   * address, which the volume's remote pulls from.
   */
  readonly remote?: string;
}

/** A file to upload into the volume. */
export interface IncusStorageVolumeFileConfig {
  /** The file's contents (exclusive with source_path). */
  readonly content?: string;
  /** A local file to upload (exclusive with content). */
  readonly sourcePath?: string;
  /** Absolute path of the file inside the volume. */
  readonly targetPath: string;
  readonly uid?: number;
  readonly gid?: number;
  readonly mode?: string;
  readonly directoryMode?: string;
  readonly createDirectories?: boolean;
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
  source_volume: { object: {
    pool: "value",
    name: "value",
    remote: "value",
  } },
  source_file: "value",
  file: { list: {
    content: "value",
    source_path: "value",
    target_path: "value",
    uid: "value",
    gid: "value",
    mode: "value",
    directory_mode: "value",
    create_directories: "value",
  } },
};

/** A custom storage volume (filesystem, block or ISO). */
export class IncusStorageVolumeResource extends SpecResource<IncusStorageVolumeConfig> {
  public static readonly tfResourceType = "incus_storage_volume";

  public constructor(scope: Construct, id: string, config: IncusStorageVolumeConfig) {
    super(
      scope,
      id,
      { type: "incus_storage_volume", providerName: "incus", spec: INCUS_STORAGE_VOLUME_SPEC },
      config,
    );
  }

  /** Name of the volume. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Storage pool of the volume. */
  public get poolRef(): string {
    return this.attribute("pool");
  }

  /** Description of the volume. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /**
   * Volume type. The official provider passes any value on to Incus, which creates only "custom" volumes; other
   * values are refused here at plan time instead of failing on apply.
   */
  public get typeRef(): string {
    return this.attribute("type");
  }

  /** filesystem (default) or block. */
  public get contentTypeRef(): string {
    return this.attribute("content_type");
  }

  /** Project of the volume. */
  public get projectRef(): string {
    return this.attribute("project");
  }

  /** The remote to create the volume on. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }

  /** Cluster member. */
  public get targetRef(): string {
    return this.attribute("target");
  }

  /**
   * Create the volume from a local file: an .iso becomes an ISO volume, anything else is imported as a volume backup.
   */
  public get sourceFileRef(): string {
    return this.attribute("source_file");
  }

  /** Cluster member the volume is on ("none" when not clustered). */
  public get location(): string {
    return this.attribute("location");
  }
}
