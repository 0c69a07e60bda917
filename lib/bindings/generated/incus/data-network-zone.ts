// Generated from the data.incus_network_zone schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** Reads an existing Incus network zone. */
export interface DataIncusNetworkZoneConfig extends TerraformMetaArguments {
  /** Name of the zone (a DNS domain). */
  readonly name: string;
  /** Project of the zone. */
  readonly project?: string;
  /** The remote to read from. */
  readonly remote?: string;
  /** Description of the zone. */
  readonly description?: string;
}

export const DATA_INCUS_NETWORK_ZONE_SPEC: AttributeSpec = {
  name: "value",
  project: "value",
  remote: "value",
  description: "value",
};

/** Reads an existing Incus network zone. */
export class DataIncusNetworkZone extends SpecDataSource<DataIncusNetworkZoneConfig> {
  public static readonly tfResourceType = "incus_network_zone";

  public constructor(scope: Construct, id: string, config: DataIncusNetworkZoneConfig) {
    super(
      scope,
      id,
      { type: "incus_network_zone", providerName: "incus", spec: DATA_INCUS_NETWORK_ZONE_SPEC },
      config,
    );
  }

  /** Name of the zone (a DNS domain). */
  public get name(): string {
    return this.attribute("name");
  }

  /** Project of the zone. */
  public get project(): string {
    return this.attribute("project");
  }

  /** The remote to read from. */
  public get remote(): string {
    return this.attribute("remote");
  }

  /** Description of the zone. */
  public get description(): string {
    return this.attribute("description");
  }

  /** Zone configuration. */
  public get config(): { [key: string]: string } {
    return this.getStringMapAttribute("config");
  }
}
