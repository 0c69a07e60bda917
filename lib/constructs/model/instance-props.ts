// The props of an Instance. Settings both backends understand are top-level props; the settings of one backend
// are grouped in `incus: {...}` and `libvirt: {...}`, typed by the host: the wrong group for the host is a compile
// error (IncusOnly/LibvirtOnly in host.ts). Why groups rather than flat props typed by the host: a group says at
// a glance which settings a backend owns (as AWS CDK L2s group related options into one struct), the rule "this
// group needs that host" is one typed prop instead of twelve, and a stack that moves an instance to the other
// backend has one block to rewrite. The flat props of the previous release still work, deprecated.
import type { RemovalPolicy } from "../../lifecycle";
import type { IHost, IncusOnly, LibvirtOnly } from "./host";
import type { IncusChangeOptions } from "./instance-changes";
import type { INetwork } from "./network-props";
import type { INetworkAcl } from "./network-acl-props";
import type { DeviceSpec } from "./device-spec";
import type { IProfile } from "./profile-props";
import type { IProject } from "./project-props";
import type { CloudInitConfig, InstanceExec, InstanceFile } from "./provisioning";
import type { IStoragePool } from "./storage-pool-props";
import type { OptionGroup } from "./option-group";
import type {
  LibvirtCpu,
  LibvirtFirmware,
  LibvirtGraphics,
  LibvirtNic,
  LibvirtRng,
  LibvirtTpm,
  LibvirtWatchdog,
} from "./libvirt-devices";

/** Incus instance type. */
export enum InstanceType {
  CONTAINER = "container",
  VIRTUAL_MACHINE = "virtual-machine",
}

/** The instance's own root disk (Incus): created and destroyed with it. */
export interface RootDiskOptions {
  readonly pool: IStoragePool;
  /** IEC size, e.g. "8GiB". @default the pool's default */
  readonly size?: string;
}

export interface AttachOptions {
  /**
   * Incus: where a filesystem volume is mounted in the instance, e.g. "/var/lib/postgresql" (block volumes: no
   * path). libvirt: the guest device, e.g. "vdb".
   */
  readonly path?: string;
  /**
   * Rebuild the instance whenever this volume really changes (its size, config keys, description, name, pool, or its
   * replacement), so its provisioning (cloud-init, files, exec) runs again on a clean system. Bookkeeping (protect,
   * removal policy, snapshot count, owner) is an in-place update that rebuilds nothing. Its ephemeral volumes are
   * rebuilt with it. Needs a volume this stack manages (not one from Volume.fromName).
   * @default false
   */
  readonly rebuildOnChange?: boolean;
  /**
   * PERSISTENT and SHARED volumes: whenever this instance is deleted or rebuilt, the bundled provider first takes a
   * snapshot of the volume named `rebuild-<instance>-<yyyymmddThhmmssZ>` (UTC; libvirt: a copy of the volume named
   * `<volume>.rebuild-<domain>-<stamp>` in its pool) and keeps the newest N of them (older ones of this instance are
   * deleted). `true` keeps 3; a number says how many (a whole number ≥ 1). Incus: written as the volume's config
   * `user.cdktf-virt.snapshot-before-rebuild = "<N>"` (the largest N of its attachments wins); libvirt: a request
   * in the domain's metadata. Turning it on or changing N is an in-place update; it rebuilds nothing. Not possible
   * on EPHEMERAL volumes (rebuilt with the instance), nor on Incus volumes from Volume.fromName (set the config key on
   * the volume yourself). Needs the bundled provider: a synth error on an IncusHost with IncusProviderSource.OFFICIAL.
   * @default false (no snapshot)
   */
  readonly snapshotBeforeRebuild?: boolean | number;
  /** @default false */
  readonly readOnly?: boolean;
  /** Incus device name. @default the volume's construct id */
  readonly deviceName?: string;
}

