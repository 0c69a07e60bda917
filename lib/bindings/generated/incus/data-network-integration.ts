// Generated from the data.incus_network_integration schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** Reads an existing Incus network integration. */
export interface DataIncusNetworkIntegrationConfig extends TerraformMetaArguments {
  /** Name of the network integration. */
  readonly name: string;
  /** The remote to read from. */
  readonly remote?: string;
  /** Description of the network integration. */
  readonly description?: string;
  /** Integration type, e.g. ovn. */
  readonly type?: string;
}

export const DATA_INCUS_NETWORK_INTEGRATION_SPEC: AttributeSpec = {
  name: "value",
  remote: "value",
  description: "value",
  type: "value",
};

/** Reads an existing Incus network integration. */
export class DataIncusNetworkIntegration extends SpecDataSource<DataIncusNetworkIntegrationConfig> {
  public static readonly tfResourceType = "incus_network_integration";

  public constructor(scope: Construct, id: string, config: DataIncusNetworkIntegrationConfig) {
    super(
      scope,
      id,
      { type: "incus_network_integration", providerName: "incus", spec: DATA_INCUS_NETWORK_INTEGRATION_SPEC },
      config,
    );
  }

  /** Name of the network integration. */
  public get name(): string {
    return this.attribute("name");
  }

  /** The remote to read from. */
  public get remote(): string {
    return this.attribute("remote");
  }

  /** Description of the network integration. */
  public get description(): string {
    return this.attribute("description");
  }

  /** Network integration configuration. */
  public get config(): { [key: string]: string } {
    return this.getStringMapAttribute("config");
  }

  /** Integration type, e.g. ovn. */
  public get type(): string {
    return this.attribute("type");
  }
}
