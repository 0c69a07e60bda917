// Generated from the incus_storage_bucket schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** An S3-compatible storage bucket in an Incus storage pool. */
export interface IncusStorageBucketConfig extends TerraformMetaArguments {
  /** Name of the bucket. */
  readonly name: string;
  /** Description of the bucket. */
  readonly description?: string;
  /** Storage pool of the bucket. */
  readonly pool: string;
  /** Project of the bucket. */
  readonly project?: string;
  /** The remote to create the bucket on. */
  readonly remote?: string;
  /** Cluster member to create the bucket on. */
  readonly target?: string;
  /** Bucket configuration (size, user.*). */
  readonly config?: { readonly [key: string]: string };
  /** A bucket backup tarball (incus storage bucket export) to create the bucket from. */
  readonly sourceFile?: string;
}

export const INCUS_STORAGE_BUCKET_SPEC: AttributeSpec = {
  name: "value",
  description: "value",
  pool: "value",
  project: "value",
  remote: "value",
  target: "value",
  config: "map",
  source_file: "value",
};

/** An S3-compatible storage bucket in an Incus storage pool. */
export class IncusStorageBucketResource extends SpecResource<IncusStorageBucketConfig> {
  public static readonly tfResourceType = "incus_storage_bucket";

  public constructor(scope: Construct, id: string, config: IncusStorageBucketConfig) {
    super(
      scope,
      id,
      { type: "incus_storage_bucket", providerName: "incus", spec: INCUS_STORAGE_BUCKET_SPEC },
      config,
    );
  }

  /** Name of the bucket. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Description of the bucket. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /** Storage pool of the bucket. */
  public get poolRef(): string {
    return this.attribute("pool");
  }

  /** Project of the bucket. */
  public get projectRef(): string {
    return this.attribute("project");
  }

  /** The remote to create the bucket on. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }

  /** Cluster member to create the bucket on. */
  public get targetRef(): string {
    return this.attribute("target");
  }

  /** A bucket backup tarball (incus storage bucket export) to create the bucket from. */
  public get sourceFileRef(): string {
    return this.attribute("source_file");
  }

  /** Cluster member the bucket is on. */
  public get location(): string {
    return this.attribute("location");
  }
}
