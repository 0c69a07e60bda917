// libvirt_domain's numbers and addresses at plan time: memory a whole number of KiB below 2^53 bytes, vCPUs from
// 1 to 4096 (QEMU's limit), timeouts and console ports whole and non-negative, MACs unicast and well-formed.
import type { Diagnostics } from "../../framework";
import { checkMac, checkName, checkSize, checkWholeNumber, knownList, knownObject } from "../common";
import type { DomainConfig } from "./schema";

const MAX_VCPUS = 4096;
const MAX_SECONDS = 7 * 24 * 3600;

export function validateDomainNumbers(config: DomainConfig, diagnostics: Diagnostics): void {
  checkName(config.name, ["name"], "domain", diagnostics);
  const bytes = checkSize(config.memory, config.memory_unit ?? "KiB", ["memory"], 1, diagnostics);
  if (bytes !== undefined && bytes % 1024 !== 0) {
    diagnostics.error("Invalid size", `memory must be a whole number of KiB (libvirt's unit), got ${bytes} bytes.`, [
      "memory",
    ]);
  }
  checkWholeNumber(config.vcpu, ["vcpu"], 1, MAX_VCPUS, diagnostics);
  const devices = knownObject(config.devices);
  knownList(devices?.interfaces).forEach((nic, i) => {
    checkMac(knownObject(nic.mac)?.address, ["devices", "interfaces", i, "mac", "address"], diagnostics);
    checkWholeNumber(
      knownObject(nic.wait_for_ip)?.timeout,
      ["devices", "interfaces", i, "wait_for_ip", "timeout"],
      0,
      MAX_SECONDS,
      diagnostics,
    );
  });
  for (const kind of ["consoles", "serials"] as const) {
    knownList(devices?.[kind]).forEach((device, i) => {
      checkWholeNumber(knownObject(device.target)?.port, ["devices", kind, i, "target", "port"], 0, 65535, diagnostics);
    });
  }
  for (const block of ["update", "destroy"] as const) {
    checkWholeNumber(
      knownObject(knownObject(config[block])?.shutdown)?.timeout,
      [block, "shutdown", "timeout"],
      0,
      MAX_SECONDS,
      diagnostics,
    );
  }
}
