// From a planned libvirt_domain value to the driver's DomainSpec. Defaults that libvirt would otherwise guess
// badly are filled in here: a disk on a qcow2 volume is opened as qcow2 (libvirt assumes raw), memory defaults
// to 512 MiB and one vCPU.
import type {
  DirectKernelBoot,
  DiskSource,
  DomainConsoleSpec,
  DomainDiskSpec,
  DomainInterfaceSpec,
  DomainSerialSpec,
  DomainSpec,
  LibvirtClient,
  VirshCallOptions,
  VolumeInfo,
  VolumeRef,
} from "../../../libvirt";
import type { DirectMode } from "../../../libvirt/domain-xml";
import type { DomainPlatformSpec } from "../../../libvirt/domain-platform";
import type { DomainExtraDevicesSpec } from "../../../libvirt/domain-devices";
import type { DomainCharDeviceSpec } from "../../../libvirt/domain-chardev";
import type { DomainHostdevSpec } from "../../../libvirt/domain-hostdev";
import { isUnknown } from "../../framework";
import type { Unknown } from "../../cty";
import { knownList, knownObject, knownString, toBytes, wholeNumber } from "../common";
import type {
  DomainConfig,
  DomainConsole,
  DomainDevices,
  DomainDisk,
  DomainDiskSource,
  DomainHostdev,
  DomainInterface,
  DomainOs,
  DomainPlan,
  DomainSerial,
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

/** Volumes already read (e.g. in the same virsh call as the domain lookup), by `volumeKey`; undefined when absent. */
export type KnownVolumes = ReadonlyMap<string, VolumeInfo | undefined>;

export function volumeKey(volume: VolumeRef): string {
  return `${volume.pool}/${volume.name}`;
}

/** The volumes whose format `domainSpecFrom` looks up: those of disks that name no driver type. */
export function volumesToDetect(planned: DomainPlan): VolumeRef[] {
  return knownList(knownObject(planned.devices)?.disks).flatMap((disk) => {
    const source = diskSource(knownObject(disk.source));
    if (knownString(knownObject(disk.driver)?.type) !== undefined || source?.type !== "volume") return [];
    return [{ pool: source.pool, name: source.volume }];
  });
}

/** Builds the spec; looks up the format of volumes whose disk names no driver type (unless `known` has them). */
export async function domainSpecFrom(
  planned: DomainPlan,
  client: LibvirtClient,
  call: VirshCallOptions,
  known: KnownVolumes = new Map(),
): Promise<DomainSpec> {
  const os = knownObject(planned.os);
  const devices = knownObject(planned.devices);
  const disks: DomainDiskSpec[] = [];
  for (const disk of knownList(devices?.disks)) disks.push(await diskSpec(disk, client, call, known));
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
    ...platformSpec(planned),
    ...extraDevicesSpec(devices),
    emulator: knownString(devices?.emulator),
    consoles:
      devices?.consoles === null || devices?.consoles === undefined
        ? undefined
        : knownList(devices.consoles).map(consoleSpec),
    serials:
      devices?.serials === null || devices?.serials === undefined
        ? undefined
        : knownList(devices.serials).map(serialSpec),
  };
}

/** Graphics, video, channels, RNGs, TPMs, watchdogs and the balloon; an unset list stays undefined (unmanaged). */
export function extraDevicesSpec(devices: DomainDevices | undefined): DomainExtraDevicesSpec {
  const list = <T, R>(value: readonly T[] | null | undefined | Unknown, map: (item: T) => R): R[] | undefined =>
    value === null || value === undefined || isUnknown(value) ? undefined : knownList<T>(value).map(map);
  return {
    graphics: list(devices?.graphics, (g) => {
      const vnc = knownObject(g.vnc);
      const server = vnc ?? knownObject(g.spice);
      return {
        type: vnc ? "vnc" : "spice",
        // -1 is libvirt's "pick a free port" (autoport).
        port:
          server?.port == null || isUnknown(server.port) || Number(server.port) === -1
            ? undefined
            : wholeNumber(server.port, "devices.graphics.port"),
        autoport: typeof server?.auto_port === "boolean" ? server.auto_port : undefined,
        listen: knownString(server?.listen),
        passwd: knownString(server?.passwd),
      };
    }),
    videos: list(devices?.videos, (v) => ({
      model: v.model.type,
      vram: wholeNumber(v.model.vram, "devices.videos.model.vram"),
      heads: wholeNumber(v.model.heads, "devices.videos.model.heads"),
      primary: knownString(v.model.primary),
    })),
    channels: list(devices?.channels, (c) => ({ name: c.target.virt_io.name })),
    rngs: list(devices?.rngs, (r) => ({ model: knownString(r.model), random: r.backend.random })),
    tpms: list(devices?.tpms, (t) => ({
      model: t.model,
      version: knownString(knownObject(t.backend.emulator)?.version),
    })),
    watchdogs: list(devices?.watchdogs, (w) => ({ model: w.model, action: knownString(w.action) })),
    filesystems: list(devices?.filesystems, (f) => ({
      dir: f.source.mount.dir,
      tag: f.target.dir,
      accessMode: knownString(f.access_mode),
      readOnly: f.read_only === true,
    })),
    inputs: list(devices?.inputs, (i) => ({ type: i.type, bus: knownString(i.bus) })),
    hostdevs: list(devices?.hostdevs, hostdevSpec),
    memBalloon: knownObject(devices?.mem_balloon)?.model,
  };
}

