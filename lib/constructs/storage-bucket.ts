// StorageBucket: an S3 bucket in an Incus storage pool, and its keys (StorageBucketKey, or `bucket.addKey`), whose
// access and secret keys are sensitive attributes read through references. A bucket holds data: it is protected
// (RemovalPolicy.PROTECT) unless its removal policy says DESTROY. The host builds it
// (private/storage-bucket-resource.ts); on a libvirt host it is an error.
import { Construct } from "constructs";
import type { RemovalPolicy } from "../lifecycle";
import type { IHost } from "./model/host";
import { BucketKeyRole } from "./model/storage-bucket-props";
import type { BucketKeyProps, StorageBucketProps } from "./model/storage-bucket-props";
import { backendOf } from "./private/backend";
import type { HostBackend } from "./private/host-backend";
import { fail } from "./private/errors";
import { claimName, resolveObjectName } from "./private/name-registry";
import { INCUS_BUCKET_NAME, OBJECT_NAME } from "./private/names";
import type { BuiltBucket } from "./private/storage-bucket-resource";
import { bucketRemovalPolicy } from "./private/storage-bucket-resource";

/** What the keys of a bucket need of it: its host's builder and its resource. */
const bucketParts = new WeakMap<StorageBucket, { readonly backend: HostBackend; readonly built: BuiltBucket }>();

export interface StorageBucketKeyProps extends BucketKeyProps {
  /** The bucket the key reaches. */
  readonly bucket: StorageBucket;
}

/** A key of a bucket. */
export class StorageBucketKey extends Construct {
  public readonly keyName: string;
  /** The key's role (READ_ONLY unless given). */
  public readonly role: BucketKeyRole;
  /** The S3 access key: a reference to a sensitive attribute (never printed by Terraform). */
  public readonly accessKey: string;
  /** The S3 secret key: a reference to a sensitive attribute (never printed by Terraform). */
  public readonly secretKey: string;

  public constructor(scope: Construct, id: string, props: StorageBucketKeyProps) {
    super(scope, id);
    const kind = "StorageBucketKey";
    const parts = bucketParts.get(props.bucket);
    if (parts === undefined) fail(this, kind, "bucket", "a StorageBucketKey needs a StorageBucket");
    if (typeof props.name !== "string" || !OBJECT_NAME.pattern.test(props.name))
      fail(this, kind, "name", `${JSON.stringify(props.name)} is not a key name; use ${OBJECT_NAME.description}`);
    claimName(this, kind, [props.bucket.node.path], props.name);
    this.keyName = props.name;
    this.role = props.role ?? BucketKeyRole.READ_ONLY;
    const built = parts.backend.storageBucketKey(this, parts.built, {
      name: props.name,
      role: props.role,
      description: props.description,
    });
    this.accessKey = built.accessKey;
    this.secretKey = built.secretKey;
  }
}

export class StorageBucket<H extends IHost = IHost> extends Construct {
  public readonly host: H;
  /** The bucket name (a reference to the bucket resource). */
  public readonly bucketName: string;
  /** The effective removal policy. */
  public readonly removalPolicy: RemovalPolicy;

  public constructor(scope: Construct, id: string, props: StorageBucketProps<H>) {
    super(scope, id);
    const kind = "StorageBucket";
    const pool = props.pool;
    if (pool?.host === undefined) fail(this, kind, "pool", "a StorageBucket needs a StoragePool");
    const backend = backendOf(this, kind, pool.host);
    this.host = pool.host as H;
    this.removalPolicy = bucketRemovalPolicy(this, props.removalPolicy);
    const name = resolveObjectName(
      this,
      kind,
      INCUS_BUCKET_NAME,
      [this.host.node.path, props.project?.node.path, pool.node.path],
      props.name,
    );
    const built = backend.storageBucket(this, {
      name,
      pool: pool.poolName,
      size: props.size,
      description: props.description,
      project: props.project,
      removalPolicy: this.removalPolicy,
    });
    bucketParts.set(this, { backend, built });
    this.bucketName = built.bucketName;
    for (const key of props.keys ?? []) this.addKey(key);
  }

  /** Adds a key; its construct id is `Key-<name>`. */
  public addKey(key: BucketKeyProps): StorageBucketKey {
    return new StorageBucketKey(this, `Key-${key.name}`, { ...key, bucket: this });
  }
}
