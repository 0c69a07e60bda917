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
  /** Guest CPU model and topology. Left unset, libvirt's choice stays (null in state). */
  readonly cpu?: LibvirtDomainCpuConfig;
  /**
   * Hypervisor features, managed as a whole when set. Left unset: ACPI and APIC on a new domain, then not managed.
   */
  readonly features?: LibvirtDomainFeaturesConfig;
  /** The guest clock. Left unset, not managed (null in state). */
  readonly clock?: LibvirtDomainClockConfig;
  /** Action when the guest powers off. Left unset: destroy on a new domain, then not managed. */
  readonly onPoweroff?: string;
  /** Action when the guest reboots. Left unset: restart on a new domain, then not managed. */
  readonly onReboot?: string;
  /** Action when the guest crashes. Left unset: destroy on a new domain, then not managed. */
  readonly onCrash?: string;
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
  /** Absolute path of the firmware image, e.g. /usr/share/OVMF/OVMF_CODE_4M.fd for UEFI. */
  readonly loader?: string;
  /** "yes" or "no". */
  readonly loaderReadonly?: string;
  /** "pflash" (UEFI code with an NVRAM store) or "rom". */
  readonly loaderType?: string;
  /** "yes" for UEFI secure boot (needs features.smm on and a q35 machine), "no" or unset. */
  readonly loaderSecure?: string;
  /** The UEFI variable store (NVRAM). Default with a pflash loader: one per domain, made by libvirt. */
  readonly nvRam?: LibvirtDomainOsNvRamConfig;
  /** Boot devices in order (cannot be combined with per-device boot orders). */
  readonly bootDevices?: LibvirtDomainOsBootDeviceConfig[];
  /** The firmware's interactive boot menu. */
  readonly bootMenu?: LibvirtDomainOsBootMenuConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly acpi?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly bios?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly dtb?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly firmware?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly firmwareInfo?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly init?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly initArgs?: string[];
  /** Not supported by this provider: refused at plan time. */
  readonly initDir?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly initEnv?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly initGroup?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly initUser?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly loaderFormat?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly loaderStateless?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly shim?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly smBios?: unknown;
}

/** The UEFI variable store (NVRAM). Default with a pflash loader: one per domain, made by libvirt. */
export interface LibvirtDomainOsNvRamConfig {
  /** Path of the domain's UEFI variable store. Default: chosen by libvirt, one per domain. */
  readonly nvRam?: string;
  /** Variables template the store is created from, e.g. /usr/share/OVMF/OVMF_VARS_4M.fd. */
  readonly template?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly format?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly source?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly templateFormat?: string;
}

/** Boot devices in order (cannot be combined with per-device boot orders). */
export interface LibvirtDomainOsBootDeviceConfig {
  /** hd, cdrom, network or fd. */
  readonly dev: string;
}

/** The firmware's interactive boot menu. */
export interface LibvirtDomainOsBootMenuConfig {
  /** "yes" or "no". */
  readonly enable: string;
  /** Milliseconds the menu waits (0 to 65535). */
  readonly timeout?: string;
}

/** Guest CPU model and topology. Left unset, libvirt's choice stays (null in state). */
export interface LibvirtDomainCpuConfig {
  /** host-passthrough, host-model, custom or maximum. */
  readonly mode?: string;
  /** CPU model for mode "custom", e.g. "qemu64". */
  readonly model?: string;
  /** The vCPUs as sockets × dies × clusters × cores × threads (= vcpu). */
  readonly topology?: LibvirtDomainCpuTopologyConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly cache?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly check?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly deprecatedFeatures?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly features?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly match?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly maxPhysAddr?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly migratable?: boolean;
  /** Not supported by this provider: refused at plan time. */
  readonly modelFallback?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly modelVendorId?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly numa?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly vendor?: string;
}

/** The vCPUs as sockets × dies × clusters × cores × threads (= vcpu). */
export interface LibvirtDomainCpuTopologyConfig {
  /** Sockets. */
  readonly sockets: number;
  /** Dies per socket. Default 1. */
  readonly dies?: number;
  /** Clusters per die. Default 1. */
  readonly clusters?: number;
  /** Cores per die. */
  readonly cores: number;
  /** Threads per core. */
  readonly threads: number;
}

/** Hypervisor features, managed as a whole when set. Left unset: ACPI and APIC on a new domain, then not managed. */
export interface LibvirtDomainFeaturesConfig {
  /** ACPI (needed for a graceful shutdown). */
  readonly acpi?: boolean;
  /** The APIC: `apic = {}`. */
  readonly apic?: LibvirtDomainFeaturesApicConfig;
  /** Hardware assisted paging: `hap = {}` (on) or its state. */
  readonly hap?: LibvirtDomainFeaturesHapConfig;
  /** The guest's performance monitoring unit: `pmu = {}` (on) or its state. */
  readonly pmu?: LibvirtDomainFeaturesPmuConfig;
  /** Physical address extension. */
  readonly pae?: boolean;
  /** System management mode (UEFI secure boot needs it on). */
  readonly smm?: LibvirtDomainFeaturesSmmConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly aia?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly asyncTeardown?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly capabilities?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly ccfAssist?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly cfpc?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly gic?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly hpt?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly htm?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly hyperV?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly ibs?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly ioapic?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly kvm?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly msrs?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly nestedHv?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly privNet?: boolean;
  /** Not supported by this provider: refused at plan time. */
  readonly ps2?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly pvSpinlock?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly ras?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly sbbc?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly tcg?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly viridian?: boolean;
  /** Not supported by this provider: refused at plan time. */
  readonly vmCoreInfo?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly vmPort?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly xen?: unknown;
}

/** The APIC: `apic = {}`. */
export interface LibvirtDomainFeaturesApicConfig {
  /** Paravirtual end of interrupt: "on" or "off". */
  readonly eoi?: string;
}

/** Hardware assisted paging: `hap = {}` (on) or its state. */
export interface LibvirtDomainFeaturesHapConfig {
  /** "on" or "off". */
  readonly state?: string;
}

/** The guest's performance monitoring unit: `pmu = {}` (on) or its state. */
export interface LibvirtDomainFeaturesPmuConfig {
  /** "on" or "off". */
  readonly state?: string;
}

/** System management mode (UEFI secure boot needs it on). */
export interface LibvirtDomainFeaturesSmmConfig {
  /** "on" or "off". */
  readonly state: string;
  /** Not supported by this provider: refused at plan time. */
  readonly tseg?: number;
  /** Not supported by this provider: refused at plan time. */
  readonly tsegUnit?: string;
}

