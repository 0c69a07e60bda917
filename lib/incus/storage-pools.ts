// Storage pools (/1.0/storage-pools). Pools cannot be renamed in Incus.
import type { IncusApi } from "./api";
import { PROJECT, PROJECT_AND_TARGET } from "./api";
import { CollectionEndpoint } from "./crud";
import type { ConfigMap } from "./types";

export interface StoragePoolPut {
  /** Driver settings, e.g. `source` for dir, `size` for loop-backed zfs/btrfs/lvm. */
  readonly config?: ConfigMap;
  readonly description?: string;
}

export interface StoragePoolsPost extends StoragePoolPut {
  readonly name: string;
  /** dir, zfs, btrfs, lvm, lvmcluster, ceph, cephfs, cephobject. */
  readonly driver: string;
}

export interface StoragePool {
  readonly name: string;
  readonly description: string;
  readonly driver: string;
  /** Pending, Created, Errored or Unknown. */
  readonly status: string;
  readonly config: ConfigMap;
  readonly used_by: string[] | null;
  readonly locations: string[] | null;
}

const SCOPES = {
  read: PROJECT_AND_TARGET,
  create: PROJECT_AND_TARGET,
  update: PROJECT_AND_TARGET,
  rename: PROJECT,
  delete: PROJECT,
};

export class StoragePoolsApi extends CollectionEndpoint<StoragePool, StoragePoolsPost, StoragePoolPut> {
  constructor(api: IncusApi) {
    super(api, "storage-pools", SCOPES);
  }
}
