// Generated from the libvirt_domain schema in lib/provider/libvirt by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/**
 * A libvirt domain (virtual machine). Changes other than name and type are applied in place with a graceful restart.
 */
export interface LibvirtDomainConfig extends TerraformMetaArguments {
  /** Name of the domain. */
  readonly name: string;
  /** Hypervisor: "kvm" or "qemu". */
  readonly type: string;
  /** Free-form description. */
  readonly description?: string;
  /** Memory in memory_unit. Unset: 512 MiB, and null in state. */
  readonly memory?: number;
  /** Unit of memory: KiB (when unset; then null in state), MiB, GiB, ... */
  readonly memoryUnit?: string;
  /** Number of virtual CPUs. Unset: 1, and null in state. */
  readonly vcpu?: number;
  /**
   * Keep the domain running (true) or shut off (false).
   * @default true
   */
  readonly running?: boolean;
  /** Start the domain when libvirtd starts. Unset: not set up (false), and null in state. */
  readonly autostart?: boolean;
  /** Guest OS settings. Unset: hvm on the host's architecture, chosen by libvirt, and null in state. */
  readonly os?: LibvirtDomainOsConfig;
  /**
   * Disks, network interfaces and consoles. Left unset, the domain's devices are not managed; other devices
   * (graphics, ...) are always kept.
   */
  readonly devices?: LibvirtDomainDevicesConfig;
  /** Custom metadata. Left unset, the domain's metadata is not managed. */
  readonly metadata?: LibvirtDomainMetadataConfig;
  /** How an in-place update stops the guest. Default: graceful, 30 s (or CDKTF_VIRT_LIBVIRT_SHUTDOWN_TIMEOUT). */
  readonly update?: LibvirtDomainUpdateConfig;
  /** How deleting the domain stops the guest. */
  readonly destroy?: LibvirtDomainDestroyConfig;
}

/** Guest OS settings. Unset: hvm on the host's architecture, chosen by libvirt, and null in state. */
export interface LibvirtDomainOsConfig {
  /** "hvm". */
  readonly type: string;
  /** Guest architecture. Default x86_64. */
  readonly typeArch?: string;
  /** Machine type, e.g. "q35" or "pc". Default: chosen by libvirt. */
  readonly typeMachine?: string;
  /** Direct kernel boot: absolute path of a kernel image on the host (instead of a boot loader on a disk). */
  readonly kernel?: string;
  /** Direct kernel boot: absolute path of the initrd on the host. Needs kernel. */
  readonly initrd?: string;
  /** Direct kernel boot: the kernel command line. Needs kernel. */
  readonly cmdline?: string;
}

/**
 * Disks, network interfaces and consoles. Left unset, the domain's devices are not managed; other devices (graphics,
 * ...) are always kept.
 */
export interface LibvirtDomainDevicesConfig {
  /** Disks, in order. */
  readonly disks?: LibvirtDomainDevicesDiskConfig[];
  /** Network interfaces, in order. */
  readonly interfaces?: LibvirtDomainDevicesInterfaceConfig[];
  /**
   * Consoles, in order, e.g. the serial port logged to a file. Left unset, the domain's consoles are kept as they
   * are.
   */
  readonly consoles?: LibvirtDomainDevicesConsoleConfig[];
}

/** Disks, in order. */
export interface LibvirtDomainDevicesDiskConfig {
  /** "disk" (default) or "cdrom". */
  readonly device?: string;
  /** Exactly one of volume, file or block; none for an empty cdrom drive. */
  readonly source?: LibvirtDomainDevicesDiskSourceConfig;
  /** How the guest sees the disk. */
  readonly target: LibvirtDomainDevicesDiskTargetConfig;
  /** QEMU driver settings. */
  readonly driver?: LibvirtDomainDevicesDiskDriverConfig;
  /** Read-only disk. Default false. */
  readonly readOnly?: boolean;
  /** Usable by several domains at once. Default false. */
  readonly shareable?: boolean;
  /** Serial number the guest sees. */
  readonly serial?: string;
}

/** Exactly one of volume, file or block; none for an empty cdrom drive. */
export interface LibvirtDomainDevicesDiskSourceConfig {
  /** A volume in a libvirt pool. */
  readonly volume?: LibvirtDomainDevicesDiskSourceVolumeConfig;
  /** An image file. */
  readonly file?: LibvirtDomainDevicesDiskSourceFileConfig;
  /** A host block device. */
  readonly block?: LibvirtDomainDevicesDiskSourceBlockConfig;
}