/** The guest clock. Left unset, not managed (null in state). */
export interface LibvirtDomainClockConfig {
  /** utc, localtime, timezone or variable. */
  readonly offset: string;
  /** Timers (rtc, pit, hpet, ...), in order. */
  readonly timer?: LibvirtDomainClockTimerConfig[];
  /** Not supported by this provider: refused at plan time. */
  readonly adjustment?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly basis?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly start?: number;
  /** Not supported by this provider: refused at plan time. */
  readonly timeZone?: string;
}

/** Timers (rtc, pit, hpet, ...), in order. */
export interface LibvirtDomainClockTimerConfig {
  /** platform, pit, rtc, hpet, tsc, kvmclock, hypervclock or armvtimer. */
  readonly name: string;
  /** What the rtc follows: boot, guest, wall or realtime. */
  readonly track?: string;
  /** Missed ticks: delay, catchup, merge or discard. */
  readonly tickPolicy?: string;
  /** "yes" or "no": whether the guest sees the timer. */
  readonly present?: string;
  /** Catch-up settings for tick_policy "catchup". */
  readonly catchUp?: LibvirtDomainClockTimerCatchUpConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly frequency?: number;
  /** Not supported by this provider: refused at plan time. */
  readonly mode?: string;
}

/** Catch-up settings for tick_policy "catchup". */
export interface LibvirtDomainClockTimerCatchUpConfig {
  /** Missed ticks before catching up starts. */
  readonly threshold?: number;
  /** Rate of catching up. */
  readonly slew?: number;
  /** Most ticks caught up at once. */
  readonly limit?: number;
}

/**
 * Disks, network interfaces and consoles. Left unset, the domain's devices are not managed; other devices (graphics,
 * ...) are always kept.
 */
export interface LibvirtDomainDevicesConfig {
  /** Path of the emulator binary, e.g. /usr/bin/qemu-system-x86_64. Left unset, libvirt's choice. */
  readonly emulator?: string;
  /** Disks, in order. */
  readonly disks?: LibvirtDomainDevicesDiskConfig[];
  /** Network interfaces, in order. */
  readonly interfaces?: LibvirtDomainDevicesInterfaceConfig[];
  /**
   * Consoles, in order, e.g. the serial port logged to a file. Left unset (and serials too), the domain's consoles
   * are kept as they are.
   */
  readonly consoles?: LibvirtDomainDevicesConsoleConfig[];
  /**
   * Serial ports, in order. Setting consoles or serials manages both kinds: libvirt adds the serial port behind a
   * serial console.
   */
  readonly serials?: LibvirtDomainDevicesSerialConfig[];
  /** Graphical consoles: each exactly one of vnc and spice. */
  readonly graphics?: LibvirtDomainDevicesGraphicConfig[];
  /** Video cards; the first is the primary one. */
  readonly videos?: LibvirtDomainDevicesVideoConfig[];
  /** virtio-serial channels, e.g. the QEMU guest agent's. */
  readonly channels?: LibvirtDomainDevicesChannelConfig[];
  /** Random number generators. */
  readonly rngs?: LibvirtDomainDevicesRngConfig[];
  /** TPMs. */
  readonly tpms?: LibvirtDomainDevicesTpmConfig[];
  /** Watchdog devices. */
  readonly watchdogs?: LibvirtDomainDevicesWatchdogConfig[];
  /** Host directories shared over 9p (virtiofs is not supported). */
  readonly filesystems?: LibvirtDomainDevicesFilesystemConfig[];
  /** Input devices, in order. libvirt adds a PS/2 mouse and keyboard itself; those are not listed. */
  readonly inputs?: LibvirtDomainDevicesInputConfig[];
  /** Host devices passed through to the guest: each exactly one of subsys_pci and subsys_usb. */
  readonly hostdevs?: LibvirtDomainDevicesHostdevConfig[];
  /** The memory balloon. Left unset, libvirt's (virtio) stays. */
  readonly memBalloon?: LibvirtDomainDevicesMemBalloonConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly audios?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly controllers?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly crypto?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly hubs?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly iommu?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly leases?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly memorydevs?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly nvram?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly panics?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly parallels?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly pstore?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly redirDevs?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly redirFilters?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly shmems?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly smartcards?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly sounds?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly vsock?: unknown;
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
  /** World Wide Name the guest sees (16 hex digits), for SCSI and SATA disks. */
  readonly wwn?: string;
  /** Make the device bootable at this position of the boot order. */
  readonly boot?: LibvirtDomainDevicesDiskBootConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly acpi?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly address?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly alias?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly auth?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly backendDomain?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly backingStore?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly blockIo?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly encryption?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly geometry?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly ioTune?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly mirror?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly model?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly product?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly rawIo?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly sgio?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly snapshot?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly throttleFilters?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly transient?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly vendor?: string;
}

/** Exactly one of volume, file or block; none for an empty cdrom drive. */
export interface LibvirtDomainDevicesDiskSourceConfig {
  /** A volume in a libvirt pool. */
  readonly volume?: LibvirtDomainDevicesDiskSourceVolumeConfig;
  /** An image file. */
  readonly file?: LibvirtDomainDevicesDiskSourceFileConfig;
  /** A host block device. */
  readonly block?: LibvirtDomainDevicesDiskSourceBlockConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly cookies?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly dataStore?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly dir?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly encryption?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly index?: number;
  /** Not supported by this provider: refused at plan time. */
  readonly network?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly nvme?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly readahead?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly reservations?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly slices?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly ssl?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly startupPolicy?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly timeout?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly vhostUser?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly vhostVdpa?: unknown;
}

/** A volume in a libvirt pool. */
export interface LibvirtDomainDevicesDiskSourceVolumeConfig {
  /** Pool of the volume. */
  readonly pool: string;
  /** Name of the volume. */
  readonly volume: string;
  /** Not supported by this provider: refused at plan time. */
  readonly mode?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly secLabel?: unknown;
}

/** An image file. */
export interface LibvirtDomainDevicesDiskSourceFileConfig {
  /** Path of an image file. */
  readonly file: string;
  /** Not supported by this provider: refused at plan time. */
  readonly fdGroup?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly secLabel?: unknown;
}

/** A host block device. */
export interface LibvirtDomainDevicesDiskSourceBlockConfig {
  /** Path of a block device. */
  readonly dev: string;
  /** Not supported by this provider: refused at plan time. */
  readonly secLabel?: unknown;
}

/** How the guest sees the disk. */
export interface LibvirtDomainDevicesDiskTargetConfig {
  /** Guest device name: vda, vdb, sda, ... */
  readonly dev: string;
  /** virtio, sata, scsi, ide, usb. Default: derived by libvirt from dev. */
  readonly bus?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly removable?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly rotationRate?: number;
  /** Not supported by this provider: refused at plan time. */
  readonly tray?: string;
}

