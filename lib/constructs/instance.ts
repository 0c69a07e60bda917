// Instance: an Incus container or VM, or a libvirt domain. Volumes are attached with attach(); the lifecycle
// compiler turns those attachments into replace_triggered_by edges and a generation anchor.
import { Construct } from "constructs";
import type { IncusDeviceConfig, SpecResource } from "../bindings";
import { IncusInstanceResource, isToken, LibvirtDomainResource } from "../bindings";
import {
  GenerationAnchor,
  instanceLifecycleBlock,
  resourceAddress,
  VolumeLifecycle,
} from "../lifecycle";
import type { ReplacementInputs } from "../lifecycle";
import type { IHost } from "./host";
import type { IncusHost } from "./incus-host";
import type { LibvirtHost } from "./libvirt-host";
import type { INetwork } from "./network";
import type { DeviceSpec, IProfile } from "./profile";
import type { IProject } from "./project";
import type { CloudInitConfig, InstanceExec, InstanceFile } from "./provisioning";
import type { IStoragePool } from "./storage-pool";
import { Volume } from "./volume";
import { checkIncusAttachment, checkLibvirtAttachment, incusDiskDevice, libvirtDisks } from "./private/attachments";
import type { Attachment } from "./private/attachments";
import { devicesToBlocks } from "./private/devices";
import { fail } from "./private/errors";
import { resolveObjectName } from "./private/name-registry";
import { incusExec, incusFiles, incusInstanceConfig, sortDevices } from "./private/incus-instance";
import { libvirtDomainConfig } from "./private/libvirt-domain";
import { INCUS_INSTANCE_NAME, OBJECT_NAME } from "./private/names";
import { nonDefaultProject, rejectOn } from "./private/placement";
import { parseSize } from "./private/sizes";

const KIND = "Instance";

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
   * Rebuild the instance whenever this volume changes (any update or replacement), so its provisioning (cloud-init,
   * files, exec) runs again on a clean system. Its ephemeral volumes are rebuilt with it.
   * @default false
   */
  readonly rebuildOnChange?: boolean;
  /** @default false */
  readonly readOnly?: boolean;
  /** Incus device name. @default the volume's construct id */
  readonly deviceName?: string;
}

export interface InstanceProps {
  readonly host: IHost;
  /** @default derived from the construct path, e.g. "homelab-db" */
  readonly name?: string;
  /** Incus only. @default InstanceType.CONTAINER */
  readonly type?: InstanceType;
  /** Incus only (required there): image alias or fingerprint, `[remote:]alias`. */
  readonly image?: string;
  /** Incus only: a root disk device on this pool. @default the profiles' root disk */
  readonly rootDisk?: RootDiskOptions;
  /** Incus only: profiles in order. @default ["default"] */
  readonly profiles?: (IProfile | string)[];
  /** Incus only: more instance config (e.g. `boot.autostart`). @default none */
  readonly config?: { readonly [key: string]: string };
  /** Incus only: cloud-init data (config `cloud-init.user-data` …). @default none */
  readonly cloudInit?: CloudInitConfig;
  /** Incus only: files uploaded on create. Needs `running`. @default none */
  readonly files?: InstanceFile[];
  /** Incus only: commands run after the files, by name, in name order. Needs `running`. @default none */
  readonly exec?: { readonly [name: string]: InstanceExec };
  /** Incus only: extra devices by name (escape hatch). @default none */
  readonly devices?: { readonly [name: string]: DeviceSpec };
  /** Incus only: the project the instance lives in. @default the default project */
  readonly project?: IProject;
  /** Keep the instance running. @default true */
  readonly running?: boolean;
  /**
   * Refuse to destroy or replace the instance (`prevent_destroy`; on Incus also `security.protection.delete`).
   * @default false
   */
  readonly protect?: boolean;
  /** Plug the instance into this network (Incus NIC "eth0"; libvirt virtio interface). @default none */
  readonly network?: INetwork;
  /** IEC size. libvirt: the domain memory; Incus: `limits.memory`. @default libvirt "512MiB"; Incus none */
  readonly memory?: string;
  /** libvirt: vCPUs; Incus: `limits.cpu`. @default libvirt 1; Incus none */
  readonly vcpus?: number;
  /** libvirt only: domain type. @default "kvm" */
  readonly hypervisor?: string;
  /**
   * libvirt only: seconds the guest gets to power off after the ACPI request, when an update restarts it or the
   * domain is deleted, before it is forced off.
   * @default the provider's (30 s)
   */
  readonly shutdownTimeoutSeconds?: number;
  /** @default none */
  readonly description?: string;
}