/** A volume in a libvirt pool. */
export interface LibvirtDomainDevicesDiskSourceVolumeConfig {
  /** Pool of the volume. */
  readonly pool: string;
  /** Name of the volume. */
  readonly volume: string;
}

/** An image file. */
export interface LibvirtDomainDevicesDiskSourceFileConfig {
  /** Path of an image file. */
  readonly file: string;
}

/** A host block device. */
export interface LibvirtDomainDevicesDiskSourceBlockConfig {
  /** Path of a block device. */
  readonly dev: string;
}

/** How the guest sees the disk. */
export interface LibvirtDomainDevicesDiskTargetConfig {
  /** Guest device name: vda, vdb, sda, ... */
  readonly dev: string;
  /** virtio, sata, scsi, ide, usb. Default: derived by libvirt from dev. */
  readonly bus?: string;
}

/** QEMU driver settings. */
export interface LibvirtDomainDevicesDiskDriverConfig {
  /** Image format QEMU opens: raw or qcow2. Default: the volume's format. */
  readonly type?: string;
}

/** Network interfaces, in order. */
export interface LibvirtDomainDevicesInterfaceConfig {
  /** Only "network" is supported. */
  readonly type?: string;
  /** NIC model. Default virtio. */
  readonly model?: LibvirtDomainDevicesInterfaceModelConfig;
  /** The network the interface is plugged into. */
  readonly source: LibvirtDomainDevicesInterfaceSourceConfig;
  /** The interface's MAC address (kept across updates). */
  readonly mac?: LibvirtDomainDevicesInterfaceMacConfig;
  /**
   * After starting the domain, wait until the interface has an IPv4 address (fails after the timeout; Ctrl-C stops
   * waiting).
   */
  readonly waitForIp?: LibvirtDomainDevicesInterfaceWaitForIpConfig;
}

/** NIC model. Default virtio. */
export interface LibvirtDomainDevicesInterfaceModelConfig {
  /** NIC model, e.g. virtio. */
  readonly type: string;
}

/** The network the interface is plugged into. */
export interface LibvirtDomainDevicesInterfaceSourceConfig {
  readonly network: LibvirtDomainDevicesInterfaceSourceNetworkConfig;
}

/** An element of libvirt_domain.devices.interfaces.source.network. */
export interface LibvirtDomainDevicesInterfaceSourceNetworkConfig {
  /** Name of the libvirt network. */
  readonly network: string;
}

/** The interface's MAC address (kept across updates). */
export interface LibvirtDomainDevicesInterfaceMacConfig {
  /** MAC address; generated when unset. */
  readonly address?: string;
}

/**
 * After starting the domain, wait until the interface has an IPv4 address (fails after the timeout; Ctrl-C stops
 * waiting).
 */
export interface LibvirtDomainDevicesInterfaceWaitForIpConfig {
  /** Seconds to wait. Default 300. */
  readonly timeout?: number;
  /** "lease" (default): the DHCP leases of the interface's libvirt network. */
  readonly source?: string;
}

/**
 * Consoles, in order, e.g. the serial port logged to a file. Left unset, the domain's consoles are kept as they are.
 */
export interface LibvirtDomainDevicesConsoleConfig {
  /** "file" (with source.path) or "pty". Default: "file" when source.path is given, else "pty". */
  readonly type?: string;
  /** Where a file console writes what the guest prints. */
  readonly source?: LibvirtDomainDevicesConsoleSourceConfig;
  /** The console as the guest sees it. */
  readonly target?: LibvirtDomainDevicesConsoleTargetConfig;
}

/** Where a file console writes what the guest prints. */
export interface LibvirtDomainDevicesConsoleSourceConfig {
  /** Absolute path of the log file on the host; truncated whenever the domain starts. */
  readonly path: string;
}

/** The console as the guest sees it. */
export interface LibvirtDomainDevicesConsoleTargetConfig {
  /** "serial" (ttyS<port>, default) or "virtio" (hvc<port>). */
  readonly type?: string;
  /** Port number. Default 0. */
  readonly port?: number;
}

/** Custom metadata. Left unset, the domain's metadata is not managed. */
export interface LibvirtDomainMetadataConfig {
  /** Inner XML of <metadata>; each element in its own namespace. cdktf-virt puts its ownership marker here. */
  readonly xml: string;
}

