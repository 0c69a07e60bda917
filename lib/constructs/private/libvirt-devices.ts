// The platform and device options of a libvirt Instance, checked (with the construct path and the prop in every
// error) and turned into the libvirt_domain's os, features, cpu and devices: firmware (BIOS/UEFI, secure boot),
// graphics, the guest agent channel, RNG, TPM, watchdog, CPU and the NICs.
import type { IConstruct } from "constructs";
import type {
  LibvirtDomainConfig,
  LibvirtDomainDevicesConfig,
  LibvirtDomainDevicesInterfaceConfig,
} from "../../bindings";
import { isToken } from "../../bindings/attributes";
import type { LibvirtCpu, LibvirtFirmware, LibvirtGraphics, LibvirtNic } from "../model/libvirt-devices";
import type { LibvirtInstanceOptions } from "../model/instance-props";
import type { INetwork } from "../model/network-props";
import { fail } from "./errors";
import type { LibvirtHostLike } from "./hosts";
import { stableMacOf } from "./stable-mac";

const KIND = "Instance";
const OVMF = "/usr/share/OVMF";

type Os = NonNullable<LibvirtDomainConfig["os"]>;

/** True for a value given in the code (a string/number literal), false for a token resolved at apply. */
const literal = (value: unknown): boolean => value !== undefined && !isToken(value);

/** One of the allowed literal values (tokens pass). */
function oneOf<T>(scope: IConstruct, prop: string, value: T | undefined, allowed: readonly T[]): void {
  if (literal(value) && !allowed.includes(value as T)) {
    fail(
      scope,
      KIND,
      prop,
      `${JSON.stringify(value)} is not one of ${allowed.map((a) => JSON.stringify(a)).join(", ")}`,
    );
  }
}

function absolutePath(scope: IConstruct, prop: string, value: unknown): void {
  if (literal(value) && (typeof value !== "string" || !value.startsWith("/") || /[\n\r\0]/.test(value)))
    fail(scope, KIND, prop, `must be an absolute path on the host (got ${JSON.stringify(value)})`);
}

function wholeNumber(scope: IConstruct, prop: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER) {
  if (literal(value) && (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max))
    fail(scope, KIND, prop, `${JSON.stringify(value)} is not a whole number from ${min} to ${max}`);
}

/** The firmware's os settings and features: the `os` block gets them merged in; undefined firmware adds nothing. */
export function firmwareSettings(
  scope: IConstruct,
  firmware: LibvirtFirmware | undefined,
): { os: Partial<Omit<Os, "type">>; features?: LibvirtDomainConfig["features"] } {
  if (firmware === undefined) return { os: {} };
  const spec = typeof firmware === "string" ? { type: firmware } : firmware;
  if (typeof spec !== "object" || spec === null)
    fail(scope, KIND, "libvirt.firmware", `must be "bios", "uefi" or { type: "uefi", secureBoot? }`);
  oneOf(scope, "libvirt.firmware.type", spec.type, ["bios", "uefi"]);
  if (spec.type === "bios") {
    for (const prop of ["secureBoot", "loader", "nvramTemplate"]) {
      if ((spec as { [key: string]: unknown })[prop] !== undefined)
        fail(scope, KIND, `libvirt.firmware.${prop}`, `needs UEFI firmware: write \`firmware: { type: "uefi", … }\``);
    }
    return { os: {}, features: { acpi: true, apic: {} } };
  }
  const uefi = spec as Exclude<LibvirtFirmware, string> & {
    secureBoot?: boolean;
    loader?: string;
    nvramTemplate?: string;
  };
  if (uefi.secureBoot !== undefined && typeof uefi.secureBoot !== "boolean")
    fail(scope, KIND, "libvirt.firmware.secureBoot", "must be true or false");
  const secure = uefi.secureBoot === true;
  absolutePath(scope, "libvirt.firmware.loader", uefi.loader);
  absolutePath(scope, "libvirt.firmware.nvramTemplate", uefi.nvramTemplate);
  return {
    os: {
      // Secure boot needs q35 (SMM); plain UEFI gets it too so that switching secure boot on changes no machine.
      typeMachine: "q35",
      loader: uefi.loader ?? `${OVMF}/${secure ? "OVMF_CODE_4M.secboot.fd" : "OVMF_CODE_4M.fd"}`,
      loaderReadonly: "yes",
      loaderType: "pflash",
      loaderSecure: secure ? "yes" : undefined,
      nvRam: { template: uefi.nvramTemplate ?? `${OVMF}/${secure ? "OVMF_VARS_4M.ms.fd" : "OVMF_VARS_4M.fd"}` },
    },
    // Written as a whole once firmware is chosen, so turning secure boot off turns SMM off again.
    features: { acpi: true, apic: {}, ...(secure ? { smm: { state: "on" } } : {}) },
  };
}