/** QEMU driver settings. */
export interface LibvirtDomainDevicesDiskDriverConfig {
  /** Image format QEMU opens: raw or qcow2. Default: the volume's format. */
  readonly type?: string;
  /** Host page cache: default, none, writethrough, writeback, directsync or unsafe. Default QEMU's. */
  readonly cache?: string;
  /** I/O mode: threads, native or io_uring. Default QEMU's. */
  readonly io?: string;
  /** Guest discard (TRIM) requests: "unmap" passes them to the image, "ignore" drops them. */
  readonly discard?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly ats?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly copyOnRead?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly detectZeros?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly discardNoUnref?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly errorPolicy?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly eventIdx?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly ioEventFd?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly ioThread?: number;
  /** Not supported by this provider: refused at plan time. */
  readonly ioThreads?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly iommu?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly metadataCache?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly name?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly packed?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly pagePerVq?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly queueSize?: number;
  /** Not supported by this provider: refused at plan time. */
  readonly queues?: number;
  /** Not supported by this provider: refused at plan time. */
  readonly rerrorPolicy?: string;
}

/** Make the device bootable at this position of the boot order. */
export interface LibvirtDomainDevicesDiskBootConfig {
  /** Position in the boot order, from 1; unique across devices. */
  readonly order: number;
  /** Not supported by this provider: refused at plan time. */
  readonly loadParm?: string;
}

/** Network interfaces, in order. */
export interface LibvirtDomainDevicesInterfaceConfig {
  /** "network", "bridge", "direct" or "user"; the kind of source. Default: derived from the source. */
  readonly type?: string;
  /** NIC model. Default virtio. */
  readonly model?: LibvirtDomainDevicesInterfaceModelConfig;
  /** Where the interface is plugged in: exactly one of network, bridge, direct and user. */
  readonly source: LibvirtDomainDevicesInterfaceSourceConfig;
  /** The interface's MAC address (kept across updates). */
  readonly mac?: LibvirtDomainDevicesInterfaceMacConfig;
  /** Make the device bootable at this position of the boot order. */
  readonly boot?: LibvirtDomainDevicesInterfaceBootConfig;
  /**
   * After starting the domain, wait until the interface has an IPv4 address (fails after the timeout; Ctrl-C stops
   * waiting).
   */
  readonly waitForIp?: LibvirtDomainDevicesInterfaceWaitForIpConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly acpi?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly address?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly alias?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly backend?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly backendDomain?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly bandwidth?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly coalesce?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly downScript?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly driver?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly filterRef?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly guest?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly ip?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly link?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly managed?: boolean;
  /** Not supported by this provider: refused at plan time. */
  readonly mtu?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly portForward?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly portOptions?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly rom?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly route?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly script?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly target?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly teaming?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly trustGuestRxFilters?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly tune?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly virtualPort?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly vlan?: unknown;
}

/** NIC model. Default virtio. */
export interface LibvirtDomainDevicesInterfaceModelConfig {
  /** NIC model, e.g. virtio. */
  readonly type: string;
}

/** Where the interface is plugged in: exactly one of network, bridge, direct and user. */
export interface LibvirtDomainDevicesInterfaceSourceConfig {
  /** A libvirt network. */
  readonly network?: LibvirtDomainDevicesInterfaceSourceNetworkConfig;
  /** An existing host bridge (not managed here). */
  readonly bridge?: LibvirtDomainDevicesInterfaceSourceBridgeConfig;
  /** A macvtap device on a host NIC. */
  readonly direct?: LibvirtDomainDevicesInterfaceSourceDirectConfig;
  /** QEMU user-mode networking (no host set-up; outbound only). */
  readonly user?: LibvirtDomainDevicesInterfaceSourceUserConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly client?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly ethernet?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly hostdev?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly internal?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly mcast?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly null?: boolean;
  /** Not supported by this provider: refused at plan time. */
  readonly server?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly udp?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly vdpa?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly vds?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly vhostUser?: unknown;
}

/** A libvirt network. */
export interface LibvirtDomainDevicesInterfaceSourceNetworkConfig {
  /** Name of the libvirt network. */
  readonly network: string;
  /** Not supported by this provider: refused at plan time. */
  readonly bridge?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly portGroup?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly portId?: string;
}

/** An existing host bridge (not managed here). */
export interface LibvirtDomainDevicesInterfaceSourceBridgeConfig {
  /** Name of the host bridge, e.g. br0. */
  readonly bridge: string;
}

/** A macvtap device on a host NIC. */
export interface LibvirtDomainDevicesInterfaceSourceDirectConfig {
  /** Host NIC the macvtap device sits on, e.g. eth0. */
  readonly dev: string;
  /** vepa (libvirt's default), bridge, private or passthrough. */
  readonly mode?: string;
}

/** QEMU user-mode networking (no host set-up; outbound only). */
export interface LibvirtDomainDevicesInterfaceSourceUserConfig {
  /** Host interface the passt backend uses. Default: none. */
  readonly dev?: string;
}

/** The interface's MAC address (kept across updates). */
export interface LibvirtDomainDevicesInterfaceMacConfig {
  /** MAC address; generated when unset. */
  readonly address?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly check?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly type?: string;
}

/** Make the device bootable at this position of the boot order. */
export interface LibvirtDomainDevicesInterfaceBootConfig {
  /** Position in the boot order, from 1; unique across devices. */
  readonly order: number;
  /** Not supported by this provider: refused at plan time. */
  readonly loadParm?: string;
}

/**
 * After starting the domain, wait until the interface has an IPv4 address (fails after the timeout; Ctrl-C stops
 * waiting).
 */
export interface LibvirtDomainDevicesInterfaceWaitForIpConfig {
  /** Seconds to wait. Default 300. */
  readonly timeout?: number;
  /**
   * "lease" (default): the DHCP leases of the interface's libvirt network; "agent": the QEMU guest agent (needs a
   * channel org.qemu.guest_agent.0 and qemu-ga in the guest); "any": the leases, else the agent.
   */
  readonly source?: string;
}

/**
 * Consoles, in order, e.g. the serial port logged to a file. Left unset (and serials too), the domain's consoles are
 * kept as they are.
 */
