// Builds the libvirt_domain configuration of an Instance: memory in MiB, vCPUs, the NIC, the ownership metadata,
// shutdown timeouts, and disks from attached volumes.
import type { IConstruct } from "constructs";
import type { LibvirtDiskConfig, LibvirtDomainConfig } from "../../bindings";
import { isToken } from "../../bindings";
import { libvirtOwnerMetadataXml } from "../../lifecycle";
import type { INetwork } from "../network";
import { fail } from "./errors";
import { parseSize } from "./sizes";

const MIB = 1024 * 1024;

/** "1GiB" → 1024 (MiB); the domain's memory must be a whole number of MiB. */
export function memoryMiB(scope: IConstruct, memory: string): number {
  const parsed = parseSize(memory);
  if ("error" in parsed) fail(scope, "Instance", "memory", parsed.error);
  if (parsed.bytes % MIB !== 0) fail(scope, "Instance", "memory", `"${memory}" is not a whole number of MiB`);
  return parsed.bytes / MIB;
}

/** Guest disk device names libvirt understands: vda (virtio), sda (sata), hda (ide), xvda (xen). */
export const LIBVIRT_TARGET_DEV = /^(vd|sd|hd|xvd)[a-z]{1,2}$/;

/** The bus that goes with a target device name. */
export function busFor(dev: string): string {
  if (dev.startsWith("vd")) return "virtio";
  if (dev.startsWith("sd")) return "sata";
  if (dev.startsWith("hd")) return "ide";
  return "xen";
}

/** A disk backed by a pool volume. */
export function volumeDisk(pool: string, volume: string, dev: string, format: string, readOnly: boolean, shareable: boolean): LibvirtDiskConfig {
  return {
    source: { volume: { pool, volume } },
    target: { dev, bus: busFor(dev) },
    driver: { type: format },
    readOnly: readOnly ? true : undefined,
    shareable: shareable ? true : undefined,
  };
}

export interface DomainInput {
  readonly name: string;
  readonly hypervisor: string;
  readonly running: boolean;
  readonly memory?: string;
  readonly vcpus?: number;
  readonly network?: INetwork;
  readonly shutdownTimeoutSeconds?: number;
}

/** The domain's attributes (disks are added by attach()). */
export function libvirtDomainConfig(scope: IConstruct, input: DomainInput): LibvirtDomainConfig {
  const timeout = input.shutdownTimeoutSeconds;
  if (timeout !== undefined && !isToken(timeout) && (!Number.isInteger(timeout) || timeout < 0)) {
    fail(scope, "Instance", "shutdownTimeoutSeconds", `${timeout} is not a whole number of seconds`);
  }
  return {
    name: input.name,
    type: input.hypervisor,
    memory: memoryMiB(scope, input.memory ?? "512MiB"),
    memoryUnit: "MiB",
    vcpu: input.vcpus ?? 1,
    running: input.running,
    devices: {
      disks: [],
      interfaces: input.network ? [{ model: { type: "virtio" }, source: { network: { network: input.network.networkName } } }] : undefined,
    },
    metadata: { xml: libvirtOwnerMetadataXml(scope) },
    update: timeout !== undefined ? { shutdown: { timeout } } : undefined,
    destroy: timeout !== undefined ? { shutdown: { timeout } } : undefined,
  };
}