/** Firmware, boot order, CPU, features, clock and lifecycle actions; unset parts stay undefined. */
export function platformSpec(planned: DomainPlan): DomainPlatformSpec {
  const os = knownObject(planned.os);
  const loader = knownString(os?.loader);
  const nvram = knownObject(os?.nv_ram);
  const menu = knownObject(os?.boot_menu);
  const cpu = knownObject(planned.cpu);
  const topology = knownObject(cpu?.topology);
  const features = knownObject(planned.features);
  const clock = knownObject(planned.clock);
  const yesNo = (v: string | undefined) => (v === "true" ? "yes" : v === "false" ? "no" : v);
  const whole = (v: Parameters<typeof wholeNumber>[0], what: string) => wholeNumber(v, what);
  return {
    loader:
      loader === undefined
        ? undefined
        : {
            path: loader,
            readonly: yesNo(knownString(os?.loader_readonly)),
            type: knownString(os?.loader_type),
            secure: knownString(os?.loader_secure),
          },
    nvram: nvram && { path: knownString(nvram.nv_ram), template: knownString(nvram.template) },
    bootDevices: os?.boot_devices == null ? undefined : knownList(os.boot_devices).map((b) => b.dev),
    bootMenu: menu && {
      enable: menu.enable,
      timeout: menu.timeout == null ? undefined : Number(knownString(menu.timeout)),
    },
    cpu: cpu && {
      mode: knownString(cpu.mode),
      model: knownString(cpu.model),
      topology: topology && {
        sockets: whole(topology.sockets, "cpu.topology.sockets") ?? 1,
        dies: whole(topology.dies, "cpu.topology.dies"),
        clusters: whole(topology.clusters, "cpu.topology.clusters"),
        cores: whole(topology.cores, "cpu.topology.cores") ?? 1,
        threads: whole(topology.threads, "cpu.topology.threads") ?? 1,
      },
    },
    features: features && {
      acpi: features.acpi === true,
      apic: features.apic !== null && features.apic !== undefined,
      apicEoi: knownString(knownObject(features.apic)?.eoi),
      hap: features.hap == null ? undefined : (knownString(knownObject(features.hap)?.state) ?? "on"),
      pmu: features.pmu == null ? undefined : (knownString(knownObject(features.pmu)?.state) ?? "on"),
      pae: features.pae === true,
      smm: knownString(knownObject(features.smm)?.state),
    },
    clockOffset: knownString(clock?.offset),
    clockTimers:
      clock?.timer == null
        ? undefined
        : knownList(clock.timer).map((t) => {
            const c = knownObject(t.catch_up);
            return {
              name: t.name,
              track: knownString(t.track),
              tickPolicy: knownString(t.tick_policy),
              present: knownString(t.present),
              catchup: c && {
                threshold: whole(c.threshold, "clock.timer.catch_up.threshold"),
                slew: whole(c.slew, "clock.timer.catch_up.slew"),
                limit: whole(c.limit, "clock.timer.catch_up.limit"),
              },
            };
          }),
    onPoweroff: knownString(planned.on_poweroff),
    onReboot: knownString(planned.on_reboot),
    onCrash: knownString(planned.on_crash),
  };
}

/** Direct kernel boot from os.kernel, os.initrd and os.cmdline; undefined without a kernel. */
export function kernelBoot(os: DomainOs | undefined): DirectKernelBoot | undefined {
  const kernel = knownString(os?.kernel);
  if (kernel === undefined) return undefined;
  return { kernel, initrd: knownString(os?.initrd), cmdline: knownString(os?.cmdline) };
}

