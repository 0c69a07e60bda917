// The import plan of storage buckets: a StorageBucket per bucket of an imported pool and a StorageBucketKey per key,
// each adopted with its own import ID. A key's access and secret keys are secrets: the code never holds them. The
// key is adopted by name and the provider reads both back into the (sensitive) state, so the construct's
// `accessKey`/`secretKey` references work and the deploy plan leaves the key as it is.
import type { StorageBucket, StorageBucketKey } from "../../incus";
import { bucketImportId, bucketKeyImportId } from "./import-ids";
import type { DefaultProjectKind } from "./plan-warnings";
import { warnUnmodelledConfig } from "./plan-warnings";
import { Code } from "./source-text";
import type { Ref, Value } from "./source-text";

/** A bucket together with its pool and keys (the API lists buckets per pool and keys per bucket). */
export interface PooledBucket extends StorageBucket {
  readonly pool: string;
  readonly keys: readonly StorageBucketKey[];
}

/** What the bucket planner needs of the plan. */
export interface BucketPlanContext {
  /** The pool (declared, or `StoragePool.fromName`). */
  pool(name: string): Ref;
  /** The project construct of a non-default project (undefined for "default"). */
  readonly project: Ref | undefined;
  declare(
    className: "StorageBucket" | "StorageBucketKey",
    props: Value,
    importId: string,
    name: string,
    suffix: string,
  ): Ref;
  warn(message: string): void;
}

const BUCKET: DefaultProjectKind = {
  kind: "storage bucket",
  construct: "StorageBucket",
  plural: "buckets",
  noun: "bucket",
};

export function planBuckets(buckets: readonly PooledBucket[], context: BucketPlanContext): void {
  for (const bucket of buckets) {
    const config = bucket.config ?? {};
    warnUnmodelledConfig(BUCKET, bucket.name, config, (key) => key === "size", context.warn);
    const bucketRef = context.declare(
      "StorageBucket",
      {
        pool: context.pool(bucket.pool),
        name: bucket.name,
        size: config.size || undefined,
        description: bucket.description || undefined,
        project: context.project,
      },
      bucketImportId(bucket.pool, bucket.name, bucket.project),
      bucket.name,
      "Bucket",
    );
    for (const key of bucket.keys) {
      context.declare(
        "StorageBucketKey",
        {
          bucket: bucketRef,
          name: key.name,
          role: key.role === "admin" ? new Code("BucketKeyRole.ADMIN", "BucketKeyRole") : undefined,
          description: key.description || undefined,
        },
        bucketKeyImportId(bucket.pool, bucket.name, key.name, bucket.project),
        `${bucket.name}-${key.name}`,
        "Key",
      );
    }
  }
}