export interface LibvirtDomainDevicesConsoleConfig {
  /**
   * "file" (with source.path), "tcp" (with source.tcp) or "pty". Default: the kind of the source given, else "pty".
   */
  readonly type?: string;
  /** The host side: a log file or a TCP socket. Unset: a pty. */
  readonly source?: LibvirtDomainDevicesConsoleSourceConfig;
  /** Wire protocol of a TCP socket. Default raw. */
  readonly protocol?: LibvirtDomainDevicesConsoleProtocolConfig;
  /** A user alias for the device. */
  readonly alias?: LibvirtDomainDevicesConsoleAliasConfig;
  /** The console as the guest sees it. */
  readonly target?: LibvirtDomainDevicesConsoleTargetConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly acpi?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly address?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly log?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly tty?: string;
}

/** The host side: a log file or a TCP socket. Unset: a pty. */
export interface LibvirtDomainDevicesConsoleSourceConfig {
  /** Absolute path of the log file on the host; truncated whenever the domain starts. */
  readonly path?: string;
  /** The official provider's spelling of source.path: `file = { path = ... }`. */
  readonly file?: LibvirtDomainDevicesConsoleSourceFileConfig;
  /** A TCP socket (virsh console does not reach it; telnet or nc do). */
  readonly tcp?: LibvirtDomainDevicesConsoleSourceTcpConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly dbus?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly dev?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly nmdm?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly null?: boolean;
  /** Not supported by this provider: refused at plan time. */
  readonly pipe?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly pty?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly qemuvdAgent?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly spicePort?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly spiceVmc?: boolean;
  /** Not supported by this provider: refused at plan time. */
  readonly stdIo?: boolean;
  /** Not supported by this provider: refused at plan time. */
  readonly udp?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly unix?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly vc?: boolean;
}

/** The official provider's spelling of source.path: `file = { path = ... }`. */
export interface LibvirtDomainDevicesConsoleSourceFileConfig {
  /** Absolute path of the log file on the host. */
  readonly path: string;
  /** Not supported by this provider: refused at plan time. */
  readonly append?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly secLabel?: unknown;
}

/** A TCP socket (virsh console does not reach it; telnet or nc do). */
export interface LibvirtDomainDevicesConsoleSourceTcpConfig {
  /** "bind" (listen, the default) or "connect". */
  readonly mode?: string;
  /** Address to listen on or connect to. */
  readonly host?: string;
  /** TCP port, as a string. */
  readonly service: string;
  /** "yes" or "no": TLS on the socket. Default: qemu.conf chardev_tls. */
  readonly tls?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly reconnect?: unknown;
}

/** Wire protocol of a TCP socket. Default raw. */
export interface LibvirtDomainDevicesConsoleProtocolConfig {
  /** raw, telnet, telnets or tls. */
  readonly type: string;
}

/** A user alias for the device. */
export interface LibvirtDomainDevicesConsoleAliasConfig {
  /** Device alias. libvirt stores only names starting with "ua-" (user aliases); any other is kept in state only. */
  readonly name: string;
}

/** The console as the guest sees it. */
export interface LibvirtDomainDevicesConsoleTargetConfig {
  /** "serial" (ttyS<port>, default) or "virtio" (hvc<port>). */
  readonly type?: string;
  /** Port number. Default 0. */
  readonly port?: number;
}

/**
 * Serial ports, in order. Setting consoles or serials manages both kinds: libvirt adds the serial port behind a
 * serial console.
 */
export interface LibvirtDomainDevicesSerialConfig {
  /**
   * "file" (with source.path), "tcp" (with source.tcp) or "pty". Default: the kind of the source given, else "pty".
   */
  readonly type?: string;
  /** The host side: a log file or a TCP socket. Unset: a pty. */
  readonly source?: LibvirtDomainDevicesSerialSourceConfig;
  /** Wire protocol of a TCP socket. Default raw. */
  readonly protocol?: LibvirtDomainDevicesSerialProtocolConfig;
  /** A user alias for the device. */
  readonly alias?: LibvirtDomainDevicesSerialAliasConfig;
  /** The serial port as the guest sees it. */
  readonly target?: LibvirtDomainDevicesSerialTargetConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly acpi?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly address?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly log?: unknown;
}

/** The host side: a log file or a TCP socket. Unset: a pty. */
export interface LibvirtDomainDevicesSerialSourceConfig {
  /** Absolute path of the log file on the host; truncated whenever the domain starts. */
  readonly path?: string;
  /** The official provider's spelling of source.path: `file = { path = ... }`. */
  readonly file?: LibvirtDomainDevicesSerialSourceFileConfig;
  /** A TCP socket (virsh console does not reach it; telnet or nc do). */
  readonly tcp?: LibvirtDomainDevicesSerialSourceTcpConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly dbus?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly dev?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly nmdm?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly null?: boolean;
  /** Not supported by this provider: refused at plan time. */
  readonly pipe?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly pty?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly qemuvdAgent?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly spicePort?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly spiceVmc?: boolean;
  /** Not supported by this provider: refused at plan time. */
  readonly stdIo?: boolean;
  /** Not supported by this provider: refused at plan time. */
  readonly udp?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly unix?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly vc?: boolean;
}

/** The official provider's spelling of source.path: `file = { path = ... }`. */
export interface LibvirtDomainDevicesSerialSourceFileConfig {
  /** Absolute path of the log file on the host. */
  readonly path: string;
  /** Not supported by this provider: refused at plan time. */
  readonly append?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly secLabel?: unknown;
}

/** A TCP socket (virsh console does not reach it; telnet or nc do). */
export interface LibvirtDomainDevicesSerialSourceTcpConfig {
  /** "bind" (listen, the default) or "connect". */
  readonly mode?: string;
  /** Address to listen on or connect to. */
  readonly host?: string;
  /** TCP port, as a string. */
  readonly service: string;
  /** "yes" or "no": TLS on the socket. Default: qemu.conf chardev_tls. */
  readonly tls?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly reconnect?: unknown;
}

/** Wire protocol of a TCP socket. Default raw. */
export interface LibvirtDomainDevicesSerialProtocolConfig {
  /** raw, telnet, telnets or tls. */
  readonly type: string;
}

/** A user alias for the device. */
export interface LibvirtDomainDevicesSerialAliasConfig {
  /** Device alias. libvirt stores only names starting with "ua-" (user aliases); any other is kept in state only. */
  readonly name: string;
}

/** The serial port as the guest sees it. */
export interface LibvirtDomainDevicesSerialTargetConfig {
  /** isa-serial, usb-serial, pci-serial, system-serial, ... Default: libvirt's for the machine. */
  readonly type?: string;
  /** Port number (ttyS<port>). Default 0. */
  readonly port?: number;
  /** The emulated device. Default: libvirt's for the target type. */
  readonly model?: LibvirtDomainDevicesSerialTargetModelConfig;
}