/** A PCI device by host address or a USB device by vendor and product (plan-time checks make it exactly one). */
export function hostdevSpec(h: DomainHostdev): DomainHostdevSpec {
  const managed = typeof h.managed === "boolean" ? h.managed : undefined;
  const pci = knownObject(knownObject(knownObject(h.subsys_pci)?.source)?.address);
  if (pci)
    return {
      type: "pci",
      domain: wholeNumber(pci.domain, "devices.hostdevs.subsys_pci.source.address.domain"),
      bus: wholeNumber(pci.bus, "devices.hostdevs.subsys_pci.source.address.bus") ?? 0,
      slot: wholeNumber(pci.slot, "devices.hostdevs.subsys_pci.source.address.slot") ?? 0,
      function: wholeNumber(pci.function, "devices.hostdevs.subsys_pci.source.address.function") ?? 0,
      managed,
    };
  const usb = knownObject(knownObject(h.subsys_usb)?.source);
  return {
    type: "usb",
    vendor: knownString(knownObject(usb?.vendor)?.id) ?? "",
    product: knownString(knownObject(usb?.product)?.id) ?? "",
    managed,
  };
}

export function consoleSpec(console: DomainConsole): DomainConsoleSpec {
  const target = knownObject(console.target);
  return {
    ...charDeviceSpec(console),
    targetType: knownString(target?.type),
    targetPort: wholeNumber(target?.port, "devices.consoles.target.port"),
  };
}

export function serialSpec(serial: DomainSerial): DomainSerialSpec {
  const target = knownObject(serial.target);
  return {
    ...charDeviceSpec(serial),
    targetType: knownString(target?.type),
    targetPort: wholeNumber(target?.port, "devices.serials.target.port"),
    targetModel: knownString(knownObject(target?.model)?.name),
  };
}

/** The host side and alias of a console or serial port; the type follows the source unless given. */
function charDeviceSpec(device: DomainConsole | DomainSerial): DomainCharDeviceSpec {
  const source = knownObject(device.source);
  const path = knownString(source?.path) ?? knownString(knownObject(source?.file)?.path);
  const tcp = knownObject(source?.tcp);
  const type = knownString(device.type) ?? (path !== undefined ? "file" : tcp !== undefined ? "tcp" : "pty");
  return {
    type: type === "file" || type === "tcp" ? type : "pty",
    path,
    tcp:
      tcp === undefined
        ? undefined
        : {
            mode: knownString(tcp.mode),
            host: knownString(tcp.host),
            service: knownString(tcp.service),
            tls: knownString(tcp.tls),
          },
    protocol: knownString(knownObject(device.protocol)?.type),
    alias: knownString(knownObject(device.alias)?.name),
  };
}

async function diskSpec(
  disk: DomainDisk,
  client: LibvirtClient,
  call: VirshCallOptions,
  known: KnownVolumes,
): Promise<DomainDiskSpec> {
  const source = diskSource(knownObject(disk.source));
  const target = disk.target;
  const driver = knownObject(disk.driver);
  let driverType = knownString(driver?.type);
  if (driverType === undefined && source) driverType = await detectFormat(source, client, call, known);
  return {
    device: knownString(disk.device) === "cdrom" ? "cdrom" : "disk",
    source,
    target: { dev: target.dev, bus: knownString(target.bus) },
    driverType,
    readOnly: disk.read_only === true,
    shareable: disk.shareable === true,
    serial: knownString(disk.serial),
    wwn: knownString(disk.wwn),
    cache: knownString(driver?.cache),
    io: knownString(driver?.io),
    discard: knownString(driver?.discard),
    bootOrder: wholeNumber(knownObject(disk.boot)?.order, "devices.disks.boot.order"),
  };
}

/** The image format of a volume (or of a file that belongs to a pool); undefined when libvirt cannot tell. */
async function detectFormat(
  source: DiskSource,
  client: LibvirtClient,
  call: VirshCallOptions,
  known: KnownVolumes,
): Promise<string | undefined> {
  const key = source.type === "volume" ? volumeKey({ pool: source.pool, name: source.volume }) : undefined;
  const info =
    key !== undefined && known.has(key)
      ? known.get(key)
      : source.type === "volume"
        ? await client.volumes.find(source.pool, source.volume, call)
        : source.type === "file"
          ? await client.volumes.findByPath(source.file, call)
          : undefined;
  const format = info?.format;
  return format === "raw" || format === "qcow2" ? format : undefined;
}

function interfaceSpec(nic: DomainInterface): DomainInterfaceSpec {
  const source = nic.source;
  const direct = knownObject(source.direct);
  const user = knownObject(source.user);
  return {
    network: knownObject(source.network)?.network,
    bridge: knownObject(source.bridge)?.bridge,
    direct: direct && { dev: direct.dev, mode: knownString(direct.mode) as DirectMode | undefined },
    user: user && { dev: knownString(user.dev) },
    model: knownString(knownObject(nic.model)?.type) ?? "virtio",
    mac: knownString(knownObject(nic.mac)?.address),
    bootOrder: wholeNumber(knownObject(nic.boot)?.order, "devices.interfaces.boot.order"),
  };
}
