// Builds a StorageBucket's incus_storage_bucket and its keys' incus_storage_bucket_key. A bucket holds data: its
// removal policy is recorded like a volume's (lib/records: the protect marker) and PROTECT adds prevent_destroy.
import type { Construct } from "constructs";
import { IncusStorageBucketKeyResource, IncusStorageBucketResource } from "../../bindings";
import { isToken } from "../../bindings/attributes";
import { incusOwnershipConfig, incusRemovalPolicyConfig, isProtected, RemovalPolicy } from "../../lifecycle";
import { BucketKeyRole } from "../model/storage-bucket-props";
import type { IProject } from "../model/project-props";
import { fail } from "./errors";
import type { IncusHostLike } from "./hosts";
import { nonDefaultProject } from "./placement";
import { parseSize } from "./sizes";

const KIND = "StorageBucket";

/** The common props of a StorageBucket, resolved. */
export interface StorageBucketInput {
  readonly name: string;
  /** The pool name (a reference when the pool is managed here). */
  readonly pool: string;
  readonly size?: string;
  readonly description?: string;
  readonly project?: IProject;
  readonly removalPolicy: RemovalPolicy;
}

/** What a key needs of its bucket's resource. */
export interface BuiltBucket {
  readonly bucketName: string;
  readonly pool: string;
  readonly project?: string;
}

/** A built key: references to its sensitive key pair. */
export interface BuiltBucketKey {
  readonly accessKey: string;
  readonly secretKey: string;
}

/** The props of a key, resolved. */
export interface BucketKeyInput {
  readonly name: string;
  readonly role?: BucketKeyRole;
  readonly description?: string;
}

/** The removal policy of a bucket: PROTECT unless given; the providers neither keep nor copy buckets. */
export function bucketRemovalPolicy(scope: Construct, policy: RemovalPolicy | undefined): RemovalPolicy {
  if (policy === undefined) return RemovalPolicy.PROTECT;
  if (!Object.values(RemovalPolicy).includes(policy))
    fail(scope, KIND, "removalPolicy", `"${String(policy)}" is not a removal policy`);
  if (policy !== RemovalPolicy.PROTECT && policy !== RemovalPolicy.DESTROY)
    fail(
      scope,
      KIND,
      "removalPolicy",
      `a bucket takes RemovalPolicy.PROTECT or RemovalPolicy.DESTROY, not RemovalPolicy.${policy.toUpperCase()}: the providers do not keep or copy buckets`,
    );
  return policy;
}

/** The incus_storage_bucket (child "Default" of `scope`). */
export function incusStorageBucket(scope: Construct, host: IncusHostLike, input: StorageBucketInput): BuiltBucket {
  if (input.project !== undefined && input.project.host !== host)
    fail(scope, KIND, "project", "the project is on another host than the pool");
  if (input.size !== undefined && !isToken(input.size)) {
    const parsed = typeof input.size === "string" ? parseSize(input.size) : { error: 'must be a string like "10GiB"' };
    if ("error" in parsed) fail(scope, KIND, "size", parsed.error);
  }
  const project = nonDefaultProject(input.project)?.projectName;
  const resource = new IncusStorageBucketResource(scope, "Default", {
    name: input.name,
    pool: input.pool,
    description: input.description,
    project,
    remote: host.remoteName,
    config: {
      ...(input.size !== undefined ? { size: input.size } : {}),
      ...incusOwnershipConfig(scope),
      ...incusRemovalPolicyConfig(input.removalPolicy),
    },
    lifecycle: isProtected(input.removalPolicy) ? { preventDestroy: true } : undefined,
  });
  return { bucketName: resource.nameRef, pool: input.pool, project };
}

/** The incus_storage_bucket_key (child "Default" of `scope`). */
export function incusStorageBucketKey(
  scope: Construct,
  host: IncusHostLike,
  bucket: BuiltBucket,
  key: BucketKeyInput,
): BuiltBucketKey {
  const role = key.role ?? BucketKeyRole.READ_ONLY;
  if (!Object.values(BucketKeyRole).includes(role))
    fail(scope, "StorageBucketKey", "role", `${JSON.stringify(role)} is not admin or read-only`);
  const resource = new IncusStorageBucketKeyResource(scope, "Default", {
    name: key.name,
    storageBucket: bucket.bucketName,
    pool: bucket.pool,
    project: bucket.project,
    role,
    description: key.description,
    remote: host.remoteName,
  });
  return { accessKey: resource.accessKey, secretKey: resource.secretKey };
}