/** The emulated device. Default: libvirt's for the target type. */
export interface LibvirtDomainDevicesSerialTargetModelConfig {
  /** Device model, e.g. isa-serial, pci-serial, pl011. */
  readonly name?: string;
}

/** Graphical consoles: each exactly one of vnc and spice. */
export interface LibvirtDomainDevicesGraphicConfig {
  /** A VNC server. */
  readonly vnc?: LibvirtDomainDevicesGraphicVncConfig;
  /** A SPICE server. */
  readonly spice?: LibvirtDomainDevicesGraphicSpiceConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly audio?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly dbus?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly desktop?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly eglHeadless?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly rdp?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly sdl?: unknown;
}

/** A VNC server. */
export interface LibvirtDomainDevicesGraphicVncConfig {
  /** TCP port; -1 (the default) picks a free one. */
  readonly port?: number;
  /** Pick a free port. Default true without port. */
  readonly autoPort?: boolean;
  /** Address to listen on. Default: libvirt's (qemu.conf). */
  readonly listen?: string;
  /** Password clients must give. Not read back. */
  readonly passwd?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly connected?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly keymap?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly listeners?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly passwdValidTo?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly powerControl?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly sharePolicy?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly socket?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly webSocket?: number;
}

/** A SPICE server. */
export interface LibvirtDomainDevicesGraphicSpiceConfig {
  /** TCP port; -1 (the default) picks a free one. */
  readonly port?: number;
  /** Pick a free port. Default true without port. */
  readonly autoPort?: boolean;
  /** Address to listen on. Default: libvirt's (qemu.conf). */
  readonly listen?: string;
  /** Password clients must give. Not read back. */
  readonly passwd?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly channel?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly clipBoard?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly connected?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly defaultMode?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly fileTransfer?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly gl?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly image?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly jpeg?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly keymap?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly listeners?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly mouse?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly passwdValidTo?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly playback?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly streaming?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly tlsPort?: number;
  /** Not supported by this provider: refused at plan time. */
  readonly zlib?: unknown;
}

/** Video cards; the first is the primary one. */
export interface LibvirtDomainDevicesVideoConfig {
  /** The video card. */
  readonly model: LibvirtDomainDevicesVideoModelConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly acpi?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly address?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly alias?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly driver?: unknown;
}

/** The video card. */
export interface LibvirtDomainDevicesVideoModelConfig {
  /** vga, cirrus, virtio, qxl, bochs, ramfb or none. */
  readonly type: string;
  /** Video memory in KiB. Default: the model's. */
  readonly vram?: number;
  /** "yes" for the primary card (only one may be); left unset, the first card is. */
  readonly primary?: string;
  /** Number of screens. Default 1. */
  readonly heads?: number;
  /** Not supported by this provider: refused at plan time. */
  readonly accel?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly blob?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly edid?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly ram?: number;
  /** Not supported by this provider: refused at plan time. */
  readonly resolution?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly vgaMem?: number;
  /** Not supported by this provider: refused at plan time. */
  readonly vram64?: number;
}

/** virtio-serial channels, e.g. the QEMU guest agent's. */
export interface LibvirtDomainDevicesChannelConfig {
  /** The host side: source.unix. */
  readonly source: LibvirtDomainDevicesChannelSourceConfig;
  /** The guest side: target.virt_io. */
  readonly target: LibvirtDomainDevicesChannelTargetConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly acpi?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly address?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly alias?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly log?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly protocol?: unknown;
}

/** The host side: source.unix. */
export interface LibvirtDomainDevicesChannelSourceConfig {
  /** A UNIX socket libvirt creates: `unix = {}`. */
  readonly unix?: LibvirtDomainDevicesChannelSourceUnixConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly dbus?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly dev?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly file?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly nmdm?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly null?: boolean;
  /** Not supported by this provider: refused at plan time. */
  readonly pipe?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly pty?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly qemuvdAgent?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly spicePort?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly spiceVmc?: boolean;
  /** Not supported by this provider: refused at plan time. */
  readonly stdIo?: boolean;
  /** Not supported by this provider: refused at plan time. */
  readonly tcp?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly udp?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly vc?: boolean;
}

/** A UNIX socket libvirt creates: `unix = {}`. */
export interface LibvirtDomainDevicesChannelSourceUnixConfig {
  /** Not supported by this provider: refused at plan time. */
  readonly mode?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly path?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly reconnect?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly secLabel?: unknown;
}

/** The guest side: target.virt_io. */
export interface LibvirtDomainDevicesChannelTargetConfig {
  /** A virtio-serial port. */
  readonly virtIo: LibvirtDomainDevicesChannelTargetVirtIoConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly guestFwd?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly xen?: unknown;
}

/** A virtio-serial port. */
export interface LibvirtDomainDevicesChannelTargetVirtIoConfig {
  /** Channel name, e.g. "org.qemu.guest_agent.0". */
  readonly name: string;
  /** Not supported by this provider: refused at plan time. */
  readonly state?: string;
}

/** Random number generators. */
export interface LibvirtDomainDevicesRngConfig {
  /** "virtio" (default). */
  readonly model?: string;
  /** Where the entropy comes from: backend.random. */
  readonly backend: LibvirtDomainDevicesRngBackendConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly acpi?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly address?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly alias?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly driver?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly rate?: unknown;
}

/** Where the entropy comes from: backend.random. */
export interface LibvirtDomainDevicesRngBackendConfig {
  /** Host entropy source, e.g. /dev/urandom. */
  readonly random: string;
  /** Not supported by this provider: refused at plan time. */
  readonly builtIn?: boolean;
  /** Not supported by this provider: refused at plan time. */
  readonly egd?: unknown;
}

/** TPMs. */
export interface LibvirtDomainDevicesTpmConfig {
  /** "tpm-crb" or "tpm-tis". */
  readonly model: string;
  /** backend.emulator. */
  readonly backend: LibvirtDomainDevicesTpmBackendConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly acpi?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly address?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly alias?: unknown;
}

/** backend.emulator. */
export interface LibvirtDomainDevicesTpmBackendConfig {
  /** An emulated TPM (swtpm), its state kept per domain by libvirt. */
  readonly emulator: LibvirtDomainDevicesTpmBackendEmulatorConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly external?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly passthrough?: unknown;
}

/** An emulated TPM (swtpm), its state kept per domain by libvirt. */
export interface LibvirtDomainDevicesTpmBackendEmulatorConfig {
  /** "2.0" (default for tpm-crb) or "1.2". */
  readonly version?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly activePcrBanks?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly debug?: number;
  /** Not supported by this provider: refused at plan time. */
  readonly encryption?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly persistentState?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly profile?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly source?: unknown;
}

