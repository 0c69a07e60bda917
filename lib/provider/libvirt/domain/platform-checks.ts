// libvirt_domain's firmware and CPU settings at plan time, where libvirt would only refuse them at apply (or QEMU at
// start): firmware paths absolute, loader settings only with a loader, secure boot only with SMM on a q35 machine,
// boot devices or per-device boot orders but not both, a CPU topology that adds up to vcpu.
import type { Diagnostics } from "../../framework";
import { isUnknown } from "../../framework";
import { checkWholeNumber, knownList, knownObject, knownString, wholeNumber } from "../common";
import type { DomainConfig } from "./schema";

function set(v: unknown): boolean {
  return v !== null && v !== undefined;
}

export function validatePlatform(config: DomainConfig, diagnostics: Diagnostics): void {
  const os = knownObject(config.os);
  const loader = os?.loader;
  if (typeof loader === "string" && !loader.startsWith("/")) {
    diagnostics.error("Relative loader path", `os.loader must be an absolute path on the host, got "${loader}".`, [
      "os",
      "loader",
    ]);
  }
  const nvram = knownObject(os?.nv_ram);
  for (const field of ["nv_ram", "template"] as const) {
    const path = nvram?.[field];
    if (typeof path === "string" && !path.startsWith("/"))
      diagnostics.error("Relative NVRAM path", `os.nv_ram.${field} must be an absolute path on the host.`, [
        "os",
        "nv_ram",
        field,
      ]);
  }
  if (loader === null || loader === undefined) {
    for (const field of ["loader_readonly", "loader_type", "loader_secure", "nv_ram"] as const) {
      if (set(os?.[field]))
        diagnostics.error("Loader setting without a loader", `os.${field} needs os.loader (the firmware image).`, [
          "os",
          field,
        ]);
    }
  }
  if (os?.loader_secure === "yes") {
    const smm = knownString(knownObject(knownObject(config.features)?.smm)?.state);
    if (smm !== "on" && !isUnknown(config.features)) {
      diagnostics.error(
        "Secure boot without SMM",
        'UEFI secure boot needs system management mode: set features = { acpi = true, apic = {}, smm = { state = "on" } }.',
        ["os", "loader_secure"],
      );
    }
    const machine = os.type_machine;
    if (typeof machine !== "string" || !/q35/.test(machine)) {
      diagnostics.error("Secure boot needs q35", 'UEFI secure boot needs os.type_machine = "q35".', [
        "os",
        "type_machine",
      ]);
    }
  }
  const menu = knownObject(os?.boot_menu);
  if (typeof menu?.timeout === "string") {
    const n = Number(menu.timeout);
    checkWholeNumber(Number.isNaN(n) ? 0.5 : n, ["os", "boot_menu", "timeout"], 0, 65535, diagnostics);
  }
  const devices = knownObject(config.devices);
  const perDevice = [...knownList(devices?.disks), ...knownList(devices?.interfaces)].some((d) => set(d.boot));
  if (perDevice && knownList(os?.boot_devices).length > 0) {
    diagnostics.error(
      "Two kinds of boot order",
      "os.boot_devices cannot be combined with per-device boot orders (devices.*.boot); use one of them.",
      ["os", "boot_devices"],
    );
  }
  validateCpu(config, diagnostics);
}

function validateCpu(config: DomainConfig, diagnostics: Diagnostics): void {
  const cpu = knownObject(config.cpu);
  if (!cpu) return;
  if (typeof cpu.model === "string" && typeof cpu.mode === "string" && cpu.mode !== "custom") {
    diagnostics.error(
      "CPU model without custom mode",
      `cpu.model is only used with mode "custom", not "${cpu.mode}".`,
      ["cpu", "model"],
    );
  }
  const t = knownObject(cpu.topology);
  if (!t) return;
  const keys = ["sockets", "dies", "clusters", "cores", "threads"] as const;
  let product = 1;
  for (const k of keys) {
    const n = checkWholeNumber(t[k], ["cpu", "topology", k], 1, 4096, diagnostics);
    if (n === undefined && set(t[k])) return; // invalid or unknown: reported, or checked once known
    product *= n ?? 1;
  }
  if (isUnknown(config.vcpu)) return;
  let vcpu: number;
  try {
    vcpu = wholeNumber(config.vcpu, "vcpu") ?? 1;
  } catch {
    return; // reported by the vcpu check
  }
  if (product !== vcpu) {
    diagnostics.error(
      "CPU topology does not match vcpu",
      `cpu.topology gives ${product} vCPUs (sockets × dies × clusters × cores × threads) but vcpu is ${vcpu}.`,
      ["cpu", "topology"],
    );
  }
}
