// The platform parts of a domain definition (formatdomain.html "Operating system booting", "CPU model and topology",
// "Hypervisor features", "Time keeping", "Events configuration"): firmware loader and NVRAM, boot order and menu
// under <os>, and the top-level <cpu>, <features>, <clock> and on_* elements. Built from a spec, read back from
// dumpxml.
import { attr, child, children, el, text } from "./xml";
import type { XmlElement, XmlNode } from "./xml";

/** The firmware image QEMU boots (<os><loader>), e.g. OVMF for UEFI. */
export interface DomainLoaderSpec {
  /** Absolute path of the firmware image on the host. */
  readonly path: string;
  /** "yes" or "no". @default libvirt's ("yes" for pflash code images) */
  readonly readonly?: string;
  /** "pflash" (UEFI code + NVRAM) or "rom". @default libvirt's */
  readonly type?: string;
  /** "yes" for UEFI secure boot (needs SMM and a q35 machine). @default "no" */
  readonly secure?: string;
}

/** The domain's own UEFI variable store (<os><nvram>). */
export interface DomainNvramSpec {
  /** Path of the store. @default /var/lib/libvirt/qemu/nvram/<name>_VARS.fd, chosen by libvirt */
  readonly path?: string;
  /** Variables template the store is created from on first start, e.g. OVMF_VARS_4M.fd. */
  readonly template?: string;
}

export interface DomainCpuSpec {
  /** "host-passthrough", "host-model", "custom" or "maximum". @default libvirt's ("custom" with a model) */
  readonly mode?: string;
  /** CPU model name for mode "custom", e.g. "qemu64" or "Skylake-Client". */
  readonly model?: string;
  readonly topology?: {
    readonly sockets: number;
    readonly dies?: number;
    readonly clusters?: number;
    readonly cores: number;
    readonly threads: number;
  };
}

/** Hypervisor features; a flag left undefined is absent. */
export interface DomainFeaturesSpec {
  readonly acpi?: boolean;
  readonly apic?: boolean;
  /** The APIC's paravirtual end of interrupt, "on" or "off" (<apic eoi>). */
  readonly apicEoi?: string;
  /** Hardware assisted paging, "on" or "off". */
  readonly hap?: string;
  /** The guest's performance monitoring unit, "on" or "off". */
  readonly pmu?: string;
  readonly pae?: boolean;
  /** System management mode, "on" or "off" (UEFI secure boot needs "on"). */
  readonly smm?: string;
}

/** A guest timer (<clock><timer>). */
export interface DomainTimerSpec {
  /** platform, pit, rtc, hpet, tsc, kvmclock, hypervclock, armvtimer. */
  readonly name: string;
  readonly track?: string;
  /** delay, catchup, merge, discard. */
  readonly tickPolicy?: string;
  /** "yes" or "no". */
  readonly present?: string;
  readonly catchup?: { readonly threshold?: number; readonly slew?: number; readonly limit?: number };
}

export interface DomainPlatformSpec {
  readonly loader?: DomainLoaderSpec;
  readonly nvram?: DomainNvramSpec;
  /** Boot devices in order (<os><boot dev>): hd, cdrom, network, fd. */
  readonly bootDevices?: readonly string[];
  /** The firmware boot menu: enable "yes"/"no", timeout in ms. */
  readonly bootMenu?: { readonly enable: string; readonly timeout?: number };
  /** Undefined leaves <cpu> as libvirt has it. */
  readonly cpu?: DomainCpuSpec;
  /** Undefined: ACPI and APIC for a new domain; an update leaves <features> alone. */
  readonly features?: DomainFeaturesSpec;
  /** The guest clock's offset: utc, localtime, timezone or variable. Undefined leaves <clock> alone. */
  readonly clockOffset?: string;
  /** Timers inside <clock> (with clockOffset). */
  readonly clockTimers?: readonly DomainTimerSpec[];
  /** What happens when the guest powers off, reboots or crashes (destroy, restart, preserve, ...). */
  readonly onPoweroff?: string;
  readonly onReboot?: string;
  readonly onCrash?: string;
}

/** The platform as read back. */
export interface DomainPlatformInfo {
  readonly loader?: DomainLoaderSpec;
  readonly nvram?: DomainNvramSpec;
  readonly bootDevices: readonly string[];
  readonly bootMenu?: { readonly enable: string; readonly timeout?: number };
  readonly cpu?: DomainCpuSpec;
  readonly features?: DomainFeaturesSpec;
  readonly clockOffset?: string;
  readonly clockTimers: readonly DomainTimerSpec[];
  readonly onPoweroff?: string;
  readonly onReboot?: string;
  readonly onCrash?: string;
}

