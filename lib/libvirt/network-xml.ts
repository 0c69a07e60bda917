// Virtual network XML (formatnetwork.html) in the forward modes a host without special NICs can run: isolated (no
// <forward>: guests reach each other and the host only), nat (libvirt masquerades the subnet through the host's
// routes), route (routed without NAT), open (routed, libvirt adds no firewall rules at all) and bridge (guests join
// an existing host bridge; libvirt runs no dnsmasq and takes no address there). Each <ip> is an IPv4 or IPv6 subnet
// with the host's address on the bridge, DHCP ranges and static hosts for dnsmasq. The parser reads any network.
import { checkLibvirtName } from "./names";
import { extractMetadataXml, metadataElement, metadataXmlProblem } from "./metadata";
import { decodeOwnerMetadata } from "../records";
import { attr, child, children, el, parseRoot, renderXml, text } from "./xml";

/** The forward modes that need no SR-IOV or macvtap-capable device. */
export const NETWORK_FORWARD_MODES = ["nat", "route", "open", "bridge"] as const;
export type NetworkForwardMode = (typeof NETWORK_FORWARD_MODES)[number];

/** A static DHCP host: a MAC (IPv4) or a name gets a fixed address. */
export interface NetworkDhcpHost {
  readonly mac?: string;
  readonly name?: string;
  readonly ip?: string;
}

/** A subnet of a network: the host's address on the bridge, and what dnsmasq hands out. */
export interface NetworkIpSpec {
  /** The host's address on the bridge, e.g. "10.213.7.1" or "fd00:7::1". */
  readonly address: string;
  /** Prefix length, e.g. 24; give this or `netmask` (IPv4 only). */
  readonly prefix?: number;
  /** Dotted netmask, e.g. "255.255.255.0" (IPv4 only). */
  readonly netmask?: string;
  /** "ipv4" or "ipv6" as written; undefined: IPv4. */
  readonly family?: string;
  /** Address ranges for DHCP; none: no DHCP server. */
  readonly dhcpRanges?: readonly { readonly start: string; readonly end: string }[];
  /** Fixed addresses for known hosts. */
  readonly dhcpHosts?: readonly NetworkDhcpHost[];
}

/** A static DNS entry dnsmasq answers: one address, its names. */
export interface NetworkDnsHost {
  readonly ip: string;
  readonly hostnames: readonly string[];
}

export interface NetworkDnsSpec {
  /** "yes" or "no" (no: libvirt starts no DNS server). */
  readonly enable?: string;
  /** "yes" or "no": forward names without a dot upstream. */
  readonly forwardPlainNames?: string;
  /** Upstream servers, optionally per domain. */
  readonly forwarders?: readonly { readonly addr?: string; readonly domain?: string }[];
  readonly hosts?: readonly NetworkDnsHost[];
}

export interface NetworkSpec {
  readonly name: string;
  /** Keeps the network's identity when it is redefined. @default assigned by libvirt */
  readonly uuid?: string;
  /** Keeps the bridge's MAC address when the network is redefined. @default assigned by libvirt */
  readonly mac?: string;
  /** Host bridge device name (for mode "bridge": the existing host bridge). @default assigned by libvirt (virbrN) */
  readonly bridge?: string;
  /** Forwarding; undefined: an isolated network. */
  readonly forward?: { readonly mode: NetworkForwardMode; readonly dev?: string };
  /** DNS domain of the guests. */
  readonly domain?: { readonly name: string; readonly localOnly?: string };
  /** MTU of the bridge. @default libvirt's (1500) */
  readonly mtu?: number;
  readonly dns?: NetworkDnsSpec;
  /** Inner XML of <metadata>, written verbatim. */
  readonly metadataXml?: string;
  /** Ownership marker, added to <metadata> unless metadataXml already carries one. */
  readonly ownerMarker?: string;
  /** Subnets: at most one IPv4 subnet with DHCP and one IPv6 one. @default none: a bare bridge */
  readonly ips?: readonly NetworkIpSpec[];
}

