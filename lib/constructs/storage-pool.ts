// StoragePool: where volumes (and Incus root disks) live — an Incus storage pool or a libvirt pool. The host builds
// it (private/storage-pool-resources.ts).
import { Construct } from "constructs";
import type { SpecResource } from "../bindings";
import type { IHost } from "./model/host";
import { INCUS_STORAGE_POOL_OPTIONS, LIBVIRT_STORAGE_POOL_OPTIONS } from "./model/storage-pool-props";
import type {
  IncusStoragePoolOptions,
  IStoragePool,
  LibvirtStoragePoolOptions,
  StoragePoolProps,
} from "./model/storage-pool-props";
import { backendOf } from "./private/backend";
import { resolveObjectName } from "./private/name-registry";
import { OBJECT_NAME } from "./private/names";
import { backendOptions } from "./private/option-groups";

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
    const backend = backendOf(this, kind, props.host);
    this.host = props.host;
    const name = resolveObjectName(this, kind, OBJECT_NAME, [this.host.node.path], props.name);
    const incus = backendOptions<IncusStoragePoolOptions>(
      this,
      kind,
      this.host,
      INCUS_STORAGE_POOL_OPTIONS,
      props.incus,
      props,
    );
    const libvirt = backendOptions<LibvirtStoragePoolOptions>(
      this,
      kind,
      this.host,
      LIBVIRT_STORAGE_POOL_OPTIONS,
      props.libvirt,
      {},
    );
    this.resource = backend.storagePool(
      this,
      { name, driver: props.driver ?? libvirt.type ?? "dir", path: props.path },
      { incus, libvirt },
    );
    this.poolName = this.resource.getStringAttribute("name");
  }
}
