// Access keys of a storage bucket (/1.0/storage-pools/<pool>/buckets/<bucket>/keys): S3 credentials with a role
// (admin or read-only). Incus generates the key pair when none is given.
import type { CallOptions, IncusApi, UpdateOptions, Versioned } from "./api";
import { PROJECT_AND_TARGET, apiPath } from "./api";
import { ignoreNotFound } from "./errors";

export interface StorageBucketKeyPut {
  readonly description?: string;
  /** "admin" or "read-only". */
  readonly role?: string;
  /** Generated when empty. */
  readonly "access-key"?: string;
  /** Generated when empty. */
  readonly "secret-key"?: string;
}

export interface StorageBucketKeysPost extends StorageBucketKeyPut {
  readonly name: string;
}

export interface StorageBucketKey {
  readonly name: string;
  readonly description: string;
  readonly role: string;
  readonly "access-key": string;
  readonly "secret-key": string;
}

export class StorageBucketKeysApi {
  constructor(private readonly api: IncusApi) {}

  private path(pool: string, bucket: string, ...name: string[]): string {
    return apiPath("storage-pools", pool, "buckets", bucket, "keys", ...name);
  }

  async list(pool: string, bucket: string, call?: CallOptions): Promise<StorageBucketKey[]> {
    return this.api.list<StorageBucketKey>(this.path(pool, bucket), call, PROJECT_AND_TARGET);
  }

  async get(pool: string, bucket: string, name: string, call?: CallOptions): Promise<Versioned<StorageBucketKey>> {
    return this.api.get<StorageBucketKey>(this.path(pool, bucket, name), call, PROJECT_AND_TARGET);
  }

  /** Like get, but undefined when the key (or its bucket) does not exist. */
  async find(
    pool: string,
    bucket: string,
    name: string,
    call?: CallOptions,
  ): Promise<Versioned<StorageBucketKey> | undefined> {
    return ignoreNotFound(this.get(pool, bucket, name, call));
  }

  async create(pool: string, bucket: string, body: StorageBucketKeysPost, call?: CallOptions): Promise<void> {
    await this.api.write("POST", this.path(pool, bucket), call, PROJECT_AND_TARGET, { json: body });
  }

  /** Replaces description, role and (when given) the key pair (PUT). */
  async update(
    pool: string,
    bucket: string,
    name: string,
    body: StorageBucketKeyPut,
    options?: UpdateOptions,
  ): Promise<void> {
    await this.api.write("PUT", this.path(pool, bucket, name), options, PROJECT_AND_TARGET, {
      json: body,
      etag: options?.etag,
    });
  }

  async delete(pool: string, bucket: string, name: string, call?: CallOptions): Promise<void> {
    await this.api.write("DELETE", this.path(pool, bucket, name), call, PROJECT_AND_TARGET);
  }
}
