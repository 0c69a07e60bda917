// What a network is to the rest of the library (INetwork: what an instance is plugged into) and the props of a
// Network: settings of one backend are grouped in `incus: {...}` / `libvirt: {...}`, typed by the host (see
// instance-props.ts for why); the flat props of the previous release still work, deprecated.
import type { IConstruct } from "constructs";
import type { IHost, IncusOnly, LibvirtOnly } from "./host";
import type { INetworkAcl } from "./network-acl-props";
import type { OptionGroup } from "./option-group";

/** A network instances can be plugged into. */
export interface INetwork<H extends IHost = IHost> extends IConstruct {
  readonly host: H;
  /** The network name (a reference to the network resource when it is managed here). */
  readonly networkName: string;
}

/** Settings only Incus networks have (`incus: {...}`). */
export interface IncusNetworkOptions {
  /** @default none */
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
  /**
   * Network ACLs applied to every instance NIC of the network (Incus `security.acls`). Traffic no rule allows is
   * refused (`security.acls.default.*.action`, Incus's default "reject").
   * @default none
   */
  readonly acls?: readonly INetworkAcl[];
}

/** How a libvirt network forwards its guests' traffic off the host (`libvirt: { mode }`). */
export type LibvirtNetworkMode = "isolated" | "nat" | "route" | "open" | "bridge";

/** A DHCP address range of a libvirt network. */
export interface LibvirtDhcpRange {
  readonly start: string;
  readonly end: string;
}

/** A static DNS entry libvirt's dnsmasq answers (`libvirt: { dnsHosts }`). */
export interface LibvirtDnsHost {
  /** The address the names resolve to (inside the network's subnet or not). */
  readonly ip: string;
  /** Its names, e.g. ["db", "db.lab.internal"]. */
  readonly hostnames: readonly string[];
}

/** Settings only libvirt networks have (`libvirt: {...}`). */
export interface LibvirtNetworkOptions {
  /**
   * Where the guests' traffic may go: "isolated" (nowhere but the host), "nat" (out through the host, masqueraded),
   * "route" (routed, not masqueraded: the LAN needs a route back), "open" (routed, libvirt adds no firewall rules) or
   * "bridge" (the guests sit on an existing host `bridge`; no addresses, DHCP or DNS from libvirt). Changing it
   * replaces the network (its instances' NICs are plugged in again).
   * @default "isolated"
   */
  readonly mode?: LibvirtNetworkMode;
  /** mode "bridge": the existing host bridge, e.g. "br0" (not managed here). */
  readonly bridge?: string;
  /** modes "nat" and "route": the only host interface the traffic may leave by, e.g. "eth0". @default any */
  readonly forwardDevice?: string;
  /**
   * The host's address and prefix on the bridge, e.g. "10.213.7.1/24". libvirt puts it on the bridge and, with
   * `dhcp`, runs dnsmasq there. Pick a subnet no other network of the host uses. Not with mode "bridge".
   * @default no address (a bare bridge, no DHCP)
   */
  readonly ipv4?: string;
  /**
   * Hand out addresses by DHCP: `true` for the whole subnet after the host's address (e.g. .2-.254 of a /24),
   * a range or a list of ranges (inside the subnet, not overlapping).
   * @default true when ipv4 is given
   */
  readonly dhcp?: boolean | LibvirtDhcpRange | readonly LibvirtDhcpRange[];
  /**
   * Static DNS entries dnsmasq answers on the network; changed in place (the network is not replaced). Needs
   * `ipv4`.
   * @default none
   */
  readonly dnsHosts?: readonly LibvirtDnsHost[];
}

export interface NetworkProps<H extends IHost = IHost> {
  /** An IncusHost or a LibvirtHost; its type decides which of `incus` and `libvirt` compiles. */
  readonly host: H;
  /**
   * Incus networks are host interfaces: at most 15 characters.
   * @default derived from the construct path (shortened with a hash when too long)
   */
  readonly name?: string;
  /** Incus settings (description, type, config); only with an IncusHost. @default isolated bridge */
  readonly incus?: IncusOnly<H, IncusNetworkOptions>;
  /**
   * libvirt settings (forward mode, an IPv4 subnet with DHCP ranges, DNS hosts); only with a LibvirtHost.
   * @default an isolated network without addresses
   */
  readonly libvirt?: LibvirtOnly<H, LibvirtNetworkOptions>;

  /** @deprecated Write `incus: { description }`; flat Incus-only props are removed in the next release. */
  readonly description?: IncusOnly<H, string>;
  /** @deprecated Write `incus: { type }`; flat Incus-only props are removed in the next release. */
  readonly type?: IncusOnly<H, string>;
  /** @deprecated Write `incus: { config }`; flat Incus-only props are removed in the next release. */
  readonly config?: IncusOnly<H, { readonly [key: string]: string }>;
}

/** @internal The options of each group (and the deprecated flat props of the same names). */
export const INCUS_NETWORK_OPTIONS: OptionGroup<IncusNetworkOptions> = {
  group: "incus",
  names: ["description", "type", "config"],
};

/** @internal */
export const LIBVIRT_NETWORK_OPTIONS: OptionGroup<LibvirtNetworkOptions> = {
  group: "libvirt",
  names: [],
};
