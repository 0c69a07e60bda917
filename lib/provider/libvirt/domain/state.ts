// From what libvirt reports to libvirt_domain state. libvirt normalises what it stores (memory in KiB, "pc" →
// "pc-i440fx-7.2", disks sorted by bus and name, metadata re-indented); the user's spelling is kept wherever
// it means the same thing, so a plan after apply is empty.
import type { DomainConsoleInfo, DomainDiskInfo, DomainInfo, DomainInterfaceInfo } from "../../../libvirt";
import type { DomainPlatformInfo, DomainTimerSpec } from "../../../libvirt/domain-platform";
import type { DomainExtraDevicesInfo } from "../../../libvirt/domain-devices";
import type { Known } from "../../framework";
import { sameXmlContent } from "../../../libvirt/metadata";
import { fromBytes, knownList, knownObject, knownString } from "../common";
import type {
  DomainConsole,
  DomainDevices,
  DomainHostdev,
  DomainInterface,
  DomainPlan,
  DomainSerial,
  DomainState,
} from "./schema";
import { USER_ALIAS_PREFIX } from "../../../libvirt/domain-chardev";
import type { DomainHostdevSpec } from "../../../libvirt/domain-hostdev";

type DevicesState = NonNullable<DomainState["devices"]>;
type Part<T> = NonNullable<Known<T>>;
type DiskState = NonNullable<DevicesState["disks"]>[number];
type InterfaceState = NonNullable<DevicesState["interfaces"]>[number];
type ConsoleState = NonNullable<DevicesState["consoles"]>[number];
type SerialState = NonNullable<DevicesState["serials"]>[number];
type HostdevState = NonNullable<DevicesState["hostdevs"]>[number];
type TimerState = NonNullable<NonNullable<DomainState["clock"]>["timer"]>[number];
type InputState = NonNullable<DevicesState["inputs"]>[number];

/** Machine-type aliases libvirt expands to a versioned canonical name. */
const MACHINE_ALIASES: Readonly<Record<string, string>> = { pc: "pc-i440fx-", q35: "pc-q35-" };

/** The configured machine type when libvirt's is its expansion (e.g. "q35" for "pc-q35-7.2"). */
export function machineState(live: string | undefined, known: string | undefined): string | null {
  if (live === undefined) return known ?? null;
  if (known === undefined || known === live) return live;
  const prefix = MACHINE_ALIASES[known] ?? `${known}-`;
  return live.startsWith(prefix) ? known : live;
}

/** The IPv4 addresses each MAC (lower case) holds, from the DHCP leases of the domain's networks. */
export type AddressesByMac = ReadonlyMap<string, readonly string[]>;

/**
 * `known` is what the configuration and the prior state say. Optional attributes it leaves null stay null, as in
 * the official provider; a state from importState holds nothing but the name, so then everything is read.
 */
export function domainState(info: DomainInfo, known: DomainPlan, addresses: AddressesByMac = new Map()): DomainState {
  // A state from importState holds nothing but the name (its type, required in configuration, is null too).
  const imported = known.type === null || known.type === undefined;
  const unset = (key: "memory" | "vcpu" | "autostart" | "os") =>
    !imported && (known[key] === null || known[key] === undefined);
  const memoryUnit = knownString(known.memory_unit) ?? (imported ? "KiB" : undefined);
  const memory = fromBytes(info.memoryKiB * 1024, memoryUnit ?? "KiB", "KiB");
  const knownOs = knownObject(known.os);
  const knownMetadata = knownString(knownObject(known.metadata)?.xml);
  return {
    name: info.name,
    type: info.type,
    description: info.description ?? (known.description === "" ? "" : null),
    memory: unset("memory") ? null : memory.value,
    memory_unit: memoryUnit === undefined ? null : memory.unit,
    vcpu: unset("vcpu") ? null : info.vcpus,
    running: info.active,
    autostart: unset("autostart") ? null : info.autostart,
    os: unset("os")
      ? null
      : {
          type: info.osType ?? "hvm",
          type_arch: info.arch ?? knownString(knownOs?.type_arch) ?? null,
          type_machine: machineState(info.machine, knownString(knownOs?.type_machine)),
          kernel: info.kernel ?? null,
          initrd: info.initrd ?? null,
          cmdline: info.cmdline ?? null,
          ...firmwareState(info.platform, knownOs),
        },
    ...platformState(info.platform, known),
    devices: devicesState(info, knownObject(known.devices), addresses),
    metadata:
      info.metadataXml === undefined || info.metadataXml === ""
        ? null
        : {
            xml:
              knownMetadata !== undefined && sameXmlContent(knownMetadata, info.metadataXml)
                ? knownMetadata
                : info.metadataXml,
          },
    update: knownObject(known.update) ?? null,
    destroy: knownObject(known.destroy) ?? null,
    uuid: info.uuid ?? null,
    id: info.uuid ?? null,
  };
}