export class Instance extends Construct {
  public readonly host: IHost;
  public readonly protect: boolean;
  public readonly project?: IProject;
  /** The instance name (a reference to the instance resource). */
  public readonly instanceName: string;
  private readonly resource: SpecResource<object>;
  private readonly fixedDevices: IncusDeviceConfig[] = [];
  private readonly attachments: Attachment[] = [];
  private readonly replacementInputs: ReplacementInputs;
  private readonly isVm: boolean;
  private anchor?: GenerationAnchor;

  public constructor(scope: Construct, id: string, props: InstanceProps) {
    super(scope, id);
    if (props.host?.hostKind !== "incus" && props.host?.hostKind !== "libvirt") {
      fail(this, KIND, "host", "an Instance needs an IncusHost or a LibvirtHost");
    }
    this.host = props.host;
    this.protect = props.protect ?? false;
    const running = props.running ?? true;
    const incus = this.host.hostKind === "incus";
    const rule = incus ? INCUS_INSTANCE_NAME : OBJECT_NAME;
    const name = resolveObjectName(this, KIND, rule, [this.host.node.path, nonDefaultProject(props.project)?.node.path], props.name);
    if (props.network && props.network.host !== this.host) {
      fail(this, KIND, "network", `the network "${props.network.node.path}" is on another host`);
    }
    if (props.vcpus !== undefined && (!Number.isInteger(props.vcpus) || props.vcpus < 1)) {
      fail(this, KIND, "vcpus", `${props.vcpus} is not a positive whole number`);
    }
    rejectOn(this, KIND, this.host, "incus", { hypervisor: props.hypervisor, shutdownTimeoutSeconds: props.shutdownTimeoutSeconds });
    rejectOn(this, KIND, this.host, "libvirt", {
      type: props.type, image: props.image, rootDisk: props.rootDisk, profiles: props.profiles, config: props.config,
      cloudInit: props.cloudInit, files: props.files, exec: props.exec, devices: props.devices, project: props.project,
    });

    if (incus) {
      const host = this.host as IncusHost;
      const type = props.type ?? InstanceType.CONTAINER;
      this.isVm = type === InstanceType.VIRTUAL_MACHINE;
      if (!Object.values(InstanceType).includes(type)) fail(this, KIND, "type", `"${String(type)}" is not an instance type; use "container" or "virtual-machine"`);
      if (props.image === undefined || props.image === "") fail(this, KIND, "image", `an Incus instance needs an image alias or fingerprint, e.g. "debian-13"`);
      if (props.project && props.project.host !== host) fail(this, KIND, "project", `the project "${props.project.node.path}" is on another host`);
      if (!running && (props.files || props.exec)) fail(this, KIND, props.files ? "files" : "exec", "files and exec need a running instance; drop `running: false`");
      const memory = props.memory !== undefined && !isToken(props.memory) ? parseSize(props.memory) : undefined;
      if (memory && "error" in memory) fail(this, KIND, "memory", memory.error);
      this.project = props.project;
      const project = nonDefaultProject(props.project)?.projectName;
      this.fixedDevices.push(...(devicesToBlocks(this, KIND, props.devices) ?? []));
      if (props.rootDisk) this.fixedDevices.push(this.rootDiskDevice(props.rootDisk));
      if (props.network) {
        this.fixedDevices.push({ name: "eth0", type: "nic", properties: { network: props.network.networkName, name: "eth0" } });
      }
      this.checkUniqueDeviceNames();
      this.resource = new IncusInstanceResource(this, "Default", {
        name,
        description: props.description,
        type,
        image: props.image,
        running,
        remote: host.remoteName,
        project,
        profiles: (props.profiles ?? ["default"]).map((p) => (typeof p === "string" ? p : p.profileName)),
        config: incusInstanceConfig(this, { protect: this.protect, memory: props.memory, vcpus: props.vcpus, cloudInit: props.cloudInit, config: props.config }),
        file: incusFiles(this, props.files),
        exec: incusExec(this, props.exec),
        device: sortDevices(this.fixedDevices),
      });
      this.replacementInputs = { type, image: props.image, project, remote: host.remoteName };
    } else {
      const host = this.host as LibvirtHost;
      this.isVm = true;
      const hypervisor = props.hypervisor ?? "kvm";
      this.resource = new LibvirtDomainResource(this, "Default", {
        ...libvirtDomainConfig(this, { name, hypervisor, running, memory: props.memory, vcpus: props.vcpus, network: props.network, shutdownTimeoutSeconds: props.shutdownTimeoutSeconds }),
        description: props.description,
        provider: host._provider(),
      });
      this.replacementInputs = { name, type: hypervisor };
    }
    this.instanceName = this.resource.getStringAttribute("name");
    this.resource.setLifecycleProducer(() =>
      instanceLifecycleBlock({
        protect: this.protect,
        generationAnchor: this.anchor?.address,
        rebuildOnChangeOf: this.attachments.filter((a) => a.rebuildOnChange).map((a) => resourceAddress(a.volume._resourceFor())),
      }),
    );
  }