/** A network as libvirt reports it (net-dumpxml). */
export interface NetworkXmlInfo {
  readonly name: string;
  readonly uuid?: string;
  readonly mac?: string;
  readonly bridge?: string;
  /** The <forward mode>, or undefined for an isolated network. */
  readonly forwardMode?: string;
  readonly forwardDev?: string;
  readonly hasIpConfig: boolean;
  /** The subnets, as written (prefix or netmask, family only when given). */
  readonly ips: readonly NetworkIpSpec[];
  readonly domain?: { readonly name: string; readonly localOnly?: string };
  readonly mtu?: number;
  readonly dns?: NetworkDnsSpec;
  /** True when the network has neither <forward> nor <ip>. */
  readonly isolated: boolean;
  /** Inner XML of <metadata> as libvirt stored it; undefined when there is none. */
  readonly metadataXml?: string;
  readonly ownerMarker?: string;
}

export function buildNetworkXml(spec: NetworkSpec): string {
  checkLibvirtName(spec.name, "network");
  const problem = networkSpecProblem(spec);
  if (problem) throw new Error(`network ${spec.name}: ${problem}`);
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
      spec.forward !== undefined && el("forward", { mode: spec.forward.mode, dev: spec.forward.dev }),
      spec.bridge !== undefined && el("bridge", { name: spec.bridge }),
      spec.mac !== undefined && el("mac", { address: spec.mac }),
      spec.mtu !== undefined && el("mtu", { size: spec.mtu }),
      spec.domain !== undefined && el("domain", { name: spec.domain.name, localOnly: spec.domain.localOnly }),
      spec.dns !== undefined && dnsElement(spec.dns),
      ...(spec.ips ?? []).map(ipElement),
    ),
  );
}

function dnsElement(dns: NetworkDnsSpec) {
  return el(
    "dns",
    { enable: dns.enable, forwardPlainNames: dns.forwardPlainNames },
    ...(dns.forwarders ?? []).map((f) => el("forwarder", { domain: f.domain, addr: f.addr })),
    ...(dns.hosts ?? []).map(dnsHostElement),
  );
}

/** `<host ip><hostname/>…</host>`, the argument of `net-update … dns-host`. */
export function dnsHostXml(host: NetworkDnsHost): string {
  return renderXml(dnsHostElement(host));
}

/** `<host mac name ip/>`, the argument of `net-update … ip-dhcp-host`. */
export function dhcpHostXml(host: NetworkDhcpHost): string {
  return renderXml(dhcpHostElement(host));
}

function dnsHostElement(host: NetworkDnsHost) {
  return el("host", { ip: host.ip }, ...host.hostnames.map((h) => el("hostname", {}, h)));
}

function dhcpHostElement(host: NetworkDhcpHost) {
  return el("host", { mac: host.mac, name: host.name, ip: host.ip });
}

