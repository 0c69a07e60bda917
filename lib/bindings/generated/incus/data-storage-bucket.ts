// Generated from the data.incus_storage_bucket schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** Reads an existing Incus storage bucket. */
export interface DataIncusStorageBucketConfig extends TerraformMetaArguments {
  /** Name of the bucket. */
  readonly name: string;
  /** Storage pool of the bucket. */
  readonly storagePool: string;
  /** Project of the bucket. */
  readonly project?: string;
  /** The remote to read from. */
  readonly remote?: string;
  /** Cluster member. */
  readonly target?: string;
  /** Description of the bucket. */
  readonly description?: string;
  /** Cluster member the bucket is on. */
  readonly location?: string;
  /** The bucket's S3 URL. */
  readonly s3Url?: string;
}

export const DATA_INCUS_STORAGE_BUCKET_SPEC: AttributeSpec = {
  name: "value",
  storage_pool: "value",
  project: "value",
  remote: "value",
  target: "value",
  description: "value",
  location: "value",
  s3_url: "value",
};

/** Reads an existing Incus storage bucket. */
export class DataIncusStorageBucket extends SpecDataSource<DataIncusStorageBucketConfig> {
  public static readonly tfResourceType = "incus_storage_bucket";

  public constructor(scope: Construct, id: string, config: DataIncusStorageBucketConfig) {
    super(
      scope,
      id,
      { type: "incus_storage_bucket", providerName: "incus", spec: DATA_INCUS_STORAGE_BUCKET_SPEC },
      config,
    );
  }

  /** Name of the bucket. */
  public get name(): string {
    return this.attribute("name");
  }

  /** Storage pool of the bucket. */
  public get storagePool(): string {
    return this.attribute("storage_pool");
  }

  /** Project of the bucket. */
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

  /** Description of the bucket. */
  public get description(): string {
    return this.attribute("description");
  }

  /** Bucket configuration. */
  public get config(): { [key: string]: string } {
    return this.getStringMapAttribute("config");
  }

  /** Cluster member the bucket is on. */
  public get location(): string {
    return this.attribute("location");
  }

  /** The bucket's S3 URL. */
  public get s3Url(): string {
    return this.attribute("s3_url");
  }
}
