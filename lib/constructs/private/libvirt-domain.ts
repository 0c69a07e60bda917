// The libvirt backend of an Instance: the libvirt_domain with memory in MiB, vCPUs, the NICs, the ownership metadata,
// shutdown timeouts, direct kernel boot, the serial console log, disks from attached volumes (checked: a guest
// device, used once) and the cloud-init seed cdrom; firmware, CPU and the other devices come from libvirt-devices.ts.
import type { Construct, IConstruct } from "constructs";
import type { LibvirtDiskConfig, LibvirtDomainConfig } from "../../bindings";
import { LibvirtCloudinitDiskResource, LibvirtDomainResource } from "../../bindings";
import { isToken } from "../../bindings/attributes";
import { libvirtOwnerMetadataXml, libvirtRebuildSnapshotsXml, VolumeLifecycle } from "../../lifecycle";
import type {
  LibvirtCloudInit,
  LibvirtInstanceOptions,
  LibvirtKernelBoot,
  LibvirtWaitFor,
} from "../model/instance-props";
import type { LibvirtHostLike } from "./hosts";
import type { INetwork } from "../model/network-props";
import { VolumeFormat } from "../model/volume-props";
import { fail } from "./errors";
import { cpuSettings, extraDevices, firmwareSettings, interfaces } from "./libvirt-devices";
import type { Attachment, DeviceCheck } from "./generation";
import type { CommonInstanceInput, InstanceBackend } from "./instance-backend";
import { parseSize } from "./sizes";

/** Validates the libvirt options and creates the libvirt_domain (child "Default" of the Instance). */
export function libvirtDomain(
  scope: Construct,
  host: LibvirtHostLike,
  input: CommonInstanceInput,
  options: Partial<LibvirtInstanceOptions>,
): InstanceBackend {
  const hypervisor = options.hypervisor ?? "kvm";
  const seed = options.cloudInit ? cloudInitDisk(scope, host, input.name, options.cloudInit) : undefined;
  const resource = new LibvirtDomainResource(scope, "Default", {
    ...libvirtDomainConfig(scope, host, {
      ...input,
      hypervisor,
      shutdownTimeoutSeconds: options.shutdownTimeoutSeconds,
      kernelBoot: options.kernelBoot,
      serialLogFile: options.serialLogFile,
      waitFor: options.waitFor,
      options,
    }),
    description: input.description,
    provider: host._provider(),
  });
  const render = (attachments: readonly Attachment[]) => {
    seed?.attachments.splice(0, Infinity, ...attachments);
    const disks = libvirtDisks(attachments);
    if (seed) disks.push(seed.cdrom(attachments));
    resource.setAttribute("devices", { ...resource.config.devices, disks });
    // libvirt volumes have no metadata: the domain carries the request for copies before it is deleted or rebuilt.
    const snapshots = attachments.flatMap((a) =>
      a.snapshotBeforeRebuild === undefined
        ? []
        : [{ pool: a.volume.pool.poolName, volume: a.volume.volumeName, keep: a.snapshotBeforeRebuild }],
    );
    resource.setAttribute("metadata", { xml: libvirtOwnerMetadataXml(scope) + libvirtRebuildSnapshotsXml(snapshots) });
  };
  render([]);
  return {
    resource,
    replacementInputs: { name: input.name, type: hypervisor, ...(seed ? { cloud_init: seed.inputs } : {}) },
    checkDevice: libvirtDeviceCheck(scope),
    renderAttachments: render,
    companions: seed ? [seed.resource] : undefined,
    ipv4Address: () => {
      if (options.waitFor?.ipv4 !== true) {
        fail(
          scope,
          "Instance",
          "ipv4Address",
          "a libvirt domain's address is known only when the deploy waits for it: set `libvirt: { waitFor: { ipv4: true } }`",
        );
      }
      return resource.getStringAttribute("devices.interfaces[0].addresses[0]");
    },
    // libvirt volumes have no metadata: the domain carries the request, so a volume the stack does not manage is copied too.
    checkSnapshotOfUnmanagedVolume: () => undefined,
    libvirt: {
      get macAddress(): string {
        if (input.network === undefined && !options.nics?.length)
          fail(scope, "Instance", "macAddress", "the instance has no NIC: give it a `network` or `libvirt: { nics }`");
        return resource.getStringAttribute("devices.interfaces[0].mac.address");
      },
    },
  };
}

/**
 * The NoCloud seed of a domain: a libvirt_cloudinit_disk (child "CloudInit") named "<domain>-cloudinit.iso", in the
 * given pool or, at synth, the pool of the first attached volume; attached as a read-only SATA cdrom on the first
 * sdX device no attachment uses.
 */