function ipElement(ip: NetworkIpSpec) {
  const ranges = ip.dhcpRanges ?? [];
  const hosts = ip.dhcpHosts ?? [];
  return el(
    "ip",
    { family: ip.family, address: ip.address, prefix: ip.prefix, netmask: ip.netmask },
    ranges.length + hosts.length > 0 &&
      el("dhcp", {}, ...ranges.map((r) => el("range", { start: r.start, end: r.end })), ...hosts.map(dhcpHostElement)),
  );
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^(?=.*:)[0-9a-fA-F:.]{2,45}$/;

/** True for a dotted IPv4 address. */
export function isIpv4(address: string): boolean {
  return IPV4.test(address);
}

/** True for an IPv6 address in any of its textual forms (a plausibility check; libvirt parses it). */
export function isIpv6(address: string): boolean {
  return IPV6.test(address);
}

/** "255.255.255.0" → 24; undefined when it is not a contiguous IPv4 netmask. */
export function netmaskPrefix(netmask: string): number | undefined {
  if (!IPV4.test(netmask)) return undefined;
  const bits = netmask
    .split(".")
    .map((octet) => Number(octet).toString(2).padStart(8, "0"))
    .join("");
  return /^1*0*$/.test(bits) ? (bits.indexOf("0") === -1 ? 32 : bits.indexOf("0")) : undefined;
}

/** What libvirt would refuse in the spec (or what cannot work on this kind of network), or undefined. */
export function networkSpecProblem(spec: NetworkSpec): string | undefined {
  if (spec.bridge !== undefined && !/^[A-Za-z0-9_.-]{1,15}$/.test(spec.bridge))
    return `bridge '${spec.bridge}' is not a valid interface name (1-15 of A-Z a-z 0-9 _ . -)`;
  const mode = spec.forward?.mode;
  if (mode !== undefined && !(NETWORK_FORWARD_MODES as readonly string[]).includes(mode))
    return `forward mode '${mode}' is not supported (use ${NETWORK_FORWARD_MODES.join(", ")} or no forward)`;
  const ips = spec.ips ?? [];
  if (mode === "bridge") {
    if (spec.bridge === undefined) return 'forward mode "bridge" needs the name of an existing host bridge';
    if (ips.length > 0 || spec.dns !== undefined || spec.domain !== undefined)
      return 'a network in forward mode "bridge" has no ips, dns or domain: the host bridge is not libvirt\'s';
  }
  let dhcp4 = 0;
  let dhcp6 = 0;
  for (const ip of ips) {
    const problem = ipProblem(ip);
    if (problem) return problem;
    const hasDhcp = (ip.dhcpRanges ?? []).length + (ip.dhcpHosts ?? []).length > 0;
    if (hasDhcp && ip.family === "ipv6") dhcp6++;
    else if (hasDhcp) dhcp4++;
  }
  if (dhcp4 > 1 || dhcp6 > 1) return "DHCP is possible on one IPv4 and one IPv6 subnet only";
  if (spec.mtu !== undefined && (!Number.isInteger(spec.mtu) || spec.mtu < 68 || spec.mtu > 65535))
    return `mtu ${spec.mtu} must be a whole number from 68 to 65535`;
  for (const host of spec.dns?.hosts ?? []) {
    if (!isIpv4(host.ip) && !isIpv6(host.ip)) return `DNS host '${host.ip}' is not an IP address`;
    if (host.hostnames.length === 0) return `DNS host ${host.ip} needs at least one hostname`;
  }
  return undefined;
}

function ipProblem(ip: NetworkIpSpec): string | undefined {
  const v6 = ip.family === "ipv6";
  if (ip.family !== undefined && ip.family !== "ipv4" && ip.family !== "ipv6")
    return `family '${ip.family}' must be "ipv4" or "ipv6"`;
  if (v6 ? !isIpv6(ip.address) : !isIpv4(ip.address))
    return `'${ip.address}' is not an ${v6 ? "IPv6" : "IPv4"} address${v6 ? "" : ' (give family = "ipv6" for IPv6)'}`;
  if (ip.prefix !== undefined && ip.netmask !== undefined) return `${ip.address}: give prefix or netmask, not both`;
  if (ip.netmask !== undefined) {
    if (v6) return `${ip.address}: an IPv6 subnet takes a prefix, not a netmask`;
    const bits = netmaskPrefix(ip.netmask);
    if (bits === undefined || bits < 8 || bits > 30)
      return `netmask '${ip.netmask}' is not a netmask from 255.0.0.0 to 255.255.255.252`;
  }
  if (ip.prefix === undefined && ip.netmask === undefined) return `${ip.address}: give its prefix or netmask`;
  const [min, max] = v6 ? [8, 128] : [8, 30];
  if (ip.prefix !== undefined && (!Number.isInteger(ip.prefix) || ip.prefix < min || ip.prefix > max))
    return `prefix ${ip.prefix} must be a whole number from ${min} to ${max}`;
  const valid = v6 ? isIpv6 : isIpv4;
  for (const r of ip.dhcpRanges ?? []) {
    if (!valid(r.start) || !valid(r.end)) return `DHCP range ${r.start}-${r.end} is not two addresses of the subnet`;
  }
  for (const h of ip.dhcpHosts ?? []) {
    if (h.ip !== undefined && !valid(h.ip)) return `DHCP host address '${h.ip}' is not of the subnet's family`;
    if (h.mac === undefined && h.name === undefined) return `DHCP host ${h.ip ?? ""} needs a mac or a name`;
  }
  return undefined;
}

export function parseNetworkXml(xml: string): NetworkXmlInfo {
  const network = parseRoot(xml, "network", "network XML");
  const name = text(network, "name");
  if (!name) throw new Error("network XML: <name> is missing");
  const forward = child(network, "forward");
  const forwardMode = forward ? (attr(forward, "mode") ?? "nat") : undefined;
  const ipNodes = children(network, "ip");
  const ips = ipNodes
    .filter((ip) => attr(ip, "address") !== undefined)
    .map((ip): NetworkIpSpec => {
      const dhcp = child(ip, "dhcp");
      const prefix = attr(ip, "prefix");
      return {
        address: attr(ip, "address") ?? "",
        prefix: prefix !== undefined ? Number(prefix) : undefined,
        netmask: attr(ip, "netmask"),
        family: attr(ip, "family"),
        dhcpRanges: children(dhcp, "range").map((r) => ({ start: attr(r, "start") ?? "", end: attr(r, "end") ?? "" })),
        dhcpHosts: children(dhcp, "host").map((h) => ({
          mac: attr(h, "mac"),
          name: attr(h, "name"),
          ip: attr(h, "ip"),
        })),
      };
    });
  const domain = child(network, "domain");
  const mtu = attr(child(network, "mtu"), "size");
  return {
    name,
    uuid: text(network, "uuid"),
    mac: attr(child(network, "mac"), "address"),
    bridge: attr(child(network, "bridge"), "name"),
    forwardMode,
    forwardDev: attr(forward, "dev"),
    hasIpConfig: ipNodes.length > 0,
    ips,
    domain:
      domain && attr(domain, "name")
        ? { name: attr(domain, "name") ?? "", localOnly: attr(domain, "localOnly") }
        : undefined,
    mtu: mtu !== undefined ? Number(mtu) : undefined,
    dns: parseDns(child(network, "dns")),
    isolated: forwardMode === undefined && ipNodes.length === 0,
    metadataXml: extractMetadataXml(xml),
    ownerMarker: decodeOwnerMetadata(child(network, "metadata")),
  };
}

function parseDns(dns: ReturnType<typeof child>): NetworkDnsSpec | undefined {
  if (!dns) return undefined;
  return {
    enable: attr(dns, "enable"),
    forwardPlainNames: attr(dns, "forwardPlainNames"),
    forwarders: children(dns, "forwarder").map((f) => ({ addr: attr(f, "addr"), domain: attr(f, "domain") })),
    hosts: children(dns, "host").map((h) => ({
      ip: attr(h, "ip") ?? "",
      hostnames: children(h, "hostname")
        .map((n) => text(n))
        .filter((n): n is string => n !== undefined),
    })),
  };
}

/** The prefix length of a parsed subnet, from its prefix or netmask (libvirt's default for IPv4: 24). */
export function ipPrefixLength(ip: NetworkIpSpec): number {
  if (ip.prefix !== undefined) return ip.prefix;
  if (ip.netmask !== undefined) return netmaskPrefix(ip.netmask) ?? 24;
  return ip.family === "ipv6" ? 64 : 24;
}
