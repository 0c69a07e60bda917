// A bucket holds data. One whose config records removal policy "protect" (the StorageBucket construct's default,
// written as the protect marker) is never planned for deletion, also once its resource block is gone and
// prevent_destroy with it, nor for a replacement (its delete half); Delete refuses it too, on any path that still
// reaches it. A policy value that cannot be read counts as protected: the safe reading of a damaged marker.
import { incusRemovalPolicy } from "../../../records";
import type { Diagnostics } from "../../framework";
import { configMap } from "../common";
import type { StorageBucketState } from "./schema";

type BucketAddress = Pick<StorageBucketState, "pool" | "name" | "config">;

const where = (bucket: BucketAddress) => `Storage bucket ${bucket.pool}/${bucket.name}`;

function isProtected(bucket: BucketAddress): boolean {
  try {
    return incusRemovalPolicy(configMap(bucket.config), where(bucket)) === "protect";
  } catch {
    return true;
  }
}

/** At plan time: refuses the deletion or replacement of a protected bucket. */
export function checkBucketRemoval(prior: BucketAddress, replacing: boolean, diagnostics: Diagnostics): void {
  if (!isProtected(prior)) return;
  const change = replacing ? "this change replaces it, which deletes it first" : "this plan would destroy it";
  diagnostics.error(
    `${where(prior)} is protected`,
    `Its config marks it protected, and ${change}: the objects in it would be lost. To delete it on purpose, first ` +
      "deploy it with protection lifted (the StorageBucket construct's `removalPolicy: RemovalPolicy.DESTROY`, or " +
      "remove the key), then remove it. To stop managing it without deleting it, use `terraform state rm` or a " +
      "`removed { lifecycle { destroy = false } }` block.",
  );
}

/** At delete time: true when the bucket may be deleted; otherwise reports why not. */
export function mayDeleteBucket(prior: BucketAddress, diagnostics: Diagnostics): boolean {
  if (!isProtected(prior)) return true;
  diagnostics.error(
    `${where(prior)} is protected`,
    "Its config marks it protected, so the provider does not delete it. Deploy it with protection lifted first " +
      "(`removalPolicy: RemovalPolicy.DESTROY`), then remove it.",
  );
  return false;
}
