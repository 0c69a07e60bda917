// Isolated virtual networks (formatnetwork.html): never a <forward>, so nothing a guest sends is routed off the
// host. Without <ip> libvirt creates only a bridge; with <ip> (and <dhcp>) the host gets that address on the bridge
// and libvirt runs dnsmasq for DHCP on it — guests reach each other and the host, nothing else. The parser reads
// any network to tell isolated ones from the rest.
import { checkLibvirtName } from "./names";
import { extractMetadataXml, metadataElement, metadataXmlProblem } from "./metadata";
import { decodeOwnerMetadata } from "../records";
import { attr, child, children, el, parseRoot, renderXml, text } from "./xml";

/** An IPv4 subnet of a network: the host's address on the bridge, and DHCP ranges dnsmasq hands out. */
export interface NetworkIpSpec {
  /** The host's address on the bridge, e.g. "10.213.7.1". */
  readonly address: string;
  /** Prefix length, e.g. 24. */
  readonly prefix: number;
  /** Address ranges for DHCP; none: no DHCP server. */
  readonly dhcpRanges?: readonly { readonly start: string; readonly end: string }[];
}

export interface NetworkSpec {
  readonly name: string;
  /** Keeps the network's identity when it is redefined. @default assigned by libvirt */
  readonly uuid?: string;
  /** Host bridge device name. @default assigned by libvirt (virbrN) */
  readonly bridge?: string;
  /** Inner XML of <metadata>, written verbatim. */
  readonly metadataXml?: string;
  /** Ownership marker, added to <metadata> unless metadataXml already carries one. */
  readonly ownerMarker?: string;
  /** IPv4 subnets (at most one). @default none: a bare bridge */
  readonly ips?: readonly NetworkIpSpec[];
}

/** A network as libvirt reports it (net-dumpxml). */
export interface NetworkXmlInfo {
  readonly name: string;
  readonly uuid?: string;
  readonly bridge?: string;
  /** The <forward mode>, or undefined for an isolated network. */
  readonly forwardMode?: string;
  readonly hasIpConfig: boolean;
  /** The IPv4 subnets with their DHCP ranges. */
  readonly ips: readonly NetworkIpSpec[];
  /** True when the network has neither <forward> nor <ip>. */
  readonly isolated: boolean;
  /** Inner XML of <metadata> as libvirt stored it; undefined when there is none. */
  readonly metadataXml?: string;
  readonly ownerMarker?: string;
}

export function buildNetworkXml(spec: NetworkSpec): string {
  checkLibvirtName(spec.name, "network");
  if (spec.bridge !== undefined && !/^[A-Za-z0-9_.-]{1,15}$/.test(spec.bridge)) {
    throw new Error(
      `network ${spec.name}: bridge '${spec.bridge}' is not a valid interface name (1-15 of A-Z a-z 0-9 _ . -)`,
    );
  }
  checkIps(spec);
  const rawMetadata = spec.metadataXml?.trim();
  const metadataProblem = rawMetadata ? metadataXmlProblem(rawMetadata) : undefined;
  if (metadataProblem) throw new Error(`network ${spec.name}: metadata XML cannot be stored: ${metadataProblem}`);
  return renderXml(
    el(
      "network",
      {},
      el("name", {}, spec.name),
      spec.uuid !== undefined && el("uuid", {}, spec.uuid),
      metadataElement(spec.metadataXml, spec.ownerMarker),
      spec.bridge !== undefined && el("bridge", { name: spec.bridge }),
      ...(spec.ips ?? []).map((ip) =>
        el(
          "ip",
          { address: ip.address, prefix: String(ip.prefix) },
          (ip.dhcpRanges ?? []).length > 0 &&
            el("dhcp", {}, ...(ip.dhcpRanges ?? []).map((r) => el("range", { start: r.start, end: r.end }))),
        ),
      ),
    ),
  );
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function checkIps(spec: NetworkSpec): void {
  const where = `network ${spec.name}`;
  if ((spec.ips ?? []).length > 1) throw new Error(`${where}: at most one IPv4 subnet is supported`);
  for (const ip of spec.ips ?? []) {
    if (!IPV4.test(ip.address)) throw new Error(`${where}: '${ip.address}' is not an IPv4 address`);
    if (!Number.isInteger(ip.prefix) || ip.prefix < 8 || ip.prefix > 30)
      throw new Error(`${where}: prefix ${ip.prefix} must be a whole number from 8 to 30`);
    for (const r of ip.dhcpRanges ?? []) {
      if (!IPV4.test(r.start) || !IPV4.test(r.end))
        throw new Error(`${where}: DHCP range ${r.start}-${r.end} is not two IPv4 addresses`);
    }
  }
}

export function parseNetworkXml(xml: string): NetworkXmlInfo {
  const network = parseRoot(xml, "network", "network XML");
  const name = text(network, "name");
  if (!name) throw new Error("network XML: <name> is missing");
  const forward = child(network, "forward");
  const forwardMode = forward ? (attr(forward, "mode") ?? "nat") : undefined;
  const ipNodes = children(network, "ip");
  const hasIpConfig = ipNodes.length > 0;
  const ips = ipNodes
    .filter((ip) => (attr(ip, "family") ?? "ipv4") === "ipv4" && attr(ip, "address") !== undefined)
    .map((ip) => ({
      address: attr(ip, "address") ?? "",
      prefix: attr(ip, "prefix") !== undefined ? Number(attr(ip, "prefix")) : netmaskPrefix(attr(ip, "netmask")),
      dhcpRanges: children(child(ip, "dhcp"), "range").map((r) => ({
        start: attr(r, "start") ?? "",
        end: attr(r, "end") ?? "",
      })),
    }));
  return {
    name,
    uuid: text(network, "uuid"),
    bridge: attr(child(network, "bridge"), "name"),
    forwardMode,
    hasIpConfig,
    ips,
    isolated: forwardMode === undefined && !hasIpConfig,
    metadataXml: extractMetadataXml(xml),
    ownerMarker: decodeOwnerMetadata(child(network, "metadata")),
  };
}

/** "255.255.255.0" → 24 (libvirt accepts either spelling). */
function netmaskPrefix(netmask: string | undefined): number {
  if (netmask === undefined) return 24;
  return netmask.split(".").reduce((bits, octet) => bits + (Number(octet).toString(2).match(/1/g) ?? []).length, 0);
}