/** <loader>, <nvram>, <boot>, <bootmenu>: children of <os>, after <type>. */
export function osFirmwareElements(spec: DomainPlatformSpec): XmlElement[] {
  const out: XmlElement[] = [];
  const l = spec.loader;
  if (l) out.push(el("loader", { readonly: l.readonly, secure: l.secure, type: l.type }, l.path));
  const n = spec.nvram;
  if (n)
    out.push(
      n.path !== undefined ? el("nvram", { template: n.template }, n.path) : el("nvram", { template: n.template }),
    );
  for (const dev of spec.bootDevices ?? []) out.push(el("boot", { dev }));
  const menu = spec.bootMenu;
  if (menu) out.push(el("bootmenu", { enable: menu.enable, timeout: menu.timeout }));
  return out;
}

export function featuresElement(features: DomainFeaturesSpec | undefined): XmlElement {
  // ACPI lets the guest see the power button: without it a graceful shutdown (virsh shutdown) is ignored.
  const f = features ?? { acpi: true, apic: true };
  return el(
    "features",
    {},
    f.acpi === true && el("acpi"),
    f.apic === true && el("apic", { eoi: f.apicEoi }),
    f.pae === true && el("pae"),
    f.hap !== undefined && el("hap", { state: f.hap }),
    f.pmu !== undefined && el("pmu", { state: f.pmu }),
    f.smm !== undefined && el("smm", { state: f.smm }),
  );
}

export function cpuElement(cpu: DomainCpuSpec): XmlElement {
  const t = cpu.topology;
  return el(
    "cpu",
    { mode: cpu.mode },
    cpu.model !== undefined && el("model", {}, cpu.model),
    t !== undefined &&
      el("topology", { sockets: t.sockets, dies: t.dies, clusters: t.clusters, cores: t.cores, threads: t.threads }),
  );
}

export function clockElement(offset: string, timers: readonly DomainTimerSpec[] = []): XmlElement {
  return el(
    "clock",
    { offset },
    ...timers.map((t) =>
      el(
        "timer",
        { name: t.name, track: t.track, tickpolicy: t.tickPolicy, present: t.present },
        t.catchup !== undefined &&
          el("catchup", { threshold: t.catchup.threshold, slew: t.catchup.slew, limit: t.catchup.limit }),
      ),
    ),
  );
}

export function parsePlatform(domain: XmlNode | undefined): DomainPlatformInfo {
  const os = child(domain, "os");
  const loader = child(os, "loader");
  const loaderPath = text(loader);
  const nvram = child(os, "nvram");
  const menu = child(os, "bootmenu");
  const cpu = child(domain, "cpu");
  const topology = child(cpu, "topology");
  const features = child(domain, "features");
  const num = (node: XmlNode | undefined, name: string) => {
    const v = attr(node, name);
    return v === undefined ? undefined : Number(v);
  };
  return {
    loader:
      loaderPath === undefined
        ? undefined
        : {
            path: loaderPath,
            readonly: attr(loader, "readonly"),
            type: attr(loader, "type"),
            secure: attr(loader, "secure"),
          },
    nvram: nvram === undefined ? undefined : { path: text(nvram), template: attr(nvram, "template") },
    bootDevices: children(os, "boot")
      .map((b) => attr(b, "dev"))
      .filter((d): d is string => d !== undefined),
    bootMenu: menu === undefined ? undefined : { enable: attr(menu, "enable") ?? "no", timeout: num(menu, "timeout") },
    cpu:
      cpu === undefined
        ? undefined
        : {
            mode: attr(cpu, "mode"),
            model: text(cpu, "model"),
            topology:
              topology === undefined
                ? undefined
                : {
                    sockets: num(topology, "sockets") ?? 1,
                    dies: num(topology, "dies"),
                    clusters: num(topology, "clusters"),
                    cores: num(topology, "cores") ?? 1,
                    threads: num(topology, "threads") ?? 1,
                  },
          },
    features:
      features === undefined
        ? undefined
        : {
            acpi: child(features, "acpi") !== undefined,
            apic: child(features, "apic") !== undefined,
            apicEoi: attr(child(features, "apic"), "eoi"),
            hap: child(features, "hap") === undefined ? undefined : (attr(child(features, "hap"), "state") ?? "on"),
            pmu: child(features, "pmu") === undefined ? undefined : (attr(child(features, "pmu"), "state") ?? "on"),
            pae: child(features, "pae") !== undefined,
            smm: child(features, "smm") === undefined ? undefined : (attr(child(features, "smm"), "state") ?? "on"),
          },
    clockOffset: attr(child(domain, "clock"), "offset"),
    clockTimers: children(child(domain, "clock"), "timer").map((t) => {
      const catchup = child(t, "catchup");
      return {
        name: attr(t, "name") ?? "",
        track: attr(t, "track"),
        tickPolicy: attr(t, "tickpolicy"),
        present: attr(t, "present"),
        catchup:
          catchup === undefined
            ? undefined
            : { threshold: num(catchup, "threshold"), slew: num(catchup, "slew"), limit: num(catchup, "limit") },
      };
    }),
    onPoweroff: text(domain, "on_poweroff"),
    onReboot: text(domain, "on_reboot"),
    onCrash: text(domain, "on_crash"),
  };
}
