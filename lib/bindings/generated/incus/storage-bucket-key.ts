// Generated from the incus_storage_bucket_key schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** An access key of an Incus storage bucket. */
export interface IncusStorageBucketKeyConfig extends TerraformMetaArguments {
  /** Name of the key. */
  readonly name: string;
  /**
   * Description of the key.
   * @default ""
   */
  readonly description?: string;
  /** Storage pool of the bucket. */
  readonly pool: string;
  /** Name of the bucket. */
  readonly storageBucket: string;
  /**
   * admin or read-only.
   * @default "read-only"
   */
  readonly role?: string;
  /** Project of the bucket. */
  readonly project?: string;
  /** The remote the bucket is on. */
  readonly remote?: string;
}

export const INCUS_STORAGE_BUCKET_KEY_SPEC: AttributeSpec = {
  name: "value",
  description: "value",
  pool: "value",
  storage_bucket: "value",
  role: "value",
  project: "value",
  remote: "value",
};

/** An access key of an Incus storage bucket. */
export class IncusStorageBucketKeyResource extends SpecResource<IncusStorageBucketKeyConfig> {
  public static readonly tfResourceType = "incus_storage_bucket_key";

  public constructor(scope: Construct, id: string, config: IncusStorageBucketKeyConfig) {
    super(
      scope,
      id,
      { type: "incus_storage_bucket_key", providerName: "incus", spec: INCUS_STORAGE_BUCKET_KEY_SPEC },
      config,
    );
  }

  /** Name of the key. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Description of the key. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /** Storage pool of the bucket. */
  public get poolRef(): string {
    return this.attribute("pool");
  }

  /** Name of the bucket. */
  public get storageBucketRef(): string {
    return this.attribute("storage_bucket");
  }

  /** admin or read-only. */
  public get roleRef(): string {
    return this.attribute("role");
  }

  /** Project of the bucket. */
  public get projectRef(): string {
    return this.attribute("project");
  }

  /** The remote the bucket is on. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }

  /** The S3 access key. */
  public get accessKey(): string {
    return this.attribute("access_key");
  }

  /** The S3 secret key. */
  public get secretKey(): string {
    return this.attribute("secret_key");
  }
}
