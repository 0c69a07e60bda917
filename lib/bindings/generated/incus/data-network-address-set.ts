// Generated from the data.incus_network_address_set schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** Reads an existing Incus network address set. */
export interface DataIncusNetworkAddressSetConfig extends TerraformMetaArguments {
  /** Name of the address set. */
  readonly name: string;
  /** Project of the address set. */
  readonly project?: string;
  /** The remote to read from. */
  readonly remote?: string;
  /** Description of the address set. */
  readonly description?: string;
  /** Addresses and CIDR ranges. */
  readonly addresses?: string[];
}

export const DATA_INCUS_NETWORK_ADDRESS_SET_SPEC: AttributeSpec = {
  name: "value",
  project: "value",
  remote: "value",
  description: "value",
  addresses: "value",
};

/** Reads an existing Incus network address set. */
export class DataIncusNetworkAddressSet extends SpecDataSource<DataIncusNetworkAddressSetConfig> {
  public static readonly tfResourceType = "incus_network_address_set";

  public constructor(scope: Construct, id: string, config: DataIncusNetworkAddressSetConfig) {
    super(
      scope,
      id,
      { type: "incus_network_address_set", providerName: "incus", spec: DATA_INCUS_NETWORK_ADDRESS_SET_SPEC },
      config,
    );
  }

  /** Name of the address set. */
  public get name(): string {
    return this.attribute("name");
  }

  /** Project of the address set. */
  public get project(): string {
    return this.attribute("project");
  }

  /** The remote to read from. */
  public get remote(): string {
    return this.attribute("remote");
  }

  /** Description of the address set. */
  public get description(): string {
    return this.attribute("description");
  }

  /** Address set configuration. */
  public get config(): { [key: string]: string } {
    return this.getStringMapAttribute("config");
  }

  /** Addresses and CIDR ranges. */
  public get addresses(): string[] {
    return this.getListAttribute("addresses");
  }
}
