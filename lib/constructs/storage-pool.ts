// StoragePool: where volumes (and Incus root disks) live — an Incus storage pool or a libvirt pool.
import { Construct } from "constructs";
import type { IConstruct } from "constructs";
import type { SpecResource } from "../bindings";
import { IncusStoragePoolResource, LibvirtPoolResource } from "../bindings";
import { isToken } from "../bindings/attributes";
import { incusOwnershipConfig, OWNER_CONFIG_KEY } from "../lifecycle";
import type { IHost } from "./host";
import { knownHost } from "./private/backend";
import { registerPoolForDestroyOrder } from "./private/destroy-order";
import { fail } from "./private/errors";
import { MEMBER_POOL_KEYS, memberPartMarker, splitMemberConfig } from "./private/member-parts";
import { resolveObjectName } from "./private/name-registry";
import { OBJECT_NAME } from "./private/names";
import { rejectManagedKeys, rejectOn } from "./private/placement";

/** A pool volumes can be created in; `H` is its host's type (what types a Volume's backend options). */
export interface IStoragePool<H extends IHost = IHost> extends IConstruct {
  readonly host: H;
  /** The pool name (a reference to the pool resource when it is managed here). */
  readonly poolName: string;
}

export interface StoragePoolProps<H extends IHost = IHost> {
  readonly host: H;
  /** @default derived from the construct path, e.g. "homelab-pool" */
  readonly name?: string;
  /**
   * Storage driver. Incus: dir, zfs, btrfs, lvm, …; libvirt: dir.
   * @default "dir"
   */
  readonly driver?: string;
  /**
   * Where the pool keeps its data: Incus `source` (e.g. a directory or a block device), libvirt `target.path`
   * (required for libvirt dir pools).
   * @default Incus: chosen by Incus (under /var/lib/incus/storage-pools)
   */
  readonly path?: string;
  /** Incus only. @default none */
  readonly description?: string;
  /**
   * More Incus pool config (e.g. `volume.size`, `zfs.pool_name`). On a cluster (IncusHost `clusterMembers`), the
   * member keys (source, size, zfs.pool_name, lvm.vg_name, lvm.thinpool_name) are given to every member's part and
   * the others to the cluster-wide pool.
   * @default none
   */
  readonly config?: { readonly [key: string]: string };
}

export class StoragePool<H extends IHost = IHost> extends Construct implements IStoragePool<H> {
  /** A pool that exists already (e.g. "default") and is not managed by this stack. */
  public static fromName<H extends IHost>(scope: Construct, id: string, host: H, name: string): IStoragePool<H> {
    class ImportedStoragePool extends Construct implements IStoragePool<H> {
      public readonly host = host;
      public readonly poolName = name;
    }
    return new ImportedStoragePool(scope, id);
  }

  public readonly host: H;
  public readonly poolName: string;
  private readonly resource: SpecResource<object>;

  public constructor(scope: Construct, id: string, props: StoragePoolProps<H>) {
    super(scope, id);
    const kind = "StoragePool";
    const host = knownHost(this, kind, props.host);
    this.host = props.host;
    const name = resolveObjectName(this, kind, OBJECT_NAME, [host.node.path], props.name);
    const driver = props.driver ?? "dir";
    rejectOn(this, kind, host, "libvirt", { description: props.description, config: props.config });

    if (host.hostKind === "incus") {
      rejectManagedKeys(this, kind, props.config, {
        [OWNER_CONFIG_KEY]: "it carries the ownership marker",
        source: "set it with the `path` prop",
      });
      const config: { [key: string]: string } = { ...(props.path !== undefined ? { source: props.path } : {}), ...props.config };
      const members = host.clusterMembers;
      const split = splitMemberConfig(config, MEMBER_POOL_KEYS);
      // A cluster creates a pool in two steps: pending on every member with the member's own keys, then cluster-wide
      // with the rest (Incus refuses the cluster-wide create until every member has its part).
      const memberParts = (members ?? []).map(
        (member) =>
          new IncusStoragePoolResource(this, `Member-${member}`, {
            name,
            driver,
            remote: host.remoteName,
            target: member,
            // The marker is not sent to the member (Incus keeps it cluster-wide); it lets a resumed run adopt the part.
            config: { ...split.member, ...memberPartMarker(this, host) },
          }),
      );
      this.resource = new IncusStoragePoolResource(this, "Default", {
        name,
        driver,
        description: props.description,
        remote: host.remoteName,
        config: {
          ...(members ? split.clusterWide : config),
          ...incusOwnershipConfig(this),
        },
        ...(memberParts.length ? { dependsOn: memberParts } : {}),
      });
      // The host's projects are deleted before it: their volumes live in it.
      registerPoolForDestroyOrder(host, this.resource);
    } else {
      if (driver !== "dir") fail(this, kind, "driver", `libvirt pools support "dir" only, not "${driver}"`);
      if (props.path === undefined) {
        fail(this, kind, "path", `a libvirt dir pool needs the directory it keeps volumes in, e.g. "/var/lib/libvirt/images"`);
      }
      if (!isToken(props.path) && !props.path.startsWith("/")) {
        fail(this, kind, "path", `"${props.path}" is not an absolute path`);
      }
      this.resource = new LibvirtPoolResource(this, "Default", {
        name,
        type: driver,
        target: { path: props.path },
        provider: host._provider(),
      });
    }
    this.poolName = this.resource.getStringAttribute("name");
  }
}