/** Settings only Incus instances have (`incus: {...}`). */
export interface IncusInstanceOptions {
  /** Image alias or fingerprint, `[remote:]alias`, e.g. "debian-13" or "images:debian/13". */
  readonly image: string;
  /** @default InstanceType.CONTAINER */
  readonly type?: InstanceType;
  /** A root disk device on this pool. @default the profiles' root disk */
  readonly rootDisk?: RootDiskOptions;
  /** Profiles in order. @default ["default"] */
  readonly profiles?: (IProfile | string)[];
  /** More instance config (e.g. `boot.autostart`); keys other props own are rejected. @default none */
  readonly config?: { readonly [key: string]: string };
  /** cloud-init data (config `cloud-init.user-data` …). @default none */
  readonly cloudInit?: CloudInitConfig;
  /** Files uploaded on create. Needs `running`. @default none */
  readonly files?: InstanceFile[];
  /** Commands run after the files, by name, in name order. Needs `running`. @default none */
  readonly exec?: { readonly [name: string]: InstanceExec };
  /** Extra devices by name (escape hatch). @default none */
  readonly devices?: { readonly [name: string]: DeviceSpec };
  /** The project the instance lives in (its volumes must be in the same one). @default the default project */
  readonly project?: IProject;
  /**
   * Incus cluster: the member to create the instance on, or `@group` for any member of a cluster group (Incus
   * picks one). A volume on one member (`Volume` `incus: { target }`) can only be attached on that member.
   * Changing it rebuilds the instance.
   * @default Incus places the instance (its scheduler picks a member)
   */
  readonly target?: string;
  /**
   * What a change of `image` or `cloudInit` does: rebuilt in place by default (a new root disk from the image; the
   * same instance, address and attached volumes), or replaced / only updated. The provider replaces instead where a
   * rebuild cannot be done (the instance has snapshots or EPHEMERAL volumes, its type or root pool changes; the plan
   * warns and says why). Recorded in its config as `user.cdktf-virt.image-change` and
   * `user.cdktf-virt.cloud-init-change`; a REBUILD needs the bundled provider (the official one ignores the records).
   * @default { image: ImageChange.REBUILD, cloudInit: CloudInitChange.REBUILD } (with IncusProviderSource.OFFICIAL:
   *   replace and update, the official provider's behaviour)
   */
  readonly changes?: IncusChangeOptions;
  /**
   * A fixed IPv4 address of eth0 (the NIC's `ipv4.address`): Incus's DHCP server hands it out to the instance, and
   * a rebuilt instance gets it again, which is what a NetworkForward (`instance.forward()`) sends traffic to. An
   * address of the network's subnet; needs a `network` with DHCP on (an `ipv4.address` subnet, `ipv4.dhcp` not
   * "false"). An image without a DHCP client must set it itself (e.g. with `exec`).
   * @default the address DHCP picks (it may change when the instance is rebuilt)
   */
  readonly ipv4Address?: string;
  /** Network ACLs applied to eth0 (the NIC's `security.acls`); needs a `network`. @default none */
  readonly acls?: readonly INetworkAcl[];
}

/** Settings only libvirt domains have (`libvirt: {...}`). */
export interface LibvirtInstanceOptions {
  /** Domain type ("qemu" where /dev/kvm is missing). Changing it rebuilds the domain. @default "kvm" */
  readonly hypervisor?: string;
  /**
   * Seconds the guest gets to power off after the ACPI request, when an update restarts it or the domain is
   * deleted, before it is forced off.
   * @default the provider's (30 s)
   */
  readonly shutdownTimeoutSeconds?: number;
  /**
   * A cloud-init NoCloud seed for the guest: a `libvirt_cloudinit_disk` (an ISO the provider builds, label cidata)
   * stored in a pool and attached as a cdrom. It is EPHEMERAL with the domain: rebuilt whenever the domain is, and a
   * change of any of its contents rebuilds the domain, so cloud-init runs again on a clean system.
   * @default none
   */
  readonly cloudInit?: LibvirtCloudInit;
  /**
   * Boot a kernel and initrd that are files on the host (direct kernel boot) instead of a boot loader on a disk.
   * Changing it restarts the domain in place (it is not rebuilt).
   * @default boot from the first disk
   */
  readonly kernelBoot?: LibvirtKernelBoot;
  /**
   * Log the guest's serial console (ttyS0) to this file on the host: an absolute path, truncated whenever the
   * domain starts. What the guest prints there (boot messages, cloud-init's report) can then be read on the host.
   * @default no console is configured (libvirt's default: none)
   */
  readonly serialLogFile?: string;
  /**
   * Wait, after each start of the domain, until its NIC has an IPv4 address from the DHCP leases of its network
   * (a libvirt Network with `libvirt: { ipv4 }`); the apply fails after the timeout and stops waiting on Ctrl-C.
   * Then `instance.ipv4Address` holds the address. Needs a `network`.
   * @default no wait
   */
  readonly waitFor?: LibvirtWaitFor;
  /**
   * The firmware: "bios" (SeaBIOS) or "uefi" (OVMF, with a per-domain NVRAM store libvirt creates from a template
   * and deletes with the domain); `{ type: "uefi", secureBoot: true }` for secure boot (which also turns on system
   * management mode and the q35 machine). Changing it restarts the domain in place (it is not rebuilt; its disks
   * stay, but a guest installed for the other firmware may not boot).
   * @default "bios" (libvirt's default)
   */
  readonly firmware?: LibvirtFirmware;
  /** A graphical console (VNC or SPICE) on the host. @default none */
  readonly graphics?: LibvirtGraphics;
  /**
   * Add the QEMU guest agent's virtio-serial channel (org.qemu.guest_agent.0), so `virsh domifaddr --source agent`,
   * `virsh shutdown --mode agent` and file-system freeze work once the guest runs qemu-guest-agent.
   * @default false
   */
  readonly guestAgent?: boolean;
  /** A virtio random number generator fed from the host (`true`: from /dev/urandom). @default none */
  readonly rng?: boolean | LibvirtRng;
  /** An emulated TPM (swtpm; `true`: TPM 2.0 on tpm-crb). Needs swtpm on the host. @default none */
  readonly tpm?: boolean | LibvirtTpm;
  /** A watchdog device (`true`: i6300esb that resets the guest). @default none */
  readonly watchdog?: boolean | LibvirtWatchdog;
  /** The guest CPU's mode, model and topology. @default libvirt's choice */
  readonly cpu?: LibvirtCpu;
  /**
   * Further NICs after the one of the `network` prop, in order: on a libvirt Network, a host bridge, macvtap
   * (direct) or user-mode networking. With stableMac each gets its own MAC derived from the construct path.
   * @default none
   */
  readonly nics?: readonly LibvirtNic[];
}

