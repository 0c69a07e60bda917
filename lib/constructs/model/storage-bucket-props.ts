// The props of a StorageBucket (Incus only): an S3 bucket in a storage pool, and the keys that reach it. A bucket
// holds data, so it is protected unless its removal policy says otherwise.
import type { RemovalPolicy } from "../../lifecycle";
import type { IHost, IncusOnly } from "./host";
import type { IProject } from "./project-props";
import type { IStoragePool } from "./storage-pool-props";

/** What a bucket key may do. */
export enum BucketKeyRole {
  /** Read and write, and manage the bucket's objects. */
  ADMIN = "admin",
  /** Read objects only. */
  READ_ONLY = "read-only",
}

/** A key of a bucket. Its access and secret keys are sensitive values of the Terraform state. */
export interface BucketKeyProps {
  /** Letters, digits, '.', '_' or '-'. */
  readonly name: string;
  /** @default BucketKeyRole.READ_ONLY */
  readonly role?: BucketKeyRole;
  /** @default none */
  readonly description?: string;
}

export interface StorageBucketProps<H extends IHost = IHost> {
  /** The pool of an IncusHost the bucket is created in (a compile error with a pool of a LibvirtHost). */
  readonly pool: IncusOnly<H, IStoragePool<H>>;
  /** Letters, digits, '.' or '-' (S3 bucket names), 3 to 63 characters. @default derived from the construct path */
  readonly name?: string;
  /** The bucket's quota, e.g. "10GiB" (Incus `size`). @default no quota */
  readonly size?: string;
  /** @default none */
  readonly description?: string;
  /** The project of the bucket. @default the default project */
  readonly project?: IProject;
  /**
   * What happens to the bucket and its objects when Terraform deletes it: RemovalPolicy.PROTECT refuses the delete
   * (`prevent_destroy` and the protect marker), RemovalPolicy.DESTROY deletes it with its objects. The providers do
   * not keep or copy buckets, so RETAIN and SNAPSHOT are refused.
   * @default RemovalPolicy.PROTECT
   */
  readonly removalPolicy?: RemovalPolicy;
  /** Keys of the bucket. More can be added with `addKey`. @default none */
  readonly keys?: readonly BucketKeyProps[];
}