/** How an in-place update stops the guest. Default: graceful, 30 s (or CDKTF_VIRT_LIBVIRT_SHUTDOWN_TIMEOUT). */
export interface LibvirtDomainUpdateConfig {
  /** Graceful shutdown settings. */
  readonly shutdown?: LibvirtDomainUpdateShutdownConfig;
}

/** Graceful shutdown settings. */
export interface LibvirtDomainUpdateShutdownConfig {
  /** Seconds the guest gets to power off after the ACPI request before it is destroyed. */
  readonly timeout?: number;
}

/** How deleting the domain stops the guest. */
export interface LibvirtDomainDestroyConfig {
  /** Ask the guest to shut down before destroying it. Default true. */
  readonly graceful?: boolean;
  /** Graceful shutdown settings. */
  readonly shutdown?: LibvirtDomainDestroyShutdownConfig;
}

/** Graceful shutdown settings. */
export interface LibvirtDomainDestroyShutdownConfig {
  /** Seconds the guest gets to power off after the ACPI request before it is destroyed. */
  readonly timeout?: number;
}

export const LIBVIRT_DOMAIN_SPEC: AttributeSpec = {
  name: "value",
  type: "value",
  description: "value",
  memory: "value",
  memory_unit: "value",
  vcpu: "value",
  running: "value",
  autostart: "value",
  os: { object: {
    type: "value",
    type_arch: "value",
    type_machine: "value",
    kernel: "value",
    initrd: "value",
    cmdline: "value",
  } },
  devices: { object: {
    disks: { list: {
      device: "value",
      source: { object: {
        volume: { object: {
          pool: "value",
          volume: "value",
        } },
        file: { object: {
          file: "value",
        } },
        block: { object: {
          dev: "value",
        } },
      } },
      target: { object: {
        dev: "value",
        bus: "value",
      } },
      driver: { object: {
        type: "value",
      } },
      read_only: "value",
      shareable: "value",
      serial: "value",
    } },
    interfaces: { list: {
      type: "value",
      model: { object: {
        type: "value",
      } },
      source: { object: {
        network: { object: {
          network: "value",
        } },
      } },
      mac: { object: {
        address: "value",
      } },
      wait_for_ip: { object: {
        timeout: "value",
        source: "value",
      } },
    } },
    consoles: { list: {
      type: "value",
      source: { object: {
        path: "value",
      } },
      target: { object: {
        type: "value",
        port: "value",
      } },
    } },
  } },
  metadata: { object: {
    xml: "value",
  } },
  update: { object: {
    shutdown: { object: {
      timeout: "value",
    } },
  } },
  destroy: { object: {
    graceful: "value",
    shutdown: { object: {
      timeout: "value",
    } },
  } },
};

/**
 * A libvirt domain (virtual machine). Changes other than name and type are applied in place with a graceful restart.
 */
export class LibvirtDomainResource extends SpecResource<LibvirtDomainConfig> {
  public static readonly tfResourceType = "libvirt_domain";

  public constructor(scope: Construct, id: string, config: LibvirtDomainConfig) {
    super(
      scope,
      id,
      { type: "libvirt_domain", providerName: "libvirt", spec: LIBVIRT_DOMAIN_SPEC },
      config,
    );
  }

  /** Name of the domain. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Hypervisor: "kvm" or "qemu". */
  public get typeRef(): string {
    return this.attribute("type");
  }

  /** Free-form description. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /** Memory in memory_unit. Unset: 512 MiB, and null in state. */
  public get memoryRef(): number {
    return this.getNumberAttribute("memory");
  }

  /** Unit of memory: KiB (when unset; then null in state), MiB, GiB, ... */
  public get memoryUnitRef(): string {
    return this.attribute("memory_unit");
  }

  /** Number of virtual CPUs. Unset: 1, and null in state. */
  public get vcpuRef(): number {
    return this.getNumberAttribute("vcpu");
  }

  /** Keep the domain running (true) or shut off (false). */
  public get runningRef(): IResolvable {
    return this.getBooleanAttribute("running");
  }

  /** Start the domain when libvirtd starts. Unset: not set up (false), and null in state. */
  public get autostartRef(): IResolvable {
    return this.getBooleanAttribute("autostart");
  }

  /** The domain's UUID. */
  public get uuid(): string {
    return this.attribute("uuid");
  }

  /** Same as uuid. */
  public get domainId(): string {
    return this.attribute("id");
  }
}