  /** Incus: the instance's IPv4 address (computed). */
  public get ipv4Address(): string {
    if (this.host.hostKind !== "incus") fail(this, KIND, "ipv4Address", "only Incus instances report addresses");
    return this.resource.getStringAttribute("ipv4_address");
  }

  /**
   * Attaches a volume. The volume's lifecycle decides what happens when the instance is rebuilt: an EPHEMERAL
   * volume is rebuilt with it, PERSISTENT and SHARED volumes are kept and re-attached. With `rebuildOnChange`, a
   * change of the volume rebuilds the instance.
   */
  public attach(volume: Volume, options: AttachOptions = {}): void {
    if (!(volume instanceof Volume)) fail(this, KIND, "attach", "attach() takes a Volume construct");
    const where = `the volume "${volume.node.path}"`;
    if (volume.pool.host !== this.host) {
      fail(this, KIND, "attach", `${where} is in the pool "${volume.pool.node.path}" of the host "${volume.pool.host.node.path}", but this instance runs on the host "${this.host.node.path}"; use a pool of the same host`);
    }
    if (this.attachments.some((a) => a.volume === volume)) fail(this, KIND, "attach", `${where} is already attached to this instance`);
    const attachment: Attachment = {
      volume,
      path: options.path,
      rebuildOnChange: options.rebuildOnChange ?? false,
      readOnly: options.readOnly ?? false,
      deviceName: options.deviceName ?? volume.node.id.replace(/[^A-Za-z0-9._-]+/g, "-"),
    };
    if (this.host.hostKind === "incus") {
      checkIncusAttachment(this, attachment, {
        project: this.project,
        isVm: this.isVm,
        usedDeviceNames: [...this.fixedDevices.map((d) => d.name), ...this.attachments.map((b) => b.deviceName)],
        usedPaths: this.attachments.map((b) => b.path),
      });
    } else {
      checkLibvirtAttachment(this, attachment, this.attachments.map((b) => b.path));
    }
    volume._attachTo(this.node.path, () => this.ensureAnchor());
    this.attachments.push(attachment);
    this.followRebuildVolumes();
    this.refreshDevices();
  }

  /**
   * With ephemeral volumes, a rebuildOnChange volume must rebuild the whole group (instance and its ephemeral
   * volumes), so the generation anchor follows it too. Ephemeral volumes themselves are left out: they follow the
   * anchor, and the anchor following them would be a cycle.
   */
  private followRebuildVolumes(): void {
    if (!this.anchor) return;
    for (const a of this.attachments) {
      if (a.rebuildOnChange && a.volume.lifecycle !== VolumeLifecycle.EPHEMERAL) this.anchor.replaceWhenChanged(a.volume._resourceFor());
    }
  }

  private refreshDevices(): void {
    if (this.resource instanceof IncusInstanceResource) {
      this.resource.setAttribute("device", sortDevices([...this.fixedDevices, ...this.attachments.map(incusDiskDevice)]));
    } else if (this.resource instanceof LibvirtDomainResource) {
      this.resource.setAttribute("devices", { ...this.resource.config.devices, disks: libvirtDisks(this.attachments) });
    }
  }


  private rootDiskDevice(rootDisk: RootDiskOptions): IncusDeviceConfig {
    if (rootDisk.pool.host !== this.host) {
      fail(this, KIND, "rootDisk", `the pool "${rootDisk.pool.node.path}" belongs to the host "${rootDisk.pool.host.node.path}", not to this instance's host "${this.host.node.path}"`);
    }
    if (rootDisk.size !== undefined && !isToken(rootDisk.size)) {
      const parsed = parseSize(rootDisk.size);
      if ("error" in parsed) fail(this, KIND, "rootDisk", `size: ${parsed.error}`);
    }
    return { name: "root", type: "disk", properties: { path: "/", pool: rootDisk.pool.poolName, ...(rootDisk.size ? { size: rootDisk.size } : {}) } };
  }

  private checkUniqueDeviceNames(): void {
    const names = this.fixedDevices.map((d) => d.name);
    const duplicate = names.find((n, i) => names.indexOf(n) !== i);
    if (duplicate) fail(this, KIND, "devices", `the device name "${duplicate}" is also used by ${duplicate === "root" ? "rootDisk" : "network (eth0)"}; rename the device`);
  }

  private ensureAnchor(): GenerationAnchor {
    if (!this.anchor) {
      this.anchor = new GenerationAnchor(this, "Generation");
      this.anchor.setInstanceInputs(this.replacementInputs);
    }
    return this.anchor;
  }
}