/** What only an Incus instance has (`instance.incus`). */
export interface IncusInstanceView {
  /** The project the instance lives in (undefined: the default project). */
  readonly project?: IProject;
  /** The network eth0 is plugged into (undefined: no network). */
  readonly network?: INetwork;
  /** eth0's fixed IPv4 address (`incus: { ipv4Address }`), undefined when DHCP picks it. */
  readonly ipv4Address?: string;
}

/** What only a libvirt domain has (`instance.libvirt`). */
export interface LibvirtInstanceView {
  /** The first NIC's MAC address (computed; the stable one when stableMac applies). Needs a NIC. */
  readonly macAddress: string;
}

/** What a libvirt Instance waits for after it starts (`libvirt: { waitFor }`). */
export interface LibvirtWaitFor {
  /** An IPv4 address leased to the NIC. */
  readonly ipv4: boolean;
  /** Seconds to wait. @default 300 */
  readonly timeoutSeconds?: number;
}

/** Direct kernel boot of a libvirt Instance (`libvirt: { kernelBoot }`). */
export interface LibvirtKernelBoot {
  /** Absolute path of the kernel image on the host, e.g. "/var/lib/images/vmlinuz". */
  readonly kernel: string;
  /** Absolute path of the initrd (initramfs) on the host. @default none */
  readonly initrd?: string;
  /** The kernel command line, e.g. "console=ttyS0 root=/dev/vda1". @default none */
  readonly cmdline?: string;
}

/** The NoCloud seed of a libvirt Instance (`libvirt: { cloudInit }`). */
export interface LibvirtCloudInit {
  /** The `user-data` file, e.g. a "#cloud-config" document. */
  readonly userData: string;
  /** The `meta-data` file (instance-id, local-hostname). @default empty */
  readonly metaData?: string;
  /** The `network-config` file. @default none (the file is left out) */
  readonly networkConfig?: string;
  /** The pool the seed ISO is stored in (of the instance's host). @default the pool of the first attached volume */
  readonly pool?: IStoragePool;
}

