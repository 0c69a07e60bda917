// What a pool is to the rest of the library (IStoragePool: where volumes and root disks are created) and the props of
// a StoragePool: settings of one backend are grouped in `incus: {...}` / `libvirt: {...}`, typed by the host (see instance-props.ts for
// why); the flat props of the previous release still work, deprecated.
import type { IConstruct } from "constructs";
import type { IHost, IncusOnly, LibvirtOnly } from "./host";
import type { OptionGroup } from "./option-group";

/** A pool volumes can be created in; `H` is its host's type (what types a Volume's backend options). */
export interface IStoragePool<H extends IHost = IHost> extends IConstruct {
  readonly host: H;
  /** The pool name (a reference to the pool resource when it is managed here). */
  readonly poolName: string;
}

/** Settings only Incus pools have (`incus: {...}`). */
export interface IncusStoragePoolOptions {
  /** @default none */
  readonly description?: string;
  /**
   * More pool config (e.g. `volume.size`, `zfs.pool_name`). On a cluster (IncusHost `clusterMembers`), the member
   * keys (source, size, zfs.pool_name, lvm.vg_name, lvm.thinpool_name) are given to every member's part and the
   * others to the cluster-wide pool.
   * @default none
   */
  readonly config?: { readonly [key: string]: string };
}

/** The kinds of libvirt pool the constructs build. */
export type LibvirtPoolType = "dir" | "logical" | "netfs";

/** Settings only libvirt pools have (`libvirt: {...}`). */
export interface LibvirtStoragePoolOptions {
  /**
   * "dir" (a directory: `path`), "logical" (an LVM volume group) or "netfs" (a network file system mounted on
   * `path`). Changing it replaces the pool. Volumes in a logical pool are raw (give them `format: VolumeFormat.RAW`).
   * @default the `driver` prop, else "dir"
   */
  readonly type?: LibvirtPoolType;
  /** logical: the volume group. @default the pool's name */
  readonly volumeGroup?: string;
  /**
   * logical: the block devices (physical volumes) to create the volume group on when the pool is created; libvirt
   * refuses devices that hold data. Without them the volume group must exist already, and destroying the pool
   * leaves it.
   * @default none (an existing volume group)
   */
  readonly devices?: readonly string[];
  /** netfs: the file server's host name or address. */
  readonly server?: string;
  /** netfs: the exported directory on the server, e.g. "/export/vms". */
  readonly exportPath?: string;
  /** netfs: the file system. @default "nfs" */
  readonly format?: "nfs" | "cifs" | "glusterfs" | "auto";
}

export interface StoragePoolProps<H extends IHost = IHost> {
  /** An IncusHost or a LibvirtHost; its type decides whether `incus` compiles. */
  readonly host: H;
  /** @default derived from the construct path, e.g. "homelab-pool" */
  readonly name?: string;
  /**
   * Storage driver. Incus: dir, zfs, btrfs, lvm, …; libvirt: dir, logical or netfs (or `libvirt: { type }`).
   * @default "dir"
   */
  readonly driver?: string;
  /**
   * Where the pool keeps its data: Incus `source` (e.g. a directory or a block device), libvirt `target.path`
   * (required for libvirt dir pools; the mount point of a netfs pool).
   * @default Incus: chosen by Incus (under /var/lib/incus/storage-pools)
   */
  readonly path?: string;
  /** Incus settings (description, config); only with an IncusHost. @default none */
  readonly incus?: IncusOnly<H, IncusStoragePoolOptions>;
  /** libvirt settings (pool type, LVM volume group, NFS server); only with a LibvirtHost. @default a dir pool */
  readonly libvirt?: LibvirtOnly<H, LibvirtStoragePoolOptions>;

  /** @deprecated Write `incus: { description }`; flat Incus-only props are removed in the next release. */
  readonly description?: IncusOnly<H, string>;
  /** @deprecated Write `incus: { config }`; flat Incus-only props are removed in the next release. */
  readonly config?: IncusOnly<H, { readonly [key: string]: string }>;
}

/** @internal The options of the group (and the deprecated flat props of the same names). */
export const INCUS_STORAGE_POOL_OPTIONS: OptionGroup<IncusStoragePoolOptions> = {
  group: "incus",
  names: ["description", "config"],
};

/** @internal */
export const LIBVIRT_STORAGE_POOL_OPTIONS: OptionGroup<LibvirtStoragePoolOptions> = {
  group: "libvirt",
  names: [],
};
