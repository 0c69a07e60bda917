// The host as libvirt sees it: CPU and memory (virsh nodeinfo), its devices (nodedev-list, nodedev-dumpxml), and
// the addresses of a domain's interfaces (domifaddr, from dnsmasq's leases or the guest agent).
import { parseInfoLines } from "./info-text";
import type { Virsh, VirshCallOptions } from "./virsh";
import { attr, child, parseRoot, text } from "./xml";
import type { XmlNode } from "./xml";

export interface NodeInfo {
  readonly cpuModel: string;
  /** Logical CPUs. */
  readonly cpus: number;
  readonly sockets: number;
  readonly coresPerSocket: number;
  readonly threadsPerCore: number;
  readonly numaNodes: number;
  readonly memoryKiB: number;
}

/** One device of `virsh nodedev-dumpxml`, with the fields of its (first) capability that apply to its type. */
export interface NodeDevice {
  readonly name: string;
  readonly path?: string;
  readonly parent?: string;
  readonly capability: Readonly<Record<string, string | number | undefined>> & { readonly type?: string };
}

/** An interface of a running domain and its addresses. */
export interface InterfaceAddresses {
  readonly name: string;
  readonly hwaddr: string;
  readonly addrs: readonly { readonly type: string; readonly addr: string; readonly prefix: number }[];
}

export class LibvirtNode {
  constructor(private readonly virsh: Virsh) {}

  async info(call: VirshCallOptions = {}): Promise<NodeInfo> {
    return parseNodeInfo(await this.virsh.run(["nodeinfo"], call));
  }

  /** Device names, optionally only those with a capability (pci, net, storage, ...), sorted. */
  async devices(capability?: string, call: VirshCallOptions = {}): Promise<string[]> {
    const out = await this.virsh.run(["nodedev-list", ...(capability ? ["--cap", capability] : [])], call);
    return out
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "")
      .sort();
  }

  /** One device's details. Throws VirshError NOT_FOUND when there is no such device. */
  async device(name: string, call: VirshCallOptions = {}): Promise<NodeDevice> {
    return parseNodeDeviceXml(await this.virsh.run(["nodedev-dumpxml", name], call));
  }

  /** The addresses of a running domain's interfaces, from DHCP leases ("lease") or the guest agent ("agent"). */
  async interfaceAddresses(
    domain: string,
    source: "lease" | "agent",
    call: VirshCallOptions = {},
  ): Promise<InterfaceAddresses[]> {
    return parseDomIfAddr(await this.virsh.run(["domifaddr", domain, "--source", source], call));
  }
}

export function parseNodeInfo(output: string): NodeInfo {
  const fields = parseInfoLines(output);
  const num = (key: string) => {
    const value = Number.parseInt(fields.get(key) ?? "", 10);
    if (!Number.isFinite(value)) throw new Error(`virsh nodeinfo: no number for "${key}" in:\n${output}`);
    return value;
  };
  return {
    cpuModel: fields.get("cpu model") ?? "",
    cpus: num("cpu(s)"),
    sockets: num("cpu socket(s)"),
    coresPerSocket: num("core(s) per socket"),
    threadsPerCore: num("thread(s) per core"),
    numaNodes: num("numa cell(s)"),
    memoryKiB: num("memory size"),
  };
}

/** A number written in decimal or hex ("0x1f"); undefined when absent or not a number. */
function numberOf(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : undefined;
}

function capabilityFields(cap: XmlNode | undefined): NodeDevice["capability"] {
  const type = attr(cap, "type");
  const product = child(cap, "product");
  const vendor = child(cap, "vendor");
  const link = child(cap, "link");
  const scsiOrStorage = type === "scsi" || type === "storage";
  return {
    type,
    // PCI and USB addresses and ids
    class: text(cap, "class"),
    domain: type === "pci" ? numberOf(text(cap, "domain")) : undefined,
    bus: type === "pci" || type === "usb_device" || type === "scsi" ? numberOf(text(cap, "bus")) : undefined,
    slot: numberOf(text(cap, "slot")),
    function: numberOf(text(cap, "function")),
    device_number: type === "usb_device" ? numberOf(text(cap, "device")) : undefined,
    iommu_group: numberOf(attr(child(cap, "iommuGroup"), "number")),
    product_id: attr(product, "id"),
    product_name: text(product),
    vendor_id: attr(vendor, "id"),
    vendor_name: scsiOrStorage ? text(cap, "vendor") : text(vendor),
    // network interfaces
    interface: text(cap, "interface"),
    address: text(cap, "address"),
    link_state: attr(link, "state"),
    link_speed: attr(link, "speed"),
    // SCSI and block storage
    host: numberOf(text(cap, "host")),
    target: type === "scsi" ? numberOf(text(cap, "target")) : undefined,
    lun: type === "scsi" ? numberOf(text(cap, "lun")) : undefined,
    scsi_type: type === "scsi" ? text(cap, "type") : undefined,
    block: text(cap, "block"),
    drive_type: text(cap, "drive_type"),
    model: text(cap, "model"),
    serial: text(cap, "serial"),
    size: numberOf(text(cap, "size")),
    logical_block_size: numberOf(text(cap, "logical_block_size")),
    num_blocks: numberOf(text(cap, "num_blocks")),
  };
}

export function parseNodeDeviceXml(xml: string): NodeDevice {
  const device = parseRoot(xml, "device", "node device XML");
  const name = text(device, "name");
  if (!name) throw new Error("node device XML: <name> is missing");
  return {
    name,
    path: text(device, "path"),
    parent: text(device, "parent"),
    capability: capabilityFields(child(device, "capability")),
  };
}

/**
 * Parses `virsh domifaddr`: " Name  MAC address  Protocol  Address" rows, an interface's further addresses on
 * rows whose name and MAC are "-".
 */
export function parseDomIfAddr(table: string): InterfaceAddresses[] {
  const out: { name: string; hwaddr: string; addrs: { type: string; addr: string; prefix: number }[] }[] = [];
  for (const line of table.split("\n")) {
    const match = /^\s*(\S+)\s+(\S+)\s+(ipv4|ipv6)\s+([0-9a-fA-F.:]+)\/(\d+)\s*$/.exec(line);
    if (!match) continue;
    const [, name, mac, type, addr, prefix] = match;
    const address = { type, addr, prefix: Number(prefix) };
    const last = out[out.length - 1];
    if (name === "-" && last) last.addrs.push(address);
    else out.push({ name, hwaddr: mac.toLowerCase(), addrs: [address] });
  }
  return out;
}
