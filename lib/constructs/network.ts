// Network: an isolated bridge by default (Incus: ipv4.address=none, ipv6.address=none; libvirt: no forward, no
// addresses), so nothing an instance sends leaves the host unless the config says so. A libvirt network may get an
// IPv4 subnet with DHCP (`libvirt: { ipv4 }`): still no forwarding, so its addresses route nowhere but the host.
import { Construct } from "constructs";
import type { IConstruct } from "constructs";
import { IncusNetworkResource, LibvirtNetworkResource } from "../bindings";
import { incusOwnershipConfig, libvirtOwnerMetadataXml, OWNER_CONFIG_KEY } from "../lifecycle";
import type { IHost } from "./host";
import { knownHost } from "./private/backend";
import { MEMBER_NETWORK_KEYS, memberPartMarker, splitMemberConfig } from "./private/member-parts";
import { resolveObjectName } from "./private/name-registry";
import { INCUS_NETWORK_NAME, LIBVIRT_NETWORK_NAME } from "./private/names";
import { rejectManagedKeys, rejectOn } from "./private/placement";
import { fail } from "./private/errors";

/** A network instances can be plugged into. */
export interface INetwork extends IConstruct {
  readonly host: IHost;
  /** The network name (a reference to the network resource when it is managed here). */
  readonly networkName: string;
}

/** Settings only libvirt networks have (`libvirt: {...}`). */
export interface LibvirtNetworkOptions {
  /**
   * The host's address and prefix on the bridge, e.g. "10.213.7.1/24". libvirt puts it on the bridge and, with
   * `dhcp`, runs dnsmasq there. There is never forwarding: pick a subnet no other network of the host uses.
   * @default no address (a bare bridge, no DHCP)
   */
  readonly ipv4?: string;
  /**
   * Hand out addresses by DHCP: `true` for the whole subnet after the host's address (e.g. .2-.254 of a /24),
   * or a range.
   * @default true when ipv4 is given
   */
  readonly dhcp?: boolean | { readonly start: string; readonly end: string };
}

export interface NetworkProps {
  readonly host: IHost;
  /**
   * Incus networks are host interfaces: at most 15 characters.
   * @default derived from the construct path (shortened with a hash when too long)
   */
  readonly name?: string;
  /** Incus only. @default none */
  readonly description?: string;
  /** Incus network type. @default "bridge" */
  readonly type?: string;
  /**
   * Incus network config, merged over the isolated defaults (`ipv4.address: none`, `ipv6.address: none`); give
   * e.g. `{"ipv4.address": "10.10.0.1/24", "ipv4.nat": "false"}` for a routed subnet. On a cluster (IncusHost
   * `clusterMembers`) the network is created pending on every member with the member keys
   * (`bridge.external_interfaces`, `parent`, `bgp.ipv4.nexthop`, `bgp.ipv6.nexthop`), then cluster-wide with the rest.
   * @default isolated: no addresses, no NAT
   */
  readonly config?: { readonly [key: string]: string };
  /** libvirt settings (an IPv4 subnet with DHCP); only on a LibvirtHost. @default none */
  readonly libvirt?: LibvirtNetworkOptions;
}

export class Network extends Construct implements INetwork {
  /** A network that exists already and is not managed by this stack. */
  public static fromName(scope: Construct, id: string, host: IHost, name: string): INetwork {
    class ImportedNetwork extends Construct implements INetwork {
      public readonly host = host;
      public readonly networkName = name;
    }
    return new ImportedNetwork(scope, id);
  }

  public readonly host: IHost;
  public readonly networkName: string;

  public constructor(scope: Construct, id: string, props: NetworkProps) {
    super(scope, id);
    const kind = "Network";
    const host = knownHost(this, kind, props.host);
    this.host = props.host;
    const rule = host.hostKind === "incus" ? INCUS_NETWORK_NAME : LIBVIRT_NETWORK_NAME;
    const name = resolveObjectName(this, kind, rule, [host.node.path], props.name);
    rejectOn(this, kind, host, "libvirt", { description: props.description, type: props.type, config: props.config });
    rejectOn(this, kind, host, "incus", { libvirt: props.libvirt });

    if (host.hostKind === "incus") {
      rejectManagedKeys(this, kind, props.config, { [OWNER_CONFIG_KEY]: "it carries the ownership marker" });
      const type = props.type ?? "bridge";
      const config: { [key: string]: string } = { "ipv4.address": "none", "ipv6.address": "none", ...props.config };
      const split = splitMemberConfig(config, MEMBER_NETWORK_KEYS);
      // A cluster creates a network in two steps: pending on every member with the member's own keys (e.g. the
      // parent interface), then cluster-wide with the rest. The marker lets a resumed run adopt each part.
      const memberParts = (host.clusterMembers ?? []).map(
        (member) =>
          new IncusNetworkResource(this, `Member-${member}`, {
            name,
            type,
            remote: host.remoteName,
            target: member,
            config: { ...split.member, ...memberPartMarker(this, host) },
          }),
      );
      const resource = new IncusNetworkResource(this, "Default", {
        name,
        description: props.description,
        type,
        remote: host.remoteName,
        config: { ...(memberParts.length ? split.clusterWide : config), ...incusOwnershipConfig(this) },
        ...(memberParts.length ? { dependsOn: memberParts } : {}),
      });
      this.networkName = resource.nameRef;
    } else {
      const resource = new LibvirtNetworkResource(this, "Default", {
        name,
        metadata: { xml: libvirtOwnerMetadataXml(this) },
        ips: props.libvirt ? libvirtSubnet(this, props.libvirt) : undefined,
        provider: host._provider(),
      });
      this.networkName = resource.nameRef;
    }
  }
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
    if (options.dhcp !== undefined) fail(scope, "Network", "libvirt.dhcp", "needs libvirt.ipv4 (the subnet it hands addresses from)");
    return undefined;
  }
  const match = /^([^/]+)\/(\d+)$/.exec(options.ipv4);
  if (!match || !IPV4.test(match[1]) || Number(match[2]) < 8 || Number(match[2]) > 30) {
    fail(scope, "Network", "libvirt.ipv4", `"${options.ipv4}" is not an IPv4 address with a prefix from 8 to 30, e.g. "10.213.7.1/24"`);
  }
  const [address, prefix] = [match[1], Number(match[2])];
  const size = 2 ** (32 - prefix);
  const network = toNumber(address) - (toNumber(address) % size);
  const inSubnet = (a: string) => IPV4.test(a) && toNumber(a) > network && toNumber(a) < network + size - 1;
  if (!inSubnet(address)) fail(scope, "Network", "libvirt.ipv4", `${address} is the network or broadcast address of /${prefix}`);
  const dhcp = options.dhcp ?? true;
  let range: { start: string; end: string } | undefined;
  if (dhcp === true) {
    const first = toNumber(address) + 1 < network + size - 1 ? toNumber(address) + 1 : network + 1;
    range = { start: toAddress(first), end: toAddress(network + size - 2) };
  } else if (dhcp !== false) {
    if (!inSubnet(dhcp.start) || !inSubnet(dhcp.end) || toNumber(dhcp.start) > toNumber(dhcp.end)) {
      fail(scope, "Network", "libvirt.dhcp", `${dhcp.start}-${dhcp.end} is not a range of host addresses inside ${options.ipv4}`);
    }
    range = dhcp;
  }
  return [{ address, prefix, dhcp: range ? { ranges: [range] } : undefined }];
}
