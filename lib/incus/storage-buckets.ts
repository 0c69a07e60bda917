// Storage buckets (/1.0/storage-pools/<pool>/buckets): S3-compatible object storage (API extension
// storage_buckets); their access keys are in storage-bucket-keys.ts. Buckets on local pools (dir, btrfs, zfs, lvm)
// are served by a MinIO process incusd starts (storage_buckets_local), so the host needs the `minio` binary;
// without it incusd refuses to create one ("Couldn't find the MinIO client tool").
import type { CallOptions, IncusApi, UpdateOptions, Versioned } from "./api";
import { PROJECT_AND_TARGET, apiPath } from "./api";
import { ignoreNotFound } from "./errors";
import { fileBody } from "./multipart";
import type { ConfigMap } from "./types";

export const STORAGE_BUCKETS_EXTENSION = "storage_buckets";
/** Buckets on local pools (served by MinIO). */
export const STORAGE_BUCKETS_LOCAL_EXTENSION = "storage_buckets_local";
/** Creating a bucket from a backup tarball. */
export const STORAGE_BUCKET_BACKUP_EXTENSION = "storage_bucket_backup";

export interface StorageBucketPut {
  /** e.g. `size`, `user.*`. */
  readonly config?: ConfigMap;
  readonly description?: string;
}

export interface StorageBucketsPost extends StorageBucketPut {
  readonly name: string;
}

export interface StorageBucket {
  readonly name: string;
  readonly description: string;
  readonly config: ConfigMap | null;
  /** The cluster member holding it ("none" outside a cluster). */
  readonly location: string;
  readonly s3_url: string;
  readonly project?: string;
}

export class StorageBucketsApi {
  constructor(private readonly api: IncusApi) {}

  private collection(pool: string): string {
    return apiPath("storage-pools", pool, "buckets");
  }

  private bucketPath(pool: string, name: string, ...sub: string[]): string {
    return apiPath("storage-pools", pool, "buckets", name, ...sub);
  }

  async list(pool: string, call?: CallOptions): Promise<StorageBucket[]> {
    return this.api.list<StorageBucket>(this.collection(pool), call, PROJECT_AND_TARGET);
  }

  async get(pool: string, name: string, call?: CallOptions): Promise<Versioned<StorageBucket>> {
    return this.api.get<StorageBucket>(this.bucketPath(pool, name), call, PROJECT_AND_TARGET);
  }

  /** Like get, but undefined when the bucket does not exist. */
  async find(pool: string, name: string, call?: CallOptions): Promise<Versioned<StorageBucket> | undefined> {
    return ignoreNotFound(this.get(pool, name, call));
  }

  async create(pool: string, body: StorageBucketsPost, call?: CallOptions): Promise<void> {
    await this.api.write("POST", this.collection(pool), call, PROJECT_AND_TARGET, { json: body });
  }

  /** Creates bucket `pool/name` from a backup tarball (`incus storage bucket export`). */
  async importFile(pool: string, name: string, file: string, call?: CallOptions): Promise<void> {
    await this.api.write("POST", this.collection(pool), call, PROJECT_AND_TARGET, {
      headers: { "x-incus-name": name },
      raw: await fileBody(file),
    });
  }

  /** Replaces description and config (PUT). */
  async update(pool: string, name: string, body: StorageBucketPut, options?: UpdateOptions): Promise<void> {
    await this.api.write("PUT", this.bucketPath(pool, name), options, PROJECT_AND_TARGET, {
      json: body,
      etag: options?.etag,
    });
  }

  async delete(pool: string, name: string, call?: CallOptions): Promise<void> {
    await this.api.write("DELETE", this.bucketPath(pool, name), call, PROJECT_AND_TARGET);
  }
}
