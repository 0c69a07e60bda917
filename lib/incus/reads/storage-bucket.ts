// Storage buckets (/1.0/storage-pools/<pool>/buckets), read-only: what data "incus_storage_bucket" needs.
import type { CallOptions, IncusApi, Versioned } from "../api";
import { PROJECT_AND_TARGET, apiPath } from "../api";
import type { ConfigMap } from "../types";

export interface StorageBucket {
  readonly name: string;
  readonly description: string;
  readonly config: ConfigMap;
  readonly s3_url: string;
  readonly location?: string;
}

export function getStorageBucket(
  api: IncusApi,
  pool: string,
  name: string,
  call?: CallOptions,
): Promise<Versioned<StorageBucket>> {
  return api.get<StorageBucket>(apiPath("storage-pools", pool, "buckets", name), call, PROJECT_AND_TARGET);
}
