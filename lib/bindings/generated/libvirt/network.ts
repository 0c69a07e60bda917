// Generated from the libvirt_network schema in lib/provider/libvirt by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** An isolated libvirt network: a bridge with no forwarding; optionally an IPv4 subnet with DHCP for guests. */
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
  /** Not supported by the bundled provider: its networks are isolated. */
  readonly forward?: LibvirtNetworkForwardConfig;
  /** At most one IPv4 subnet (no forwarding: it routes nowhere). Changing it replaces the network. */
  readonly ips?: LibvirtNetworkIpConfig[];
  /** Custom metadata. */
  readonly metadata?: LibvirtNetworkMetadataConfig;
}

/** The host bridge. */
export interface LibvirtNetworkBridgeConfig {
  /** Bridge device name. Default: virbrN. */
  readonly name?: string;
}

/** Not supported by the bundled provider: its networks are isolated. */
export interface LibvirtNetworkForwardConfig {
  /** Forwarding mode. */
  readonly mode?: string;
}

/** At most one IPv4 subnet (no forwarding: it routes nowhere). Changing it replaces the network. */
export interface LibvirtNetworkIpConfig {
  /** The host's IPv4 address on the bridge, e.g. 10.213.7.1. */
  readonly address: string;
  /** Prefix length of the subnet, e.g. 24. */
  readonly prefix: number;
  /** DHCP (dnsmasq) on the subnet. Unset: no DHCP server. */
  readonly dhcp?: LibvirtNetworkIpDhcpConfig;
}

/** DHCP (dnsmasq) on the subnet. Unset: no DHCP server. */
export interface LibvirtNetworkIpDhcpConfig {
  /** Address ranges. */
  readonly ranges: LibvirtNetworkIpDhcpRangeConfig[];
}

/** Address ranges. */
export interface LibvirtNetworkIpDhcpRangeConfig {
  /** First address handed out. */
  readonly start: string;
  /** Last address handed out. */
  readonly end: string;
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
  } },
  ips: { list: {
    address: "value",
    prefix: "value",
    dhcp: { object: {
      ranges: { list: {
        start: "value",
        end: "value",
      } },
    } },
  } },
  metadata: { object: {
    xml: "value",
  } },
};

/** An isolated libvirt network: a bridge with no forwarding; optionally an IPv4 subnet with DHCP for guests. */
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
}