/** Watchdog devices. */
export interface LibvirtDomainDevicesWatchdogConfig {
  /** i6300esb, ib700, diag288 or itco. */
  readonly model: string;
  /** reset (default), shutdown, poweroff, pause, none, dump or inject-nmi. */
  readonly action?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly acpi?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly address?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly alias?: unknown;
}

/** Host directories shared over 9p (virtiofs is not supported). */
export interface LibvirtDomainDevicesFilesystemConfig {
  /** passthrough (default), mapped or squash. */
  readonly accessMode?: string;
  /** source.mount. */
  readonly source: LibvirtDomainDevicesFilesystemSourceConfig;
  /** The guest side. */
  readonly target: LibvirtDomainDevicesFilesystemTargetConfig;
  /** Read-only share. Default false. */
  readonly readOnly?: boolean;
  /** Not supported by this provider: refused at plan time. */
  readonly acpi?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly address?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly alias?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly binary?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly boot?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly dmode?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly driver?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly fmode?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly idMap?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly model?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly multiDevs?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly spaceHardLimit?: number;
  /** Not supported by this provider: refused at plan time. */
  readonly spaceHardLimitUnit?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly spaceSoftLimit?: number;
  /** Not supported by this provider: refused at plan time. */
  readonly spaceSoftLimitUnit?: string;
}

/** source.mount. */
export interface LibvirtDomainDevicesFilesystemSourceConfig {
  /** A host directory. */
  readonly mount: LibvirtDomainDevicesFilesystemSourceMountConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly bind?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly block?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly file?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly ram?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly template?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly volume?: unknown;
}

/** A host directory. */
export interface LibvirtDomainDevicesFilesystemSourceMountConfig {
  /** Absolute path of the host directory. */
  readonly dir: string;
  /** Not supported by this provider: refused at plan time. */
  readonly socket?: string;
}

/** The guest side. */
export interface LibvirtDomainDevicesFilesystemTargetConfig {
  /** Mount tag the guest uses (mount -t 9p -o trans=virtio <tag>). */
  readonly dir: string;
}

/** Input devices, in order. libvirt adds a PS/2 mouse and keyboard itself; those are not listed. */
export interface LibvirtDomainDevicesInputConfig {
  /** tablet, mouse or keyboard. */
  readonly type: string;
  /** usb, virtio or ps2. Default: libvirt's (usb for a tablet, ps2 otherwise). */
  readonly bus?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly acpi?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly address?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly alias?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly driver?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly model?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly source?: unknown;
}

/** Host devices passed through to the guest: each exactly one of subsys_pci and subsys_usb. */
export interface LibvirtDomainDevicesHostdevConfig {
  /** libvirt detaches the device from its host driver for the guest and reattaches it after. Default no. */
  readonly managed?: boolean;
  /** A PCI device of the host, by address. */
  readonly subsysPci?: LibvirtDomainDevicesHostdevSubsysPciConfig;
  /** A USB device of the host, by vendor and product id. */
  readonly subsysUsb?: LibvirtDomainDevicesHostdevSubsysUsbConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly acpi?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly address?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly alias?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly boot?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly capsMisc?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly capsNet?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly capsStorage?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly rom?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly subsysMDev?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly subsysScsi?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly subsysScsiHost?: unknown;
}

/** A PCI device of the host, by address. */
export interface LibvirtDomainDevicesHostdevSubsysPciConfig {
  /** The host device. */
  readonly source: LibvirtDomainDevicesHostdevSubsysPciSourceConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly display?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly driver?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly ramFb?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly teaming?: unknown;
}

/** The host device. */
export interface LibvirtDomainDevicesHostdevSubsysPciSourceConfig {
  /** The device's address on the host (lspci: domain:bus:slot.function). */
  readonly address: LibvirtDomainDevicesHostdevSubsysPciSourceAddressConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly writeFiltering?: string;
}

/** The device's address on the host (lspci: domain:bus:slot.function). */
export interface LibvirtDomainDevicesHostdevSubsysPciSourceAddressConfig {
  /** PCI domain, 0 to 65535. Default 0. */
  readonly domain?: number;
  /** Bus, 0 to 255. */
  readonly bus: number;
  /** Slot, 0 to 31. */
  readonly slot: number;
  /** Function, 0 to 7. */
  readonly function: number;
  /** Not supported by this provider: refused at plan time. */
  readonly multiFunction?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly zpci?: unknown;
}

/** A USB device of the host, by vendor and product id. */
export interface LibvirtDomainDevicesHostdevSubsysUsbConfig {
  /** The host device. */
  readonly source: LibvirtDomainDevicesHostdevSubsysUsbSourceConfig;
}

/** The host device. */
export interface LibvirtDomainDevicesHostdevSubsysUsbSourceConfig {
  /** The USB vendor. */
  readonly vendor: LibvirtDomainDevicesHostdevSubsysUsbSourceVendorConfig;
  /** The USB product. */
  readonly product: LibvirtDomainDevicesHostdevSubsysUsbSourceProductConfig;
  /** Not supported by this provider: refused at plan time. */
  readonly address?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly guestReset?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly startUpPolicy?: string;
}

/** The USB vendor. */
export interface LibvirtDomainDevicesHostdevSubsysUsbSourceVendorConfig {
  /** Vendor id, e.g. "0x1d6b" (lsusb). */
  readonly id: string;
}

/** The USB product. */
export interface LibvirtDomainDevicesHostdevSubsysUsbSourceProductConfig {
  /** Product id, e.g. "0x0002". */
  readonly id: string;
}