type OsState = NonNullable<DomainState["os"]>;

/** Spelling the configuration used when libvirt's value means the same ("true" for "yes"). */
function sameFlag(live: string | undefined, known: string | null | undefined): string | null {
  if (live === undefined) return null;
  const norm = (v: string) => (v === "true" ? "yes" : v === "false" ? "no" : v);
  return typeof known === "string" && norm(known) === norm(live) ? known : live;
}

function firmwareState(
  platform: DomainPlatformInfo,
  knownOs: Part<DomainPlan["os"]> | undefined,
): Pick<
  OsState,
  "loader" | "loader_readonly" | "loader_type" | "loader_secure" | "nv_ram" | "boot_devices" | "boot_menu"
> {
  const loader = platform.loader;
  const menu = platform.bootMenu;
  const knownMenuTimeout = knownString(knownObject(knownOs?.boot_menu)?.timeout);
  return {
    loader: loader?.path ?? null,
    loader_readonly: sameFlag(loader?.readonly, knownString(knownOs?.loader_readonly)),
    loader_type: loader?.type ?? null,
    // libvirt writes secure='no' only when told: an unset secure flag and "no" mean the same.
    loader_secure:
      loader?.secure === undefined || (loader.secure === "no" && knownOs?.loader_secure == null) ? null : loader.secure,
    nv_ram: platform.nvram ? { nv_ram: platform.nvram.path ?? null, template: platform.nvram.template ?? null } : null,
    // Reported only when configured (an import too): libvirt adds <boot dev='hd'/> to a domain without a boot order,
    // and a value the configuration does not set would plan a restart for nothing.
    boot_devices:
      platform.bootDevices.length === 0 || (knownOs?.boot_devices ?? null) === null
        ? null
        : platform.bootDevices.map((dev) => ({ dev })),
    boot_menu:
      menu && (knownOs?.boot_menu ?? null) !== null
        ? {
            enable: menu.enable,
            timeout:
              menu.timeout === undefined
                ? null
                : knownMenuTimeout !== undefined && Number(knownMenuTimeout) === menu.timeout
                  ? knownMenuTimeout
                  : String(menu.timeout),
          }
        : null,
  };
}

/** Present flags are true; absent ones false when the configuration says false, else null. */
function flag(present: boolean | undefined, known: boolean | null | undefined): boolean | null {
  return present === true ? true : known === false ? false : null;
}

