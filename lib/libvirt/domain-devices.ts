// Devices beyond disks, interfaces and consoles (formatdomain.html "Devices"): graphical framebuffers (VNC, SPICE),
// video cards, channels (the QEMU guest agent's), random number generators, TPMs, watchdogs and the memory balloon.
// Each kind is managed only when the spec lists it; built from a spec, read back from dumpxml.
import { attr, child, children, el } from "./xml";
import type { XmlElement, XmlNode } from "./xml";
import { hostdevElement, parseHostdev } from "./domain-hostdev";
import type { DomainHostdevSpec } from "./domain-hostdev";

export interface DomainGraphicsSpec {
  /** "vnc" or "spice". */
  readonly type: "vnc" | "spice";
  /** TCP port; -1 with autoport. @default autoport */
  readonly port?: number;
  readonly autoport?: boolean;
  /** Address the server listens on. @default libvirt's (qemu.conf vnc_listen / spice_listen) */
  readonly listen?: string;
  /** Password clients must give. @default none */
  readonly passwd?: string;
}

export interface DomainVideoSpec {
  /** vga, cirrus, virtio, qxl, bochs, ramfb, none. */
  readonly model: string;
  readonly vram?: number;
  readonly heads?: number;
  /** "yes" for the primary card. @default the first card */
  readonly primary?: string;
}

/** A tablet, mouse or keyboard (<input>). */
export interface DomainInputSpec {
  /** tablet, mouse, keyboard. */
  readonly type: string;
  /** usb, virtio, ps2. @default libvirt's */
  readonly bus?: string;
}

/** A virtio-serial channel with a UNIX socket on the host, e.g. the QEMU guest agent's (org.qemu.guest_agent.0). */
export interface DomainChannelSpec {
  readonly name: string;
}

export interface DomainRngSpec {
  /** @default "virtio" */
  readonly model?: string;
  /** Host entropy source, e.g. /dev/urandom. */
  readonly random: string;
}

export interface DomainTpmSpec {
  /** "tpm-crb" or "tpm-tis". */
  readonly model: string;
  /** An emulated TPM (swtpm); "2.0" or "1.2". @default libvirt's */
  readonly version?: string;
}

export interface DomainWatchdogSpec {
  /** i6300esb, ib700, diag288, itco. */
  readonly model: string;
  /** reset, shutdown, poweroff, pause, none, dump, inject-nmi. @default reset */
  readonly action?: string;
}

/** A host directory shared with the guest over 9p (mount -t 9p -o trans=virtio <tag> /mnt). */
export interface DomainFilesystemSpec {
  /** Host directory. */
  readonly dir: string;
  /** Mount tag the guest uses. */
  readonly tag: string;
  /** passthrough, mapped or squash. @default passthrough */
  readonly accessMode?: string;
  readonly readOnly?: boolean;
}

/** Device lists; an undefined one is left as libvirt has it. */
export interface DomainExtraDevicesSpec {
  readonly graphics?: readonly DomainGraphicsSpec[];
  readonly videos?: readonly DomainVideoSpec[];
  readonly channels?: readonly DomainChannelSpec[];
  readonly rngs?: readonly DomainRngSpec[];
  readonly tpms?: readonly DomainTpmSpec[];
  readonly watchdogs?: readonly DomainWatchdogSpec[];
  readonly filesystems?: readonly DomainFilesystemSpec[];
  readonly inputs?: readonly DomainInputSpec[];
  /** PCI and USB devices of the host passed through to the guest. */
  readonly hostdevs?: readonly DomainHostdevSpec[];
  /** The memory balloon's model (virtio, none, ...). */
  readonly memBalloon?: string;
}

/** What each spec field manages: the <devices> children of that name. */
export const EXTRA_DEVICE_ELEMENTS: Readonly<Record<keyof DomainExtraDevicesSpec, string>> = {
  graphics: "graphics",
  videos: "video",
  channels: "channel",
  rngs: "rng",
  tpms: "tpm",
  watchdogs: "watchdog",
  filesystems: "filesystem",
  inputs: "input",
  hostdevs: "hostdev",
  memBalloon: "memballoon",
};

/** The devices as read back: every list (empty when there are none). */
export interface DomainExtraDevicesInfo {
  readonly graphics: readonly DomainGraphicsSpec[];
  readonly videos: readonly DomainVideoSpec[];
  readonly channels: readonly DomainChannelSpec[];
  readonly rngs: readonly DomainRngSpec[];
  readonly tpms: readonly DomainTpmSpec[];
  readonly watchdogs: readonly DomainWatchdogSpec[];
  /** Only type "mount" filesystems (host directories). */
  readonly filesystems: readonly DomainFilesystemSpec[];
  /** Including the PS/2 mouse and keyboard libvirt adds to x86 machines. */
  readonly inputs: readonly DomainInputSpec[];
  /** PCI and USB subsystem devices only. */
  readonly hostdevs: readonly DomainHostdevSpec[];
  readonly memBalloon?: string;
}

