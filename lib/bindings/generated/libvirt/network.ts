// Generated from the libvirt_network schema in lib/provider/libvirt by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/**
 * A libvirt virtual network: isolated (no forward), nat, route, open or bridge (an existing host bridge), with
 * IPv4/IPv6 subnets, DHCP and DNS served by libvirt's dnsmasq.
 */
export interface LibvirtNetworkConfig extends TerraformMetaArguments {
  /** Name of the network. */
  readonly name: string;
  /**
   * Start the network when libvirtd starts.
   * @default false
   */
  readonly autostart?: boolean;
  /** The host bridge. */
  readonly bridge?: LibvirtNetworkBridgeConfig;
  /** Forwarding of the guests' traffic off the host. Changing it replaces the network. */
  readonly forward?: LibvirtNetworkForwardConfig;
  /** Subnets (one IPv4 and one IPv6 with DHCP at most). Changing anything but dhcp.hosts replaces the network. */
  readonly ips?: LibvirtNetworkIpConfig[];
  /** The guests' DNS domain. */
  readonly domain?: LibvirtNetworkDomainConfig;
  /** DNS served by dnsmasq. Changing anything but host replaces the network. */
  readonly dns?: LibvirtNetworkDnsConfig;
  /** The bridge's MTU. */
  readonly mtu?: LibvirtNetworkMtuConfig;
  /** Custom metadata. */
  readonly metadata?: LibvirtNetworkMetadataConfig;
}

/** The host bridge. */
export interface LibvirtNetworkBridgeConfig {
  /** Bridge device name. Default: virbrN. For forward mode "bridge": the existing host bridge. */
  readonly name?: string;
}

/** Forwarding of the guests' traffic off the host. Changing it replaces the network. */
export interface LibvirtNetworkForwardConfig {
  /** nat (default when forward is set), route, open or bridge. Unset forward: an isolated network. */
  readonly mode?: string;
  /** Host interface the traffic may leave by (nat, route). */
  readonly dev?: string;
}

/** Subnets (one IPv4 and one IPv6 with DHCP at most). Changing anything but dhcp.hosts replaces the network. */
export interface LibvirtNetworkIpConfig {
  /** The host's address on the bridge, e.g. 10.213.7.1. */
  readonly address: string;
  /** Prefix length of the subnet, e.g. 24 (or give netmask). */
  readonly prefix?: number;
  /** IPv4 netmask of the subnet, e.g. 255.255.255.0. */
  readonly netmask?: string;
  /** Address family: "ipv4" (default) or "ipv6". */
  readonly family?: string;
  /** DHCP (dnsmasq) on the subnet. Unset: no DHCP server. */
  readonly dhcp?: LibvirtNetworkIpDhcpConfig;
}

/** DHCP (dnsmasq) on the subnet. Unset: no DHCP server. */
export interface LibvirtNetworkIpDhcpConfig {
  /** Address ranges. */
  readonly ranges?: LibvirtNetworkIpDhcpRangeConfig[];
  /** Fixed addresses (changed in place, also on the running network). */
  readonly hosts?: LibvirtNetworkIpDhcpHostConfig[];
}

/** Address ranges. */
export interface LibvirtNetworkIpDhcpRangeConfig {
  /** First address handed out. */
  readonly start: string;
  /** Last address handed out. */
  readonly end: string;
}

/** Fixed addresses (changed in place, also on the running network). */
export interface LibvirtNetworkIpDhcpHostConfig {
  /** The guest's MAC address. */
  readonly mac?: string;
  /** The guest's host name. */
  readonly name?: string;
  /** The address it gets. */
  readonly ip?: string;
}

/** The guests' DNS domain. */
export interface LibvirtNetworkDomainConfig {
  /** DNS domain of the guests, e.g. lab.internal. */
  readonly name: string;
  /** "yes": names in the domain are never forwarded upstream. */
  readonly localOnly?: string;
}

/** DNS served by dnsmasq. Changing anything but host replaces the network. */
export interface LibvirtNetworkDnsConfig {
  /** "no": libvirt runs no DNS server on the network. */
  readonly enable?: string;
  /** "no": names without a dot are answered locally only. */
  readonly forwardPlainNames?: string;
  /** Upstream DNS servers. */
  readonly forwarders?: LibvirtNetworkDnsForwarderConfig[];
  /** Static DNS entries (changed in place, also on the running network). */
  readonly host?: LibvirtNetworkDnsHostConfig[];
}

/** Upstream DNS servers. */
export interface LibvirtNetworkDnsForwarderConfig {
  /** Upstream server address. */
  readonly addr?: string;
  /** Only for names in this domain. */
  readonly domain?: string;
}

/** Static DNS entries (changed in place, also on the running network). */
export interface LibvirtNetworkDnsHostConfig {
  /** The address the names resolve to. */
  readonly ip: string;
  /** Its names. */
  readonly hostnames?: LibvirtNetworkDnsHostHostnameConfig[];
}

/** Its names. */
export interface LibvirtNetworkDnsHostHostnameConfig {
  /** A name. */
  readonly hostname: string;
}

/** The bridge's MTU. */
export interface LibvirtNetworkMtuConfig {
  /** MTU of the bridge in bytes. */
  readonly size: number;
}

/** Custom metadata. */
export interface LibvirtNetworkMetadataConfig {
  /** Inner XML of <metadata>; carries the ownership marker. */
  readonly xml: string;
}

export const LIBVIRT_NETWORK_SPEC: AttributeSpec = {
  name: "value",
  autostart: "value",
  bridge: { object: {
    name: "value",
  } },
  forward: { object: {
    mode: "value",
    dev: "value",
  } },
  ips: { list: {
    address: "value",
    prefix: "value",
    netmask: "value",
    family: "value",
    dhcp: { object: {
      ranges: { list: {
        start: "value",
        end: "value",
      } },
      hosts: { list: {
        mac: "value",
        name: "value",
        ip: "value",
      } },
    } },
  } },
  domain: { object: {
    name: "value",
    local_only: "value",
  } },
  dns: { object: {
    enable: "value",
    forward_plain_names: "value",
    forwarders: { list: {
      addr: "value",
      domain: "value",
    } },
    host: { list: {
      ip: "value",
      hostnames: { list: {
        hostname: "value",
      } },
    } },
  } },
  mtu: { object: {
    size: "value",
  } },
  metadata: { object: {
    xml: "value",
  } },
};

/**
 * A libvirt virtual network: isolated (no forward), nat, route, open or bridge (an existing host bridge), with
 * IPv4/IPv6 subnets, DHCP and DNS served by libvirt's dnsmasq.
 */
export class LibvirtNetworkResource extends SpecResource<LibvirtNetworkConfig> {
  public static readonly tfResourceType = "libvirt_network";

  public constructor(scope: Construct, id: string, config: LibvirtNetworkConfig) {
    super(
      scope,
      id,
      { type: "libvirt_network", providerName: "libvirt", spec: LIBVIRT_NETWORK_SPEC },
      config,
    );
  }

  /** Name of the network. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Start the network when libvirtd starts. */
  public get autostartRef(): IResolvable {
    return this.getBooleanAttribute("autostart");
  }

  /** The network's UUID. */
  public get networkId(): string {
    return this.attribute("id");
  }

  /** The network's UUID (as id). */
  public get uuid(): string {
    return this.attribute("uuid");
  }
}
