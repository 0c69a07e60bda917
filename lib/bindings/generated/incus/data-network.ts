// Generated from the data.incus_network schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** Reads an existing Incus network. */
export interface DataIncusNetworkConfig extends TerraformMetaArguments {
  /** Name of the network. */
  readonly name: string;
  /** Project of the network. */
  readonly project?: string;
  /** The remote to read from. */
  readonly remote?: string;
  /** Cluster member. */
  readonly target?: string;
  /** Description of the network. */
  readonly description?: string;
  /** Status of the network. */
  readonly status?: string;
  /** Cluster members the network exists on. */
  readonly locations?: string[];
  /** Network type. */
  readonly type?: string;
  /** Whether Incus manages the network. */
  readonly managed?: boolean;
}

export const DATA_INCUS_NETWORK_SPEC: AttributeSpec = {
  name: "value",
  project: "value",
  remote: "value",
  target: "value",
  description: "value",
  status: "value",
  locations: "value",
  type: "value",
  managed: "value",
};

/** Reads an existing Incus network. */
export class DataIncusNetwork extends SpecDataSource<DataIncusNetworkConfig> {
  public static readonly tfResourceType = "incus_network";

  public constructor(scope: Construct, id: string, config: DataIncusNetworkConfig) {
    super(
      scope,
      id,
      { type: "incus_network", providerName: "incus", spec: DATA_INCUS_NETWORK_SPEC },
      config,
    );
  }

  /** Name of the network. */
  public get name(): string {
    return this.attribute("name");
  }

  /** Project of the network. */
  public get project(): string {
    return this.attribute("project");
  }

  /** The remote to read from. */
  public get remote(): string {
    return this.attribute("remote");
  }

  /** Cluster member. */
  public get target(): string {
    return this.attribute("target");
  }

  /** Description of the network. */
  public get description(): string {
    return this.attribute("description");
  }

  /** Network configuration. */
  public get config(): { [key: string]: string } {
    return this.getStringMapAttribute("config");
  }

  /** Status of the network. */
  public get status(): string {
    return this.attribute("status");
  }

  /** Cluster members the network exists on. */
  public get locations(): string[] {
    return this.getListAttribute("locations");
  }

  /** Network type. */
  public get type(): string {
    return this.attribute("type");
  }

  /** Whether Incus manages the network. */
  public get managed(): IResolvable {
    return this.getBooleanAttribute("managed");
  }
}
