// libvirt_network (0.9.x shape, subset): a virtual network with no forward (isolated); with ips the host has an
// address on it and, with dhcp ranges, hands out addresses to guests.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import { SpecResource } from "../spec-resource";
import type { AttributeSpec } from "../attributes";

export interface LibvirtNetworkConfig extends TerraformMetaArguments {
  readonly name: string;
  readonly autostart?: boolean;
  readonly bridge?: { readonly name?: string };
  readonly forward?: { readonly mode?: string };
  /** At most one IPv4 subnet: the host's address on the bridge and DHCP ranges. */
  readonly ips?: {
    readonly address: string;
    readonly prefix: number;
    readonly dhcp?: { readonly ranges: { readonly start: string; readonly end: string }[] };
  }[];
  /** Custom network metadata: the inner XML of <metadata>. */
  readonly metadata?: { readonly xml: string };
}

export const LIBVIRT_NETWORK_SPEC: AttributeSpec = {
  name: "value",
  autostart: "value",
  bridge: { object: { name: "value" } },
  forward: { object: { mode: "value" } },
  ips: { list: { address: "value", prefix: "value", dhcp: { object: { ranges: { list: { start: "value", end: "value" } } } } } },
  metadata: { object: { xml: "value" } },
};

export class LibvirtNetworkResource extends SpecResource<LibvirtNetworkConfig> {
  public static readonly tfResourceType = "libvirt_network";

  public constructor(scope: Construct, id: string, config: LibvirtNetworkConfig) {
    super(scope, id, { type: "libvirt_network", providerName: "libvirt", spec: LIBVIRT_NETWORK_SPEC }, config);
  }

  public get nameRef(): string {
    return this.attribute("name");
  }
}