function platformState(
  platform: DomainPlatformInfo,
  known: DomainPlan,
): Pick<DomainState, "cpu" | "features" | "clock" | "on_poweroff" | "on_reboot" | "on_crash"> {
  // Only when configured, an import included: a value the configuration does not set would be planned and written
  // back in this provider's spelling (libvirt's extra attributes lost) for nothing.
  const managed = (key: "cpu" | "features" | "clock" | "on_poweroff" | "on_reboot" | "on_crash") =>
    known[key] !== null && known[key] !== undefined;
  const cpu = platform.cpu;
  const knownFeatures = knownObject(known.features);
  const f = platform.features;
  return {
    cpu:
      managed("cpu") && cpu
        ? {
            mode: cpu.mode ?? null,
            model: cpu.model ?? null,
            topology: cpu.topology
              ? {
                  sockets: cpu.topology.sockets,
                  dies:
                    cpu.topology.dies === 1 && knownObject(knownObject(known.cpu)?.topology)?.dies == null
                      ? null
                      : (cpu.topology.dies ?? null),
                  clusters:
                    cpu.topology.clusters === 1 && knownObject(knownObject(known.cpu)?.topology)?.clusters == null
                      ? null
                      : (cpu.topology.clusters ?? null),
                  cores: cpu.topology.cores,
                  threads: cpu.topology.threads,
                }
              : null,
          }
        : null,
    features:
      managed("features") && f
        ? {
            acpi: flag(f.acpi, knownFeatures?.acpi as boolean | null | undefined),
            apic: f.apic === true ? { eoi: f.apicEoi ?? null } : null,
            hap: onOffState(f.hap, knownObject(knownFeatures?.hap)?.state),
            pmu: onOffState(f.pmu, knownObject(knownFeatures?.pmu)?.state),
            pae: flag(f.pae, knownFeatures?.pae as boolean | null | undefined),
            smm: f.smm === undefined ? null : { state: f.smm },
          }
        : null,
    clock:
      managed("clock") && platform.clockOffset !== undefined
        ? {
            offset: platform.clockOffset,
            timer: (knownObject(known.clock)?.timer ?? null) === null ? null : platform.clockTimers.map(timerState),
          }
        : null,
    on_poweroff: managed("on_poweroff") ? (platform.onPoweroff ?? null) : null,
    on_reboot: managed("on_reboot") ? (platform.onReboot ?? null) : null,
    on_crash: managed("on_crash") ? (platform.onCrash ?? null) : null,
  };
}

/** `hap = {}` and `pmu = {}` mean "on", which libvirt reports as such: the configured null stays. */
function onOffState(live: string | undefined, known: string | null | undefined): { state: string | null } | null {
  if (live === undefined) return null;
  return { state: (known ?? null) === null && live === "on" ? null : live };
}

function timerState(timer: DomainTimerSpec): TimerState {
  const c = timer.catchup;
  return {
    name: timer.name,
    track: timer.track ?? null,
    tick_policy: timer.tickPolicy ?? null,
    present: timer.present ?? null,
    catch_up: c ? { threshold: c.threshold ?? null, slew: c.slew ?? null, limit: c.limit ?? null } : null,
  };
}

/** libvirt adds a PS/2 mouse and keyboard to x86 machines: listed only when the configuration lists them. */
function inputsState(live: DomainExtraDevicesInfo["inputs"], known: DomainDevices | undefined): InputState[] {
  const configured = knownList(known?.inputs).map((i) => ({ type: i.type, bus: knownString(i.bus) }));
  return live
    .filter((i) => i.bus !== "ps2" || configured.some((k) => k.type === i.type && k.bus === "ps2"))
    .map((i) => ({ type: i.type, bus: i.bus ?? null }));
}

function devicesState(
  info: DomainInfo,
  known: DomainDevices | undefined,
  addresses: AddressesByMac,
): DevicesState | null {
  const knownDisks = knownList(known?.disks);
  // libvirt keeps disks sorted by bus and device name: put them back in the configured order.
  const order = new Map(knownDisks.map((d, i) => [d.target.dev, i]));
  const disks = [...info.disks]
    .sort((a, b) => (order.get(a.target.dev) ?? order.size) - (order.get(b.target.dev) ?? order.size))
    .map(diskState);
  const knownInterfaces = knownList(known?.interfaces);
  const interfaces = info.interfaces.map((nic, i) => interfaceState(nic, knownInterfaces[i], addresses));
  // Consoles are managed only when configured: a domain always has some (libvirt adds a serial one to many).
  const consolesManaged = known !== undefined && known.consoles !== null && known.consoles !== undefined;
  const serialsManaged = known !== undefined && known.serials !== null && known.serials !== undefined;
  if (disks.length === 0 && interfaces.length === 0 && !known) return null;
  return {
    disks: disks.length === 0 && (known?.disks === null || known?.disks === undefined) ? null : disks,
    interfaces:
      interfaces.length === 0 && (known?.interfaces === null || known?.interfaces === undefined) ? null : interfaces,
    consoles: consolesManaged ? info.consoles.map((c, i) => consoleState(c, knownList(known.consoles)[i])) : null,
    serials: serialsManaged ? info.serials.map((c, i) => serialState(c, knownList(known.serials)[i])) : null,
    emulator: (known?.emulator ?? null) === null ? null : (info.emulator ?? null),
    ...extraDevicesState(info.extraDevices, known),
  };
}