export interface InstanceProps<H extends IHost = IHost> {
  /** An IncusHost or a LibvirtHost; its type decides which of `incus` and `libvirt` compiles. */
  readonly host: H;
  /** @default derived from the construct path, e.g. "homelab-db" */
  readonly name?: string;
  /** Keep the instance running. @default true */
  readonly running?: boolean;
  /**
   * Refuse to destroy or replace the instance (`prevent_destroy`; on Incus also `security.protection.delete`).
   * @default false
   */
  readonly protect?: boolean;
  /**
   * RemovalPolicy.PROTECT (= `protect: true`) or RemovalPolicy.DESTROY (= `protect: false`). RETAIN and SNAPSHOT are
   * volume policies (an instance is rebuilt from its image; keep its data on a PERSISTENT volume) and are a synth
   * error here, as is a value that contradicts `protect`.
   * @default from `protect`, else DESTROY
   */
  readonly removalPolicy?: RemovalPolicy;
  /** Plug the instance into this network (Incus NIC "eth0"; libvirt virtio interface). @default none */
  readonly network?: INetwork;
  /**
   * Give the NIC a MAC derived from "<stack>/<construct path>" (a locally administered unicast address, first octet
   * with bit 0x02 set), so a rebuilt instance keeps its MAC — and with it its DHCP lease and address. Incus: the eth0
   * device's `hwaddr`; libvirt: the interface's `mac`. Set false to let the host pick a new MAC on every create.
   * Turning it on for an instance already deployed is an in-place update that changes the MAC of the running
   * instance once (it is not rebuilt, its DHCP lease changes), which is why it is not on by itself: new apps turn it
   * on for every instance with the context flag `"cdktf-virt:stableMac": true` in cdktf.json (see docs/lifecycle.md).
   * libvirt: every NIC (`network` and `libvirt: { nics }`, whatever it is plugged into) gets its own derived MAC,
   * the first one from the construct path, the others from "<path>/nic<N>". Needs a NIC.
   * @default true when the instance has a NIC and the app's context sets "cdktf-virt:stableMac" to true; else false
   */
  readonly stableMac?: boolean;
  /** IEC size. libvirt: the domain memory; Incus: `limits.memory`. @default libvirt "512MiB"; Incus none */
  readonly memory?: string;
  /** libvirt: vCPUs; Incus: `limits.cpu`. @default libvirt 1; Incus none */
  readonly vcpus?: number;
  /** @default none */
  readonly description?: string;
  /** Incus settings (image, type, root disk, profiles, provisioning …); only with an IncusHost. */
  readonly incus?: IncusOnly<H, IncusInstanceOptions>;
  /**
   * libvirt settings (hypervisor, shutdown timeout, cloud-init, kernel boot, console log, firmware, graphics, guest
   * agent, RNG, TPM, watchdog, CPU, further NICs); only with a LibvirtHost.
   * @default none
   */
  readonly libvirt?: LibvirtOnly<H, LibvirtInstanceOptions>;

  /** @deprecated Write `incus: { type }`; flat Incus-only props are removed in the next release. */
  readonly type?: IncusOnly<H, InstanceType>;
  /** @deprecated Write `incus: { image }`; flat Incus-only props are removed in the next release. */
  readonly image?: IncusOnly<H, string>;
  /** @deprecated Write `incus: { rootDisk }`; flat Incus-only props are removed in the next release. */
  readonly rootDisk?: IncusOnly<H, RootDiskOptions>;
  /** @deprecated Write `incus: { profiles }`; flat Incus-only props are removed in the next release. */
  readonly profiles?: IncusOnly<H, (IProfile | string)[]>;
  /** @deprecated Write `incus: { config }`; flat Incus-only props are removed in the next release. */
  readonly config?: IncusOnly<H, { readonly [key: string]: string }>;
  /** @deprecated Write `incus: { cloudInit }`; flat Incus-only props are removed in the next release. */
  readonly cloudInit?: IncusOnly<H, CloudInitConfig>;
  /** @deprecated Write `incus: { files }`; flat Incus-only props are removed in the next release. */
  readonly files?: IncusOnly<H, InstanceFile[]>;
  /** @deprecated Write `incus: { exec }`; flat Incus-only props are removed in the next release. */
  readonly exec?: IncusOnly<H, { readonly [name: string]: InstanceExec }>;
  /** @deprecated Write `incus: { devices }`; flat Incus-only props are removed in the next release. */
  readonly devices?: IncusOnly<H, { readonly [name: string]: DeviceSpec }>;
  /** @deprecated Write `incus: { project }`; flat Incus-only props are removed in the next release. */
  readonly project?: IncusOnly<H, IProject>;
  /** @deprecated Write `libvirt: { hypervisor }`; flat libvirt-only props are removed in the next release. */
  readonly hypervisor?: LibvirtOnly<H, string>;
  /** @deprecated Write `libvirt: { shutdownTimeoutSeconds }`; flat libvirt-only props are removed in the next release. */
  readonly shutdownTimeoutSeconds?: LibvirtOnly<H, number>;
}

/** @internal The options of each group (and the deprecated flat props of the same names). */
export const INCUS_INSTANCE_OPTIONS: OptionGroup<IncusInstanceOptions> = {
  group: "incus",
  names: ["type", "image", "rootDisk", "profiles", "config", "cloudInit", "files", "exec", "devices", "project"],
};

/** @internal */
export const LIBVIRT_INSTANCE_OPTIONS: OptionGroup<LibvirtInstanceOptions> = {
  group: "libvirt",
  names: ["hypervisor", "shutdownTimeoutSeconds"], // cloudInit only grouped: the flat cloudInit is Incus's
};
