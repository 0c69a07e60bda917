// Builds a Network's resource on each backend from its validated props: an isolated incus_network (on a cluster after
// one pending part per member) or a libvirt_network in its forward mode (isolated unless asked), bare or with an
// IPv4 subnet, DHCP ranges and DNS hosts.
import type { Construct, IConstruct } from "constructs";
import { IncusNetworkResource, LibvirtNetworkResource } from "../../bindings";
import { isToken } from "../../bindings/attributes";
import { incusOwnershipConfig, libvirtOwnerMetadataXml, OWNER_CONFIG_KEY } from "../../lifecycle";
import type { IncusHostLike } from "./hosts";
import type { LibvirtHostLike } from "./hosts";
import type { INetworkAcl } from "../model/network-acl-props";
import type {
  IncusNetworkOptions,
  LibvirtDhcpRange,
  LibvirtDnsHost,
  LibvirtNetworkOptions,
} from "../model/network-props";
import { fail } from "./errors";
import { MEMBER_NETWORK_KEYS, memberPartMarker, splitMemberConfig } from "./member-parts";
import { rejectManagedKeys } from "./placement";

const KIND = "Network";

/** The incus_network; returns the reference to its name. */
export function incusNetwork(
  scope: Construct,
  host: IncusHostLike,
  name: string,
  options: Partial<IncusNetworkOptions>,
): string {
  rejectManagedKeys(scope, KIND, options.config, {
    [OWNER_CONFIG_KEY]: "it carries the ownership marker",
    ...(options.acls ? { "security.acls": "it comes from `incus.acls`" } : {}),
  });
  const type = options.type ?? "bridge";
  const config: { [key: string]: string } = {
    "ipv4.address": "none",
    "ipv6.address": "none",
    ...options.config,
    ...networkAcls(scope, host, options.acls),
  };
  const split = splitMemberConfig(config, MEMBER_NETWORK_KEYS);
  // A cluster creates a network in two steps: pending on every member with the member's own keys (e.g. the
  // parent interface), then cluster-wide with the rest. The marker lets a resumed run adopt each part.
  const memberParts = (host.clusterMembers ?? []).map(
    (member) =>
      new IncusNetworkResource(scope, `Member-${member}`, {
        name,
        type,
        remote: host.remoteName,
        target: member,
        config: { ...split.member, ...memberPartMarker(scope, host) },
      }),
  );
  const resource = new IncusNetworkResource(scope, "Default", {
    name,
    description: options.description,
    type,
    remote: host.remoteName,
    config: { ...(memberParts.length ? split.clusterWide : config), ...incusOwnershipConfig(scope) },
    ...(memberParts.length ? { dependsOn: memberParts } : {}),
  });
  return resource.nameRef;
}

/** `security.acls` from `incus: { acls }`, checked. */
function networkAcls(
  scope: IConstruct,
  host: IncusHostLike,
  acls: readonly INetworkAcl[] | undefined,
): { [key: string]: string } {
  if (acls === undefined) return {};
  if (!Array.isArray(acls)) fail(scope, KIND, "incus.acls", "must be a list of NetworkAcl constructs");
  for (const acl of acls) {
    if (acl?.aclName === undefined)
      fail(scope, KIND, "incus.acls", "takes NetworkAcl constructs (or NetworkAcl.fromName)");
    if (acl.host !== host) fail(scope, KIND, "incus.acls", `the ACL "${acl.node.path}" is on another host`);
  }
  return acls.length ? { "security.acls": acls.map((acl) => acl.aclName).join(",") } : {};
}

/** The libvirt_network; returns the reference to its name. */
export function libvirtNetwork(
  scope: Construct,
  host: LibvirtHostLike,
  name: string,
  options: Partial<LibvirtNetworkOptions>,
): string {
  const mode = options.mode ?? "isolated";
  if (!(LIBVIRT_MODES as readonly string[]).includes(mode))
    fail(scope, KIND, "libvirt.mode", `${JSON.stringify(mode)} is not one of ${LIBVIRT_MODES.join(", ")}`);
  if (mode === "bridge") {
    if (options.bridge === undefined)
      fail(scope, KIND, "libvirt.bridge", `mode "bridge" needs the existing host bridge, e.g. "br0"`);
    for (const prop of ["ipv4", "dhcp", "dnsHosts", "forwardDevice"] as const) {
      if (options[prop] !== undefined)
        fail(
          scope,
          KIND,
          `libvirt.${prop}`,
          `a network in mode "bridge" has no ${prop} (the host bridge's LAN has its own)`,
        );
    }
  } else if (options.bridge !== undefined) {
    fail(scope, KIND, "libvirt.bridge", `is for mode "bridge" only (mode is "${mode}"; libvirt names its own bridge)`);
  }
  if (options.forwardDevice !== undefined && mode !== "nat" && mode !== "route")
    fail(scope, KIND, "libvirt.forwardDevice", `is for modes "nat" and "route" only (mode is "${mode}")`);
  for (const [prop, value] of [
    ["bridge", options.bridge],
    ["forwardDevice", options.forwardDevice],
  ] as const) {
    if (value !== undefined && !isToken(value) && !/^[A-Za-z0-9_.:-]{1,15}$/.test(value))
      fail(scope, KIND, `libvirt.${prop}`, `${JSON.stringify(value)} is not a host interface name, e.g. "br0"`);
  }
  const resource = new LibvirtNetworkResource(scope, "Default", {
    name,
    metadata: { xml: libvirtOwnerMetadataXml(scope) },
    forward: mode === "isolated" ? undefined : { mode, dev: options.forwardDevice },
    bridge: mode === "bridge" ? { name: options.bridge } : undefined,
    ips: libvirtSubnet(scope, options),
    dns: libvirtDnsHosts(scope, options),
    provider: host._provider(),
  });
  return resource.nameRef;
}