type ExtraKey =
  | "graphics"
  | "videos"
  | "channels"
  | "rngs"
  | "tpms"
  | "watchdogs"
  | "filesystems"
  | "inputs"
  | "hostdevs"
  | "mem_balloon";

/** Each kind only when configured: libvirt adds a video card, a balloon and more to domains by itself. */
function extraDevicesState(
  live: DomainExtraDevicesInfo,
  known: DomainDevices | undefined,
): Pick<DevicesState, ExtraKey> {
  const managed = (key: ExtraKey) => known !== undefined && known[key] !== null && known[key] !== undefined;
  const knownGraphics = knownList(known?.graphics);
  return {
    graphics: managed("graphics")
      ? live.graphics.map((g, i) => {
          const knownServer = knownObject(knownObject(knownGraphics[i])?.[g.type]);
          // The password is hidden from a plain dumpxml: the configured one stands.
          const server = {
            port: g.port ?? null,
            auto_port: g.autoport ?? null,
            listen: g.listen ?? null,
            passwd: g.passwd ?? knownString(knownServer?.passwd) ?? null,
          };
          return { vnc: g.type === "vnc" ? server : null, spice: g.type === "spice" ? server : null };
        })
      : null,
    videos: managed("videos")
      ? live.videos.map((v, i) => ({
          model: {
            type: v.model,
            vram: v.vram ?? null,
            heads: v.heads ?? null,
            // libvirt marks the first of several cards primary by itself.
            primary:
              i === 0 && v.primary === "yes" && knownObject(knownList(known?.videos)[0]?.model)?.primary == null
                ? null
                : (v.primary ?? null),
          },
        }))
      : null,
    channels: managed("channels")
      ? live.channels.map((c) => ({ source: { unix: {} }, target: { virt_io: { name: c.name } } }))
      : null,
    rngs: managed("rngs") ? live.rngs.map((r) => ({ model: r.model ?? null, backend: { random: r.random } })) : null,
    tpms: managed("tpms")
      ? live.tpms.map((t) => ({ model: t.model, backend: { emulator: { version: t.version ?? null } } }))
      : null,
    watchdogs: managed("watchdogs") ? live.watchdogs.map((w) => ({ model: w.model, action: w.action ?? null })) : null,
    filesystems: managed("filesystems")
      ? live.filesystems.map((f) => ({
          access_mode: f.accessMode ?? null,
          source: { mount: { dir: f.dir } },
          target: { dir: f.tag },
          read_only: f.readOnly === true,
        }))
      : null,
    inputs: managed("inputs") ? inputsState(live.inputs, known) : null,
    hostdevs: managed("hostdevs") ? live.hostdevs.map((h, i) => hostdevState(h, knownList(known?.hostdevs)[i])) : null,
    mem_balloon: managed("mem_balloon") && live.memBalloon !== undefined ? { model: live.memBalloon } : null,
  };
}

/** An unset managed flag or PCI domain stays unset (libvirt writes its defaults). */
function hostdevState(h: DomainHostdevSpec, known: DomainHostdev | undefined): HostdevState {
  const managed = known?.managed === null || known?.managed === undefined ? null : (h.managed ?? false);
  if (h.type === "pci") {
    const knownDomain = knownObject(knownObject(knownObject(known?.subsys_pci)?.source)?.address)?.domain;
    const domain = knownDomain === null || knownDomain === undefined ? null : (h.domain ?? 0);
    return {
      managed,
      subsys_pci: { source: { address: { domain, bus: h.bus, slot: h.slot, function: h.function } } },
      subsys_usb: null,
    };
  }
  return {
    managed,
    subsys_pci: null,
    subsys_usb: { source: { vendor: { id: h.vendor }, product: { id: h.product } } },
  };
}

function consoleState(console: DomainConsoleInfo, known: DomainConsole | undefined): ConsoleState {
  return {
    ...charDeviceState(console, known),
    target: { type: console.targetType ?? null, port: console.targetPort ?? null },
  };
}

