// Builds a Network's resource on each backend from its validated props: an isolated incus_network (on a cluster after
// one pending part per member) or a libvirt_network, bare or with an IPv4 subnet and DHCP (never forwarding).
import type { Construct, IConstruct } from "constructs";
import { IncusNetworkResource, LibvirtNetworkResource } from "../../bindings";
import { incusOwnershipConfig, libvirtOwnerMetadataXml, OWNER_CONFIG_KEY } from "../../lifecycle";
import type { IncusHostLike } from "./hosts";
import type { LibvirtHostLike } from "./hosts";
import type { INetworkAcl } from "../model/network-acl-props";
import type { IncusNetworkOptions, LibvirtNetworkOptions } from "../model/network-props";
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
  const resource = new LibvirtNetworkResource(scope, "Default", {
    name,
    metadata: { xml: libvirtOwnerMetadataXml(scope) },
    ips: libvirtSubnet(scope, options),
    provider: host._provider(),
  });
  return resource.nameRef;
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
  const inSubnet = (a: string) => IPV4.test(a) && toNumber(a) > network && toNumber(a) < network + size - 1;
  if (!inSubnet(address))
    fail(scope, "Network", "libvirt.ipv4", `${address} is the network or broadcast address of /${prefix}`);
  const dhcp = options.dhcp ?? true;
  let range: { start: string; end: string } | undefined;
  if (dhcp === true) {
    const first = toNumber(address) + 1 < network + size - 1 ? toNumber(address) + 1 : network + 1;
    range = { start: toAddress(first), end: toAddress(network + size - 2) };
  } else if (dhcp !== false) {
    if (!inSubnet(dhcp.start) || !inSubnet(dhcp.end) || toNumber(dhcp.start) > toNumber(dhcp.end)) {
      fail(
        scope,
        "Network",
        "libvirt.dhcp",
        `${dhcp.start}-${dhcp.end} is not a range of host addresses inside ${options.ipv4}`,
      );
    }
    range = dhcp;
  }
  return [{ address, prefix, dhcp: range ? { ranges: [range] } : undefined }];
}