/** The cpu block: mode, model and a topology whose product is the domain's vCPUs. */
export function cpuSettings(scope: IConstruct, cpu: LibvirtCpu | undefined, vcpus: number): LibvirtDomainConfig["cpu"] {
  if (cpu === undefined) return undefined;
  if (typeof cpu !== "object" || cpu === null) fail(scope, KIND, "libvirt.cpu", "must be { mode?, model?, topology? }");
  oneOf(scope, "libvirt.cpu.mode", cpu.mode, ["host-passthrough", "host-model", "custom", "maximum"]);
  if (cpu.model !== undefined && cpu.mode !== "custom")
    fail(scope, KIND, "libvirt.cpu.model", `a CPU model needs \`mode: "custom"\``);
  if (cpu.mode === "custom" && cpu.model === undefined)
    fail(scope, KIND, "libvirt.cpu.model", `is required with \`mode: "custom"\`, e.g. "qemu64"`);
  const topology = cpu.topology;
  if (topology !== undefined) {
    for (const part of ["sockets", "cores", "threads"] as const)
      wholeNumber(scope, `libvirt.cpu.topology.${part}`, topology[part], 1, 4096);
    const product = topology.sockets * topology.cores * topology.threads;
    if ([topology.sockets, topology.cores, topology.threads].every(literal) && literal(vcpus) && product !== vcpus) {
      fail(
        scope,
        KIND,
        "libvirt.cpu.topology",
        `gives ${product} vCPUs (sockets × cores × threads) but the instance has vcpus ${vcpus}`,
      );
    }
  }
  return { mode: cpu.mode, model: cpu.model, topology };
}

/** The graphics and video devices of `libvirt: { graphics }`. */
function graphicsDevices(scope: IConstruct, graphics: LibvirtGraphics): Partial<LibvirtDomainDevicesConfig> {
  if (typeof graphics !== "object" || graphics === null)
    fail(scope, KIND, "libvirt.graphics", `must be { type: "vnc" | "spice", listen?, port?, password? }`);
  oneOf(scope, "libvirt.graphics.type", graphics.type, ["vnc", "spice"]);
  const { listen, port, password, video } = graphics;
  if (literal(listen) && (typeof listen !== "string" || !/^[0-9A-Fa-f.:]+$/.test(listen)))
    fail(scope, KIND, "libvirt.graphics.listen", `${JSON.stringify(listen)} is not an IP address, e.g. "127.0.0.1"`);
  wholeNumber(scope, "libvirt.graphics.port", port, 5900, 65535);
  if (literal(password)) {
    if (typeof password !== "string" || password === "" || /[\n\r\0]/.test(password))
      fail(scope, KIND, "libvirt.graphics.password", "must be a non-empty single line");
    if (graphics.type === "vnc" && password.length > 8)
      fail(scope, KIND, "libvirt.graphics.password", `VNC passwords are at most 8 characters (got ${password.length})`);
  }
  oneOf(scope, "libvirt.graphics.video", video, ["vga", "cirrus", "virtio", "qxl", "bochs", "ramfb"]);
  const server = { port, listen, passwd: password };
  return {
    graphics: [graphics.type === "vnc" ? { vnc: server } : { spice: server }],
    videos: video !== undefined ? [{ model: { type: video } }] : undefined,
  };
}

/** A device option that is `true` (its defaults), `false`/unset (none) or its settings. */
function device<T extends object>(scope: IConstruct, name: string, value: boolean | T | undefined): T | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return {} as T;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    fail(scope, KIND, `libvirt.${name}`, "must be true, false or an object of its settings");
  return value;
}

/** The devices of graphics, guest agent, RNG, TPM and watchdog (keys left undefined are not written). */
export function extraDevices(
  scope: IConstruct,
  options: Partial<LibvirtInstanceOptions>,
): Partial<LibvirtDomainDevicesConfig> {
  const devices: { -readonly [K in keyof LibvirtDomainDevicesConfig]?: LibvirtDomainDevicesConfig[K] } = {};
  if (options.graphics !== undefined) Object.assign(devices, graphicsDevices(scope, options.graphics));
  if (options.guestAgent !== undefined && typeof options.guestAgent !== "boolean")
    fail(scope, KIND, "libvirt.guestAgent", "must be true or false");
  if (options.guestAgent === true)
    devices.channels = [{ source: { unix: {} }, target: { virtIo: { name: "org.qemu.guest_agent.0" } } }];
  const rng = device(scope, "rng", options.rng);
  if (rng !== undefined) {
    oneOf(scope, "libvirt.rng.source", rng.source, ["/dev/urandom", "/dev/random", "/dev/hwrng"]);
    devices.rngs = [{ model: "virtio", backend: { random: rng.source ?? "/dev/urandom" } }];
  }
  const tpm = device(scope, "tpm", options.tpm);
  if (tpm !== undefined) {
    oneOf(scope, "libvirt.tpm.model", tpm.model, ["tpm-crb", "tpm-tis"]);
    oneOf(scope, "libvirt.tpm.version", tpm.version, ["2.0", "1.2"]);
    if (tpm.version === "1.2" && tpm.model !== "tpm-tis")
      fail(scope, KIND, "libvirt.tpm.version", `TPM 1.2 needs \`model: "tpm-tis"\``);
    devices.tpms = [{ model: tpm.model ?? "tpm-crb", backend: { emulator: { version: tpm.version ?? "2.0" } } }];
  }
  const watchdog = device(scope, "watchdog", options.watchdog);
  if (watchdog !== undefined) {
    oneOf(scope, "libvirt.watchdog.model", watchdog.model, ["i6300esb", "ib700", "itco"]);
    oneOf(scope, "libvirt.watchdog.action", watchdog.action, [
      "reset",
      "shutdown",
      "poweroff",
      "pause",
      "none",
      "dump",
      "inject-nmi",
    ]);
    devices.watchdogs = [{ model: watchdog.model ?? "i6300esb", action: watchdog.action ?? "reset" }];
  }
  return devices;
}

