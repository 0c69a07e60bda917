// Generated from the libvirt_pool schema in lib/provider/libvirt by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** A libvirt storage pool: a directory (dir), an LVM volume group (logical) or a network file system (netfs). */
export interface LibvirtPoolConfig extends TerraformMetaArguments {
  /** Name of the pool. */
  readonly name: string;
  /** Pool type: "dir", "logical" or "netfs". */
  readonly type: string;
  /** Where the pool's storage comes from (logical, netfs). */
  readonly source?: LibvirtPoolSourceConfig;
  /** Where the pool keeps its volumes. */
  readonly target?: LibvirtPoolTargetConfig;
  /** What Create does after defining the pool (as the 0.9.x experimental options). */
  readonly create?: LibvirtPoolCreateConfig;
  /** What Delete does besides undefining the pool. */
  readonly destroy?: LibvirtPoolDestroyConfig;
  /**
   * Start the pool when libvirtd starts (an addition that can be changed in place; default: create.autostart, else
   * true).
   */
  readonly autostart?: boolean;
}

/** Where the pool's storage comes from (logical, netfs). */
export interface LibvirtPoolSourceConfig {
  /** logical: the volume group's name (default: the pool's name). */
  readonly name?: string;
  /** logical: the physical volumes of the volume group. */
  readonly device?: LibvirtPoolSourceDeviceConfig[];
  /** netfs: the file server. */
  readonly host?: LibvirtPoolSourceHostConfig[];
  /** netfs: the export. */
  readonly dir?: LibvirtPoolSourceDirConfig;
  /** Format of the source. */
  readonly format?: LibvirtPoolSourceFormatConfig;
}

/** logical: the physical volumes of the volume group. */
export interface LibvirtPoolSourceDeviceConfig {
  /** A block device, e.g. /dev/sdb. */
  readonly path: string;
}

/** netfs: the file server. */
export interface LibvirtPoolSourceHostConfig {
  /** Host name or address of the file server. */
  readonly name: string;
  /** Port of the file server. */
  readonly port?: string;
}

/** netfs: the export. */
export interface LibvirtPoolSourceDirConfig {
  /** The exported directory on the server. */
  readonly path: string;
}

/** Format of the source. */
export interface LibvirtPoolSourceFormatConfig {
  /** netfs: "nfs" (default), "cifs", "glusterfs", "auto"; logical: "lvm2". */
  readonly type: string;
}

/** Where the pool keeps its volumes. */
export interface LibvirtPoolTargetConfig {
  /** dir: the directory of the volumes (created when missing); netfs: the mount point; logical: /dev/<vg>. */
  readonly path: string;
}

/** What Create does after defining the pool (as the 0.9.x experimental options). */
export interface LibvirtPoolCreateConfig {
  /**
   * Build the pool (dir/netfs: create the directory; logical: create the volume group on the devices, refusing
   * devices that hold data). Default: true, for logical only when source devices are given.
   */
  readonly build?: boolean;
  /** Start the pool after defining it. Default: true. */
  readonly start?: boolean;
  /** Start the pool when libvirtd starts. Default: true. */
  readonly autostart?: boolean;
}

/** What Delete does besides undefining the pool. */
export interface LibvirtPoolDestroyConfig {
  /**
   * Delete the pool's storage on destroy (dir/netfs: the empty directory; logical: the volume group). Default: dir
   * pools yes, logical pools when source devices are given, netfs no.
   */
  readonly delete?: boolean;
}

export const LIBVIRT_POOL_SPEC: AttributeSpec = {
  name: "value",
  type: "value",
  source: { object: {
    name: "value",
    device: { list: {
      path: "value",
    } },
    host: { list: {
      name: "value",
      port: "value",
    } },
    dir: { object: {
      path: "value",
    } },
    format: { object: {
      type: "value",
    } },
  } },
  target: { object: {
    path: "value",
  } },
  create: { object: {
    build: "value",
    start: "value",
    autostart: "value",
  } },
  destroy: { object: {
    delete: "value",
  } },
  autostart: "value",
};

/** A libvirt storage pool: a directory (dir), an LVM volume group (logical) or a network file system (netfs). */
export class LibvirtPoolResource extends SpecResource<LibvirtPoolConfig> {
  public static readonly tfResourceType = "libvirt_pool";

  public constructor(scope: Construct, id: string, config: LibvirtPoolConfig) {
    super(
      scope,
      id,
      { type: "libvirt_pool", providerName: "libvirt", spec: LIBVIRT_POOL_SPEC },
      config,
    );
  }

  /** Name of the pool. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Pool type: "dir", "logical" or "netfs". */
  public get typeRef(): string {
    return this.attribute("type");
  }

  /**
   * Start the pool when libvirtd starts (an addition that can be changed in place; default: create.autostart, else
   * true).
   */
  public get autostartRef(): IResolvable {
    return this.getBooleanAttribute("autostart");
  }

  /** The pool's UUID. */
  public get poolId(): string {
    return this.attribute("id");
  }

  /** The pool's UUID (as id). */
  public get uuid(): string {
    return this.attribute("uuid");
  }

  /** Size of the storage holding the pool, in bytes. */
  public get capacity(): number {
    return this.getNumberAttribute("capacity");
  }

  /** Bytes in use. */
  public get allocation(): number {
    return this.getNumberAttribute("allocation");
  }

  /** Bytes free. */
  public get available(): number {
    return this.getNumberAttribute("available");
  }
}