/** The memory balloon. Left unset, libvirt's (virtio) stays. */
export interface LibvirtDomainDevicesMemBalloonConfig {
  /** virtio, virtio-transitional, virtio-non-transitional or none. */
  readonly model: string;
  /** Not supported by this provider: refused at plan time. */
  readonly acpi?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly address?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly alias?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly autoDeflate?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly driver?: unknown;
  /** Not supported by this provider: refused at plan time. */
  readonly freePageReporting?: string;
  /** Not supported by this provider: refused at plan time. */
  readonly stats?: unknown;
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
  /** Not supported by this provider: refused at plan time. */
  readonly timeout?: number;
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
    loader: "value",
    loader_readonly: "value",
    loader_type: "value",
    loader_secure: "value",
    nv_ram: { object: {
      nv_ram: "value",
      template: "value",
      format: "value",
      source: "value",
      template_format: "value",
    } },
    boot_devices: { list: {
      dev: "value",
    } },
    boot_menu: { object: {
      enable: "value",
      timeout: "value",
    } },
    acpi: "value",
    bios: "value",
    dtb: "value",
    firmware: "value",
    firmware_info: "value",
    init: "value",
    init_args: "value",
    init_dir: "value",
    init_env: "value",
    init_group: "value",
    init_user: "value",
    loader_format: "value",
    loader_stateless: "value",
    shim: "value",
    sm_bios: "value",
  } },
  cpu: { object: {
    mode: "value",
    model: "value",
    topology: { object: {
      sockets: "value",
      dies: "value",
      clusters: "value",
      cores: "value",
      threads: "value",
    } },
    cache: "value",
    check: "value",
    deprecated_features: "value",
    features: "value",
    match: "value",
    max_phys_addr: "value",
    migratable: "value",
    model_fallback: "value",
    model_vendor_id: "value",
    numa: "value",
    vendor: "value",
  } },
  features: { object: {
    acpi: "value",
    apic: { object: {
      eoi: "value",
    } },
    hap: { object: {
      state: "value",
    } },
    pmu: { object: {
      state: "value",
    } },
    pae: "value",
    smm: { object: {
      state: "value",
      tseg: "value",
      tseg_unit: "value",
    } },
    aia: "value",
    async_teardown: "value",
    capabilities: "value",
    ccf_assist: "value",
    cfpc: "value",
    gic: "value",
    hpt: "value",
    htm: "value",
    hyper_v: "value",
    ibs: "value",
    ioapic: "value",
    kvm: "value",
    msrs: "value",
    nested_hv: "value",
    priv_net: "value",
    ps2: "value",
    pv_spinlock: "value",
    ras: "value",
    sbbc: "value",
    tcg: "value",
    viridian: "value",
    vm_core_info: "value",
    vm_port: "value",
    xen: "value",
  } },
  clock: { object: {
    offset: "value",
    timer: { list: {
      name: "value",
      track: "value",
      tick_policy: "value",
      present: "value",
      catch_up: { object: {
        threshold: "value",
        slew: "value",
        limit: "value",
      } },
      frequency: "value",
      mode: "value",
    } },
    adjustment: "value",
    basis: "value",
    start: "value",
    time_zone: "value",
  } },
  on_poweroff: "value",
  on_reboot: "value",
  on_crash: "value",
  devices: { object: {
    emulator: "value",
    disks: { list: {
      device: "value",
      source: { object: {
        volume: { object: {
          pool: "value",
          volume: "value",
          mode: "value",
          sec_label: "value",
        } },
        file: { object: {
          file: "value",
          fd_group: "value",
          sec_label: "value",
        } },
        block: { object: {
          dev: "value",
          sec_label: "value",
        } },
        cookies: "value",
        data_store: "value",
        dir: "value",
        encryption: "value",
        index: "value",
        network: "value",
        nvme: "value",
        readahead: "value",
        reservations: "value",
        slices: "value",
        ssl: "value",
        startup_policy: "value",
        timeout: "value",
        vhost_user: "value",
        vhost_vdpa: "value",
      } },
      target: { object: {
        dev: "value",
        bus: "value",
        removable: "value",
        rotation_rate: "value",
        tray: "value",
      } },
      driver: { object: {
        type: "value",
        cache: "value",
        io: "value",
        discard: "value",
        ats: "value",
        copy_on_read: "value",
        detect_zeros: "value",
        discard_no_unref: "value",
        error_policy: "value",
        event_idx: "value",
        io_event_fd: "value",
        io_thread: "value",
        io_threads: "value",
        iommu: "value",
        metadata_cache: "value",
        name: "value",
        packed: "value",
        page_per_vq: "value",
        queue_size: "value",
        queues: "value",
        rerror_policy: "value",
      } },
      read_only: "value",
      shareable: "value",
      serial: "value",
      wwn: "value",
      boot: { object: {
        order: "value",
        load_parm: "value",
      } },
      acpi: "value",
      address: "value",
      alias: "value",
      auth: "value",
      backend_domain: "value",
      backing_store: "value",
      block_io: "value",
      encryption: "value",
      geometry: "value",
      io_tune: "value",
      mirror: "value",
      model: "value",
      product: "value",
      raw_io: "value",
      sgio: "value",
      snapshot: "value",
      throttle_filters: "value",
      transient: "value",
      vendor: "value",
    } },
    interfaces: { list: {
      type: "value",
      model: { object: {
        type: "value",
      } },
      source: { object: {
        network: { object: {
          network: "value",
          bridge: "value",
          port_group: "value",
          port_id: "value",
        } },
        bridge: { object: {
          bridge: "value",
        } },
        direct: { object: {
          dev: "value",
          mode: "value",
        } },
        user: { object: {
          dev: "value",
        } },
        client: "value",
        ethernet: "value",
        hostdev: "value",
        internal: "value",
        mcast: "value",
        null: "value",
        server: "value",
        udp: "value",
        vdpa: "value",
        vds: "value",
        vhost_user: "value",
      } },
      mac: { object: {
        address: "value",
        check: "value",
        type: "value",
      } },
      boot: { object: {
        order: "value",
        load_parm: "value",
      } },
      wait_for_ip: { object: {
        timeout: "value",
        source: "value",
      } },
      acpi: "value",
      address: "value",
      alias: "value",
      backend: "value",
      backend_domain: "value",
      bandwidth: "value",
      coalesce: "value",
      down_script: "value",
      driver: "value",
      filter_ref: "value",
      guest: "value",
      ip: "value",
      link: "value",
      managed: "value",
      mtu: "value",
      port_forward: "value",
      port_options: "value",
      rom: "value",
      route: "value",
      script: "value",
      target: "value",
      teaming: "value",
      trust_guest_rx_filters: "value",
      tune: "value",
      virtual_port: "value",
      vlan: "value",
    } },
    consoles: { list: {
      type: "value",
      source: { object: {
        path: "value",
        file: { object: {
          path: "value",
          append: "value",
          sec_label: "value",
        } },
        tcp: { object: {
          mode: "value",
          host: "value",
          service: "value",
          tls: "value",
          reconnect: "value",
        } },
        dbus: "value",
        dev: "value",
        nmdm: "value",
        null: "value",
        pipe: "value",
        pty: "value",
        qemuvd_agent: "value",
        spice_port: "value",
        spice_vmc: "value",
        std_io: "value",
        udp: "value",
        unix: "value",
        vc: "value",
      } },
      protocol: { object: {
        type: "value",
      } },
      alias: { object: {
        name: "value",
      } },
      target: { object: {
        type: "value",
        port: "value",
      } },
      acpi: "value",
      address: "value",
      log: "value",
      tty: "value",
    } },
    serials: { list: {
      type: "value",
      source: { object: {
        path: "value",
        file: { object: {
          path: "value",
          append: "value",
          sec_label: "value",
        } },
        tcp: { object: {
          mode: "value",
          host: "value",
          service: "value",
          tls: "value",
          reconnect: "value",
        } },
        dbus: "value",
        dev: "value",
        nmdm: "value",
        null: "value",
        pipe: "value",
        pty: "value",
        qemuvd_agent: "value",
        spice_port: "value",
        spice_vmc: "value",
        std_io: "value",
        udp: "value",
        unix: "value",
        vc: "value",
      } },
      protocol: { object: {
        type: "value",
      } },
      alias: { object: {
        name: "value",
      } },
      target: { object: {
        type: "value",
        port: "value",
        model: { object: {
          name: "value",
        } },
      } },
      acpi: "value",
      address: "value",
      log: "value",
    } },
    graphics: { list: {
      vnc: { object: {
        port: "value",
        auto_port: "value",
        listen: "value",
        passwd: "value",
        connected: "value",
        keymap: "value",
        listeners: "value",
        passwd_valid_to: "value",
        power_control: "value",
        share_policy: "value",
        socket: "value",
        web_socket: "value",
      } },
      spice: { object: {
        port: "value",
        auto_port: "value",
        listen: "value",
        passwd: "value",
        channel: "value",
        clip_board: "value",
        connected: "value",
        default_mode: "value",
        file_transfer: "value",
        gl: "value",
        image: "value",
        jpeg: "value",
        keymap: "value",
        listeners: "value",
        mouse: "value",
        passwd_valid_to: "value",
        playback: "value",
        streaming: "value",
        tls_port: "value",
        zlib: "value",
      } },
      audio: "value",
      dbus: "value",
      desktop: "value",
      egl_headless: "value",
      rdp: "value",
      sdl: "value",
    } },
    videos: { list: {
      model: { object: {
        type: "value",
        vram: "value",
        primary: "value",
        heads: "value",
        accel: "value",
        blob: "value",
        edid: "value",
        ram: "value",
        resolution: "value",
        vga_mem: "value",
        vram64: "value",
      } },
      acpi: "value",
      address: "value",
      alias: "value",
      driver: "value",
    } },
    channels: { list: {
      source: { object: {
        unix: { object: {
          mode: "value",
          path: "value",
          reconnect: "value",
          sec_label: "value",
        } },
        dbus: "value",
        dev: "value",
        file: "value",
        nmdm: "value",
        null: "value",
        pipe: "value",
        pty: "value",
        qemuvd_agent: "value",
        spice_port: "value",
        spice_vmc: "value",
        std_io: "value",
        tcp: "value",
        udp: "value",
        vc: "value",
      } },
      target: { object: {
        virt_io: { object: {
          name: "value",
          state: "value",
        } },
        guest_fwd: "value",
        xen: "value",
      } },
      acpi: "value",
      address: "value",
      alias: "value",
      log: "value",
      protocol: "value",
    } },
    rngs: { list: {
      model: "value",
      backend: { object: {
        random: "value",
        built_in: "value",
        egd: "value",
      } },
      acpi: "value",
      address: "value",
      alias: "value",
      driver: "value",
      rate: "value",
    } },
    tpms: { list: {
      model: "value",
      backend: { object: {
        emulator: { object: {
          version: "value",
          active_pcr_banks: "value",
          debug: "value",
          encryption: "value",
          persistent_state: "value",
          profile: "value",
          source: "value",
        } },
        external: "value",
        passthrough: "value",
      } },
      acpi: "value",
      address: "value",
      alias: "value",
    } },
    watchdogs: { list: {
      model: "value",
      action: "value",
      acpi: "value",
      address: "value",
      alias: "value",
    } },
    filesystems: { list: {
      access_mode: "value",
      source: { object: {
        mount: { object: {
          dir: "value",
          socket: "value",
        } },
        bind: "value",
        block: "value",
        file: "value",
        ram: "value",
        template: "value",
        volume: "value",
      } },
      target: { object: {
        dir: "value",
      } },
      read_only: "value",
      acpi: "value",
      address: "value",
      alias: "value",
      binary: "value",
      boot: "value",
      dmode: "value",
      driver: "value",
      fmode: "value",
      id_map: "value",
      model: "value",
      multi_devs: "value",
      space_hard_limit: "value",
      space_hard_limit_unit: "value",
      space_soft_limit: "value",
      space_soft_limit_unit: "value",
    } },
    inputs: { list: {
      type: "value",
      bus: "value",
      acpi: "value",
      address: "value",
      alias: "value",
      driver: "value",
      model: "value",
      source: "value",
    } },
    hostdevs: { list: {
      managed: "value",
      subsys_pci: { object: {
        source: { object: {
          address: { object: {
            domain: "value",
            bus: "value",
            slot: "value",
            function: "value",
            multi_function: "value",
            zpci: "value",
          } },
          write_filtering: "value",
        } },
        display: "value",
        driver: "value",
        ram_fb: "value",
        teaming: "value",
      } },
      subsys_usb: { object: {
        source: { object: {
          vendor: { object: {
            id: "value",
          } },
          product: { object: {
            id: "value",
          } },
          address: "value",
          guest_reset: "value",
          start_up_policy: "value",
        } },
      } },
      acpi: "value",
      address: "value",
      alias: "value",
      boot: "value",
      caps_misc: "value",
      caps_net: "value",
      caps_storage: "value",
      rom: "value",
      subsys_m_dev: "value",
      subsys_scsi: "value",
      subsys_scsi_host: "value",
    } },
    mem_balloon: { object: {
      model: "value",
      acpi: "value",
      address: "value",
      alias: "value",
      auto_deflate: "value",
      driver: "value",
      free_page_reporting: "value",
      stats: "value",
    } },
    audios: "value",
    controllers: "value",
    crypto: "value",
    hubs: "value",
    iommu: "value",
    leases: "value",
    memorydevs: "value",
    nvram: "value",
    panics: "value",
    parallels: "value",
    pstore: "value",
    redir_devs: "value",
    redir_filters: "value",
    shmems: "value",
    smartcards: "value",
    sounds: "value",
    vsock: "value",
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
    timeout: "value",
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

  /** Action when the guest powers off. Left unset: destroy on a new domain, then not managed. */
  public get onPoweroffRef(): string {
    return this.attribute("on_poweroff");
  }

  /** Action when the guest reboots. Left unset: restart on a new domain, then not managed. */
  public get onRebootRef(): string {
    return this.attribute("on_reboot");
  }

  /** Action when the guest crashes. Left unset: destroy on a new domain, then not managed. */
  public get onCrashRef(): string {
    return this.attribute("on_crash");
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