/** Host interface names (bridges, NICs): at most 15 characters, no slash or space. */
const INTERFACE_NAME = /^[A-Za-z0-9_.:-]{1,15}$/;

function interfaceName(scope: IConstruct, prop: string, value: unknown): void {
  if (literal(value) && (typeof value !== "string" || !INTERFACE_NAME.test(value)))
    fail(scope, KIND, prop, `${JSON.stringify(value)} is not a host interface name, e.g. "br0"`);
}

/** The source of one NIC of `libvirt: { nics }`, checked: exactly one kind, on this host. */
function nicSource(
  scope: IConstruct,
  host: LibvirtHostLike,
  prop: string,
  nic: LibvirtNic,
): LibvirtDomainDevicesInterfaceConfig["source"] {
  const kinds = (["network", "bridge", "direct", "user"] as const).filter(
    (k) => nic?.[k] !== undefined && nic[k] !== false,
  );
  if (kinds.length !== 1) fail(scope, KIND, prop, "needs exactly one of `network`, `bridge`, `direct` and `user`");
  switch (kinds[0]) {
    case "network":
      if (nic.network!.host !== host)
        fail(scope, KIND, `${prop}.network`, `the network "${nic.network!.node.path}" is on another host`);
      return { network: { network: nic.network!.networkName } };
    case "bridge":
      interfaceName(scope, `${prop}.bridge`, nic.bridge);
      return { bridge: { bridge: nic.bridge! } };
    case "direct":
      interfaceName(scope, `${prop}.direct.dev`, nic.direct!.dev);
      oneOf(scope, `${prop}.direct.mode`, nic.direct!.mode, ["vepa", "bridge", "private", "passthrough"]);
      return { direct: { dev: nic.direct!.dev, mode: nic.direct!.mode } };
    default:
      if (nic.user !== true) fail(scope, KIND, `${prop}.user`, "must be true");
      return { user: {} };
  }
}

/**
 * The domain's NICs: the `network` prop's first, then `libvirt: { nics }`. With a stable MAC (`mac`, the first NIC's)
 * every further NIC gets its own, derived from "<construct path>/nic<N>", whatever it is plugged into.
 */
export function interfaces(
  scope: IConstruct,
  host: LibvirtHostLike,
  input: { readonly network?: INetwork; readonly mac?: string },
  nics: readonly LibvirtNic[] | undefined,
  waitForIp: LibvirtDomainDevicesInterfaceConfig["waitForIp"],
): LibvirtDomainDevicesInterfaceConfig[] | undefined {
  if (nics !== undefined && !Array.isArray(nics)) fail(scope, KIND, "libvirt.nics", "must be a list of NICs");
  const all: LibvirtDomainDevicesInterfaceConfig[] = [];
  if (input.network)
    all.push({ model: { type: "virtio" }, source: { network: { network: input.network.networkName } } });
  (nics ?? []).forEach((nic, i) => {
    const prop = `libvirt.nics[${i}]`;
    if (typeof nic !== "object" || nic === null)
      fail(scope, KIND, prop, 'must be a NIC object, e.g. { bridge: "br0" }');
    oneOf(scope, `${prop}.model`, nic?.model, ["virtio", "e1000", "e1000e", "rtl8139"]);
    all.push({ model: { type: nic.model ?? "virtio" }, source: nicSource(scope, host, prop, nic) });
  });
  if (all.length === 0) return undefined;
  return all.map((nic, i) => {
    const mac = input.mac === undefined ? undefined : i === 0 ? input.mac : stableMacOf(`${scope.node.path}/nic${i}`);
    const wait = i === 0 && input.network ? waitForIp : undefined;
    return { model: nic.model, source: nic.source, mac: mac ? { address: mac } : undefined, waitForIp: wait };
  });
}
