// From a planned libvirt_domain value to the driver's DomainSpec. Defaults that libvirt would otherwise guess
// badly are filled in here: a disk on a qcow2 volume is opened as qcow2 (libvirt assumes raw), memory defaults
// to 512 MiB and one vCPU.
import type {
  DirectKernelBoot,
  DiskSource,
  DomainConsoleSpec,
  DomainDiskSpec,
  DomainInterfaceSpec,
  DomainSpec,
  LibvirtClient,
  VirshCallOptions,
} from "../../../libvirt";
import { knownList, knownObject, knownString, toBytes, wholeNumber } from "../common";
import type {
  DomainConfig,
  DomainConsole,
  DomainDisk,
  DomainDiskSource,
  DomainInterface,
  DomainOs,
  DomainPlan,
} from "./schema";

const DEFAULT_MEMORY_KIB = 512 * 1024;

/** Memory in KiB from `memory` and `memory_unit` (KiB when unset); the default when memory is unset. */
export function memoryKiB(values: Pick<DomainConfig, "memory" | "memory_unit">): number {
  const memory = wholeNumber(values.memory, "memory");
  if (memory === undefined) return DEFAULT_MEMORY_KIB;
  const bytes = toBytes(memory, knownString(values.memory_unit) ?? "KiB", "memory");
  if (bytes % 1024 !== 0) throw new Error(`memory must be a whole number of KiB, got ${bytes} bytes`);
  return bytes / 1024;
}

/** The disk's source from its `source` value; undefined for an empty cdrom. */
export function diskSource(source: DomainDiskSource | undefined): DiskSource | undefined {
  const volume = knownObject(source?.volume);
  if (volume) return { type: "volume", pool: volume.pool, volume: volume.volume };
  const file = knownObject(source?.file);
  if (file) return { type: "file", file: file.file };
  const block = knownObject(source?.block);
  if (block) return { type: "block", dev: block.dev };
  return undefined;
}

/** Builds the spec; looks up the format of volumes whose disk names no driver type. */
export async function domainSpecFrom(
  planned: DomainPlan,
  client: LibvirtClient,
  call: VirshCallOptions,
): Promise<DomainSpec> {
  const os = knownObject(planned.os);
  const devices = knownObject(planned.devices);
  const disks: DomainDiskSpec[] = [];
  for (const disk of knownList(devices?.disks)) disks.push(await diskSpec(disk, client, call));
  const interfaces = knownList(devices?.interfaces).map(interfaceSpec);
  return {
    name: planned.name,
    type: planned.type,
    memoryKiB: memoryKiB(planned),
    vcpus: wholeNumber(planned.vcpu, "vcpu") ?? 1,
    arch: knownString(os?.type_arch),
    machine: knownString(os?.type_machine),
    description: knownString(planned.description),
    metadataXml: knownString(knownObject(planned.metadata)?.xml),
    disks,
    interfaces,
    kernelBoot: kernelBoot(os),
    consoles:
      devices?.consoles === null || devices?.consoles === undefined
        ? undefined
        : knownList(devices.consoles).map(consoleSpec),
  };
}

/** Direct kernel boot from os.kernel, os.initrd and os.cmdline; undefined without a kernel. */
export function kernelBoot(os: DomainOs | undefined): DirectKernelBoot | undefined {
  const kernel = knownString(os?.kernel);
  if (kernel === undefined) return undefined;
  return { kernel, initrd: knownString(os?.initrd), cmdline: knownString(os?.cmdline) };
}

export function consoleSpec(console: DomainConsole): DomainConsoleSpec {
  const path = knownString(knownObject(console.source)?.path);
  const target = knownObject(console.target);
  const type = knownString(console.type) ?? (path !== undefined ? "file" : "pty");
  return {
    type: type === "file" ? "file" : "pty",
    path,
    targetType: knownString(target?.type),
    targetPort: wholeNumber(target?.port, "devices.consoles.target.port"),
  };
}

async function diskSpec(disk: DomainDisk, client: LibvirtClient, call: VirshCallOptions): Promise<DomainDiskSpec> {
  const source = diskSource(knownObject(disk.source));
  const target = disk.target;
  let driverType = knownString(knownObject(disk.driver)?.type);
  if (driverType === undefined && source) driverType = await detectFormat(source, client, call);
  return {
    device: knownString(disk.device) === "cdrom" ? "cdrom" : "disk",
    source,
    target: { dev: target.dev, bus: knownString(target.bus) },
    driverType,
    readOnly: disk.read_only === true,
    shareable: disk.shareable === true,
    serial: knownString(disk.serial),
  };
}

/** The image format of a volume (or of a file that belongs to a pool); undefined when libvirt cannot tell. */
async function detectFormat(
  source: DiskSource,
  client: LibvirtClient,
  call: VirshCallOptions,
): Promise<string | undefined> {
  const info =
    source.type === "volume"
      ? await client.volumes.find(source.pool, source.volume, call)
      : source.type === "file"
        ? await client.volumes.findByPath(source.file, call)
        : undefined;
  const format = info?.format;
  return format === "raw" || format === "qcow2" ? format : undefined;
}

function interfaceSpec(nic: DomainInterface): DomainInterfaceSpec {
  return {
    network: nic.source.network.network,
    model: knownString(knownObject(nic.model)?.type) ?? "virtio",
    mac: knownString(knownObject(nic.mac)?.address),
  };
}
