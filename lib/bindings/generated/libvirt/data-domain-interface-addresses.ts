// Generated from the data.libvirt_domain_interface_addresses schema in lib/provider/libvirt by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** IP addresses of a running libvirt domain's interfaces. */
export interface DataLibvirtDomainInterfaceAddressesConfig extends TerraformMetaArguments {
  /** The domain's UUID or name (libvirt_domain.x.id or .name). */
  readonly domain: string;
  /** "lease" (DHCP leases), "agent" (QEMU guest agent) or "any" (agent, else leases; the default). */
  readonly source?: string;
}

export const DATA_LIBVIRT_DOMAIN_INTERFACE_ADDRESSES_SPEC: AttributeSpec = {
  domain: "value",
  source: "value",
};

/** IP addresses of a running libvirt domain's interfaces. */
export class DataLibvirtDomainInterfaceAddresses extends SpecDataSource<DataLibvirtDomainInterfaceAddressesConfig> {
  public static readonly tfResourceType = "libvirt_domain_interface_addresses";

  public constructor(scope: Construct, id: string, config: DataLibvirtDomainInterfaceAddressesConfig) {
    super(
      scope,
      id,
      { type: "libvirt_domain_interface_addresses", providerName: "libvirt", spec: DATA_LIBVIRT_DOMAIN_INTERFACE_ADDRESSES_SPEC },
      config,
    );
  }

  /** The domain's UUID or name (libvirt_domain.x.id or .name). */
  public get domain(): string {
    return this.attribute("domain");
  }

  /** "lease" (DHCP leases), "agent" (QEMU guest agent) or "any" (agent, else leases; the default). */
  public get source(): string {
    return this.attribute("source");
  }

  /** The interfaces with addresses. */
  public get interfaces(): IResolvable {
    return this.structuredAttribute("interfaces");
  }

  /** The domain's UUID. */
  public get id(): string {
    return this.attribute("id");
  }
}