function cloudInitDisk(scope: Construct, host: LibvirtHostLike, domainName: string, seed: LibvirtCloudInit) {
  if (seed.userData === undefined || (typeof seed.userData !== "string" && !isToken(seed.userData))) {
    fail(scope, "Instance", "libvirt.cloudInit.userData", "is required (a string, e.g. a #cloud-config document)");
  }
  if (seed.pool && seed.pool.host !== host) {
    fail(scope, "Instance", "libvirt.cloudInit.pool", `the pool "${seed.pool.node.path}" is on another host`);
  }
  const attachments: Attachment[] = [];
  const resource = new LibvirtCloudinitDiskResource(scope, "CloudInit", {
    name: `${domainName}-cloudinit.iso`,
    pool: seed.pool?.poolName,
    userData: seed.userData,
    metaData: seed.metaData,
    networkConfig: seed.networkConfig,
    provider: host._provider(),
  });
  resource.setAttributesProducer((config) => {
    if (config.pool !== undefined) return config;
    const pool = attachments[0]?.volume.pool.poolName;
    if (pool === undefined) {
      fail(
        scope,
        "Instance",
        "libvirt.cloudInit.pool",
        "is needed when the instance has no attached volume (the seed ISO is stored in a pool)",
      );
    }
    return { ...config, pool };
  });
  return {
    resource,
    attachments,
    inputs: { user_data: seed.userData, meta_data: seed.metaData, network_config: seed.networkConfig },
    cdrom(used: readonly Attachment[]): LibvirtDiskConfig {
      const taken = new Set(used.map((a) => a.path));
      const dev = [..."abcdefghijklmnopqrstuvwxyz"].map((c) => `sd${c}`).find((d) => !taken.has(d)) ?? "sdzz";
      return {
        device: "cdrom",
        source: { volume: { pool: resource.poolRef, volume: resource.nameRef } },
        target: { dev, bus: "sata" },
        readOnly: true,
      };
    },
  };
}

/** The path of a volume attached to a domain is a guest device, used once. */
function libvirtDeviceCheck(instance: IConstruct): DeviceCheck {
  return (a, attached) => {
    if (a.path === undefined || !LIBVIRT_TARGET_DEV.test(a.path)) {
      fail(
        instance,
        "Instance",
        "attach",
        `on libvirt the path is the guest device, e.g. "vda" or "vdb" (got ${JSON.stringify(a.path)})`,
      );
    }
    if (attached.some((b) => b.path === a.path))
      fail(instance, "Instance", "attach", `the device "${a.path}" is already used on this instance`);
  };
}

/** The disks of a domain's attachments, ordered by guest device; SHARED volumes are shareable. */
function libvirtDisks(attachments: readonly Attachment[]): LibvirtDiskConfig[] {
  return attachments
    .map((a) => ({ a, dev: a.path ?? "" }))
    .sort((x, y) => (x.dev < y.dev ? -1 : 1))
    .map(({ a, dev }) =>
      volumeDisk(
        a.volume.pool.poolName,
        a.volume.volumeName,
        dev,
        a.volume.format ?? VolumeFormat.QCOW2,
        a.readOnly,
        a.volume.lifecycle === VolumeLifecycle.SHARED,
      ),
    );
}

const MIB = 1024 * 1024;

/** "1GiB" → 1024 (MiB); the domain's memory must be a whole number of MiB. */
function memoryMiB(scope: IConstruct, memory: string): number {
  const parsed = parseSize(memory);
  if ("error" in parsed) fail(scope, "Instance", "memory", parsed.error);
  if (parsed.bytes % MIB !== 0) fail(scope, "Instance", "memory", `"${memory}" is not a whole number of MiB`);
  return parsed.bytes / MIB;
}

/** Guest disk device names libvirt understands: vda (virtio), sda (sata), hda (ide), xvda (xen). */
const LIBVIRT_TARGET_DEV = /^(vd|sd|hd|xvd)[a-z]{1,2}$/;

/** The bus that goes with a target device name. */
function busFor(dev: string): string {
  if (dev.startsWith("vd")) return "virtio";
  if (dev.startsWith("sd")) return "sata";
  if (dev.startsWith("hd")) return "ide";
  return "xen";
}

/** A disk backed by a pool volume. */
function volumeDisk(
  pool: string,
  volume: string,
  dev: string,
  format: string,
  readOnly: boolean,
  shareable: boolean,
): LibvirtDiskConfig {
  return {
    source: { volume: { pool, volume } },
    target: { dev, bus: busFor(dev) },
    driver: { type: format },
    readOnly: readOnly ? true : undefined,
    shareable: shareable ? true : undefined,
  };
}