function serialState(serial: DomainConsoleInfo, known: DomainSerial | undefined): SerialState {
  return {
    ...charDeviceState(serial, known),
    target: {
      type: serial.targetType ?? null,
      port: serial.targetPort ?? null,
      model: serial.targetModel === undefined ? null : { name: serial.targetModel },
    },
  };
}

function charDeviceState(device: DomainConsoleInfo, known: DomainConsole | DomainSerial | undefined) {
  // source.file.path is the official provider's spelling of source.path: the configured one is kept.
  const knownSource = knownObject(known?.source);
  const asFile = knownObject(knownSource?.file) !== undefined;
  const knownTcp = knownObject(knownSource?.tcp);
  const tcp = device.tcp;
  const file =
    device.path === undefined ? null : asFile ? { path: null, file: { path: device.path }, tcp: null } : null;
  return {
    type: device.type,
    source:
      tcp !== undefined
        ? {
            path: null,
            file: null,
            tcp: {
              // libvirt writes the mode it defaults to; unset stays unset.
              mode: knownTcp?.mode === null || knownTcp?.mode === undefined ? null : (tcp.mode ?? null),
              host: tcp.host ?? null,
              service: tcp.service ?? "",
              tls: knownTcp?.tls === null || knownTcp?.tls === undefined ? null : (tcp.tls ?? null),
            },
          }
        : device.path === undefined
          ? null
          : (file ?? { path: device.path, file: null, tcp: null }),
    protocol: device.protocol === undefined ? null : { type: device.protocol },
    alias: aliasState(device.alias, knownString(knownObject(known?.alias)?.name)),
  };
}

/**
 * libvirt stores only user aliases ("ua-..."): one it reports is the device's; any other configured name is kept as
 * configured (libvirt names the device itself, e.g. serial0, while the domain runs).
 */
function aliasState(live: string | undefined, configured: string | undefined): { name: string } | null {
  if (live?.startsWith(USER_ALIAS_PREFIX) === true) return { name: live };
  return configured === undefined ? null : { name: configured };
}

function diskState(disk: DomainDiskInfo): DiskState {
  const s = disk.source;
  return {
    device: disk.device,
    source: s
      ? {
          volume: s.type === "volume" ? { pool: s.pool, volume: s.volume } : null,
          file: s.type === "file" ? { file: s.file } : null,
          block: s.type === "block" ? { dev: s.dev } : null,
        }
      : null,
    target: { dev: disk.target.dev, bus: disk.target.bus ?? null },
    driver: {
      type: disk.driverType ?? null,
      cache: disk.cache ?? null,
      io: disk.io ?? null,
      discard: disk.discard ?? null,
    },
    read_only: disk.readOnly,
    shareable: disk.shareable,
    serial: disk.serial ?? null,
    wwn: disk.wwn ?? null,
    boot: disk.bootOrder !== undefined ? { order: disk.bootOrder } : null,
  };
}

function interfaceSourceState(nic: DomainInterfaceInfo, known: DomainInterface["source"] | undefined) {
  const knownUser = knownObject(known?.user);
  return {
    network: nic.type === "network" && nic.network !== undefined ? { network: nic.network } : null,
    bridge: nic.type === "bridge" && nic.source !== undefined ? { bridge: nic.source } : null,
    direct: nic.type === "direct" && nic.source !== undefined ? { dev: nic.source, mode: nic.mode ?? null } : null,
    // A passt interface with no configured dev may be reported with the one libvirt chose: keep the configured null.
    user: nic.type === "user" ? { dev: knownUser && knownUser.dev === null ? null : (nic.source ?? null) } : null,
  };
}

function interfaceState(
  nic: DomainInterfaceInfo,
  known: DomainInterface | undefined,
  addresses: AddressesByMac,
): InterfaceState {
  return {
    type: nic.type,
    model: nic.model ? { type: nic.model } : null,
    source: interfaceSourceState(nic, knownObject(known?.source)),
    mac: { address: nic.mac ?? null },
    boot: nic.bootOrder !== undefined ? { order: nic.bootOrder } : null,
    wait_for_ip: knownObject(known?.wait_for_ip) ?? null,
    addresses: [...(addresses.get(nic.mac?.toLowerCase() ?? "") ?? [])],
  };
}