const LIBVIRT_MODES = ["isolated", "nat", "route", "open", "bridge"] as const;
const DNS_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** The `dns` block of `libvirt: { dnsHosts }`, checked. */
function libvirtDnsHosts(scope: IConstruct, options: LibvirtNetworkOptions) {
  const hosts: readonly LibvirtDnsHost[] | undefined = options.dnsHosts;
  if (hosts === undefined) return undefined;
  if (!Array.isArray(options.dnsHosts)) fail(scope, KIND, "libvirt.dnsHosts", "must be a list of { ip, hostnames }");
  if (options.ipv4 === undefined)
    fail(scope, KIND, "libvirt.dnsHosts", "needs libvirt.ipv4 (dnsmasq serves DNS on the network's address)");
  hosts.forEach((entry, i) => {
    const prop = `libvirt.dnsHosts[${i}]`;
    if (!isToken(entry?.ip) && !IPV4.test(entry?.ip ?? ""))
      fail(scope, KIND, `${prop}.ip`, `${JSON.stringify(entry?.ip)} is not an IPv4 address`);
    if (!Array.isArray(entry?.hostnames) || entry.hostnames.length === 0)
      fail(scope, KIND, `${prop}.hostnames`, "needs at least one name");
    for (const hostname of entry.hostnames) {
      if (!isToken(hostname) && !DNS_NAME.test(hostname))
        fail(scope, KIND, `${prop}.hostnames`, `${JSON.stringify(hostname)} is not a DNS name`);
    }
  });
  return { host: hosts.map((h) => ({ ip: h.ip, hostnames: h.hostnames.map((hostname) => ({ hostname })) })) };
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function toNumber(address: string): number {
  return address.split(".").reduce((n, octet) => n * 256 + Number(octet), 0);
}

function toAddress(n: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join(".");
}

/** `ips` of a libvirt network from `libvirt: { ipv4, dhcp }`, validated (the DHCP range inside the subnet). */
function libvirtSubnet(scope: IConstruct, options: LibvirtNetworkOptions) {
  if (options.ipv4 === undefined) {
    if (options.dhcp !== undefined)
      fail(scope, "Network", "libvirt.dhcp", "needs libvirt.ipv4 (the subnet it hands addresses from)");
    return undefined;
  }
  const match = /^([^/]+)\/(\d+)$/.exec(options.ipv4);
  if (!match || !IPV4.test(match[1]) || Number(match[2]) < 8 || Number(match[2]) > 30) {
    fail(
      scope,
      "Network",
      "libvirt.ipv4",
      `"${options.ipv4}" is not an IPv4 address with a prefix from 8 to 30, e.g. "10.213.7.1/24"`,
    );
  }
  const [address, prefix] = [match[1], Number(match[2])];
  const size = 2 ** (32 - prefix);
  const network = toNumber(address) - (toNumber(address) % size);
  const inSubnet = (a: string | undefined): a is string =>
    a !== undefined && IPV4.test(a) && toNumber(a) > network && toNumber(a) < network + size - 1;
  if (!inSubnet(address))
    fail(scope, "Network", "libvirt.ipv4", `${address} is the network or broadcast address of /${prefix}`);
  const dhcp = options.dhcp ?? true;
  let ranges: readonly LibvirtDhcpRange[] | undefined;
  if (dhcp === true) {
    const first = toNumber(address) + 1 < network + size - 1 ? toNumber(address) + 1 : network + 1;
    ranges = [{ start: toAddress(first), end: toAddress(network + size - 2) }];
  } else if (dhcp !== false) {
    ranges = Array.isArray(dhcp) ? dhcp : [dhcp as LibvirtDhcpRange];
    if (ranges.length === 0) fail(scope, "Network", "libvirt.dhcp", "needs at least one range (or false: no DHCP)");
    ranges.forEach((r, i) => {
      const prop = Array.isArray(dhcp) ? `libvirt.dhcp[${i}]` : "libvirt.dhcp";
      if (!inSubnet(r?.start) || !inSubnet(r?.end) || toNumber(r.start) > toNumber(r.end)) {
        fail(scope, "Network", prop, `${r?.start}-${r?.end} is not a range of host addresses inside ${options.ipv4}`);
      }
      const overlapping = ranges!.findIndex(
        (o, j) => j < i && toNumber(o.start) <= toNumber(r.end) && toNumber(r.start) <= toNumber(o.end),
      );
      if (overlapping >= 0) fail(scope, "Network", prop, `overlaps the range libvirt.dhcp[${overlapping}]`);
    });
  }
  return [{ address, prefix, dhcp: ranges ? { ranges: ranges.map(({ start, end }) => ({ start, end })) } : undefined }];
}