interface DomainInput {
  readonly name: string;
  readonly hypervisor: string;
  readonly running: boolean;
  readonly memory?: string;
  readonly vcpus?: number;
  readonly network?: INetwork;
  readonly mac?: string;
  readonly shutdownTimeoutSeconds?: number;
  readonly kernelBoot?: LibvirtKernelBoot;
  readonly serialLogFile?: string;
  readonly waitFor?: LibvirtWaitFor;
  /** The platform and device options (firmware, graphics, NICs, …; private/libvirt-devices.ts). */
  readonly options: Partial<LibvirtInstanceOptions>;
}

/** The interface's wait_for_ip from `libvirt: { waitFor }`. */
function waitForIp(scope: IConstruct, waitFor: LibvirtWaitFor | undefined, network: INetwork | undefined) {
  if (waitFor === undefined || waitFor.ipv4 === false) return undefined;
  if (waitFor.ipv4 !== true) fail(scope, "Instance", "libvirt.waitFor.ipv4", "must be true or false");
  if (network === undefined)
    fail(
      scope,
      "Instance",
      "libvirt.waitFor",
      "waiting for an address needs a NIC: give the instance a `network` (a libvirt Network with DHCP)",
    );
  const timeout = waitFor.timeoutSeconds;
  if (timeout !== undefined && !isToken(timeout) && (!Number.isInteger(timeout) || timeout < 1)) {
    fail(
      scope,
      "Instance",
      "libvirt.waitFor.timeoutSeconds",
      `${timeout} is not a whole number of seconds of at least 1`,
    );
  }
  return { timeout, source: "lease" };
}

/** An absolute path on the host (tokens pass: they are resolved at apply). */
function checkHostPath(scope: IConstruct, prop: string, value: unknown): void {
  if (value === undefined || isToken(value)) return;
  if (typeof value !== "string" || !value.startsWith("/") || /[\n\r\0]/.test(value)) {
    fail(
      scope,
      "Instance",
      prop,
      `must be an absolute path on the host, e.g. "/var/lib/images/vmlinuz" (got ${JSON.stringify(value)})`,
    );
  }
}

/**
 * The domain's os block: always written, so that removing `kernelBoot` from the code removes the kernel from the
 * domain (an unset os block would keep what the state has); arch and machine stay libvirt's choice.
 */
function kernelBootOs(scope: IConstruct, boot: LibvirtKernelBoot | undefined): LibvirtDomainConfig["os"] {
  if (boot === undefined) return { type: "hvm" };
  if (boot.kernel === undefined)
    fail(scope, "Instance", "libvirt.kernelBoot.kernel", "is required (the kernel image on the host)");
  checkHostPath(scope, "libvirt.kernelBoot.kernel", boot.kernel);
  checkHostPath(scope, "libvirt.kernelBoot.initrd", boot.initrd);
  const cmdline = boot.cmdline;
  if (cmdline !== undefined && !isToken(cmdline) && (typeof cmdline !== "string" || /[\n\r\0]/.test(cmdline))) {
    fail(scope, "Instance", "libvirt.kernelBoot.cmdline", "must be a single line of text");
  }
  return { type: "hvm", kernel: boot.kernel, initrd: boot.initrd, cmdline: boot.cmdline };
}

/** The domain's attributes (disks are added by attach()). */
function libvirtDomainConfig(scope: IConstruct, host: LibvirtHostLike, input: DomainInput): LibvirtDomainConfig {
  const timeout = input.shutdownTimeoutSeconds;
  if (timeout !== undefined && !isToken(timeout) && (!Number.isInteger(timeout) || timeout < 0)) {
    fail(scope, "Instance", "shutdownTimeoutSeconds", `${timeout} is not a whole number of seconds`);
  }
  checkHostPath(scope, "libvirt.serialLogFile", input.serialLogFile);
  if (input.waitFor !== undefined && input.network === undefined) waitForIp(scope, input.waitFor, undefined);
  const vcpus = input.vcpus ?? 1;
  const firmware = firmwareSettings(scope, input.options.firmware);
  return {
    name: input.name,
    type: input.hypervisor,
    os: { type: "hvm", ...kernelBootOs(scope, input.kernelBoot), ...firmware.os },
    cpu: cpuSettings(scope, input.options.cpu, vcpus),
    features: firmware.features,
    memory: memoryMiB(scope, input.memory ?? "512MiB"),
    memoryUnit: "MiB",
    vcpu: vcpus,
    running: input.running,
    devices: {
      disks: [],
      interfaces: interfaces(scope, host, input, input.options.nics, waitForIp(scope, input.waitFor, input.network)),
      ...extraDevices(scope, input.options),
      consoles:
        input.serialLogFile !== undefined
          ? [{ type: "file", source: { path: input.serialLogFile }, target: { type: "serial", port: 0 } }]
          : undefined,
    },
    metadata: { xml: libvirtOwnerMetadataXml(scope) },
    update: timeout !== undefined ? { shutdown: { timeout } } : undefined,
    destroy: timeout !== undefined ? { shutdown: { timeout } } : undefined,
  };
}