export function extraDeviceElements(spec: DomainExtraDevicesSpec): XmlElement[] {
  return [
    ...(spec.graphics ?? []).map((g) =>
      el("graphics", {
        type: g.type,
        port: g.port ?? (g.autoport === false ? undefined : -1),
        autoport: g.autoport === undefined ? (g.port === undefined ? "yes" : undefined) : g.autoport ? "yes" : "no",
        listen: g.listen,
        passwd: g.passwd,
      }),
    ),
    ...(spec.videos ?? []).map((v) =>
      el("video", {}, el("model", { type: v.model, vram: v.vram, heads: v.heads, primary: v.primary })),
    ),
    ...(spec.channels ?? []).map((c) =>
      el("channel", { type: "unix" }, el("target", { type: "virtio", name: c.name })),
    ),
    ...(spec.rngs ?? []).map((r) =>
      el("rng", { model: r.model ?? "virtio" }, el("backend", { model: "random" }, r.random)),
    ),
    ...(spec.tpms ?? []).map((t) =>
      el("tpm", { model: t.model }, el("backend", { type: "emulator", version: t.version })),
    ),
    ...(spec.watchdogs ?? []).map((w) => el("watchdog", { model: w.model, action: w.action })),
    ...(spec.filesystems ?? []).map((f) =>
      el(
        "filesystem",
        { type: "mount", accessmode: f.accessMode },
        el("source", { dir: f.dir }),
        el("target", { dir: f.tag }),
        f.readOnly === true && el("readonly"),
      ),
    ),
    ...(spec.inputs ?? []).map((i) => el("input", { type: i.type, bus: i.bus })),
    ...(spec.hostdevs ?? []).map(hostdevElement),
    ...(spec.memBalloon !== undefined ? [el("memballoon", { model: spec.memBalloon })] : []),
  ];
}

function num(node: XmlNode | undefined, name: string): number | undefined {
  const v = attr(node, name);
  return v === undefined ? undefined : Number(v);
}

export function parseExtraDevices(devices: XmlNode | undefined): DomainExtraDevicesInfo {
  const graphics = children(devices, "graphics")
    .filter((g) => attr(g, "type") === "vnc" || attr(g, "type") === "spice")
    .map((g) => ({
      type: attr(g, "type") as "vnc" | "spice",
      port: num(g, "port"),
      autoport: attr(g, "autoport") === undefined ? undefined : attr(g, "autoport") === "yes",
      listen: attr(g, "listen"),
      passwd: attr(g, "passwd"),
    }));
  const balloon = child(devices, "memballoon");
  return {
    graphics,
    videos: children(devices, "video").map((v) => {
      const model = child(v, "model");
      return {
        model: attr(model, "type") ?? "",
        vram: num(model, "vram"),
        heads: num(model, "heads"),
        primary: attr(model, "primary"),
      };
    }),
    channels: children(devices, "channel")
      .map((c) => child(c, "target"))
      .filter((t) => attr(t, "type") === "virtio" && attr(t, "name") !== undefined)
      .map((t) => ({ name: attr(t, "name")! })),
    rngs: children(devices, "rng").map((r) => ({
      model: attr(r, "model"),
      random: String(child(r, "backend")?.["#text"] ?? ""),
    })),
    tpms: children(devices, "tpm").map((t) => ({
      model: attr(t, "model") ?? "",
      version: attr(child(t, "backend"), "version"),
    })),
    watchdogs: children(devices, "watchdog").map((w) => ({ model: attr(w, "model") ?? "", action: attr(w, "action") })),
    filesystems: children(devices, "filesystem")
      .filter((f) => (attr(f, "type") ?? "mount") === "mount")
      .map((f) => ({
        dir: attr(child(f, "source"), "dir") ?? "",
        tag: attr(child(f, "target"), "dir") ?? "",
        accessMode: attr(f, "accessmode"),
        readOnly: child(f, "readonly") !== undefined,
      })),
    inputs: children(devices, "input").map((i) => ({ type: attr(i, "type") ?? "", bus: attr(i, "bus") })),
    hostdevs: children(devices, "hostdev")
      .map(parseHostdev)
      .filter((h): h is DomainHostdevSpec => h !== undefined),
    memBalloon: balloon === undefined ? undefined : attr(balloon, "model"),
  };
}
