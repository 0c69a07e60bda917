// Generated from the data.incus_network_forward schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** Reads an existing Incus network forward. */
export interface DataIncusNetworkForwardConfig extends TerraformMetaArguments {
  /** The address the forward listens on. */
  readonly listenAddress: string;
  /** Name of the network. */
  readonly network: string;
  /** Project of the network. */
  readonly project?: string;
  /** The remote to read from. */
  readonly remote?: string;
  /** Cluster member. */
  readonly target?: string;
  /** Description of the forward. */
  readonly description?: string;
  /** Cluster member the forward is on. */
  readonly location?: string;
  /** Forwarded ports. */
  readonly ports?: DataIncusNetworkForwardPortConfig[];
}

/** An element of data.incus_network_forward.ports. */
export interface DataIncusNetworkForwardPortConfig {
  readonly description: string;
  readonly protocol: string;
  readonly listenPort: string;
  readonly targetPort: string;
  readonly targetAddress: string;
  readonly snat: boolean;
}

export const DATA_INCUS_NETWORK_FORWARD_SPEC: AttributeSpec = {
  listen_address: "value",
  network: "value",
  project: "value",
  remote: "value",
  target: "value",
  description: "value",
  location: "value",
  ports: { list: {
    description: "value",
    protocol: "value",
    listen_port: "value",
    target_port: "value",
    target_address: "value",
    snat: "value",
  } },
};

/** Reads an existing Incus network forward. */
export class DataIncusNetworkForward extends SpecDataSource<DataIncusNetworkForwardConfig> {
  public static readonly tfResourceType = "incus_network_forward";

  public constructor(scope: Construct, id: string, config: DataIncusNetworkForwardConfig) {
    super(
      scope,
      id,
      { type: "incus_network_forward", providerName: "incus", spec: DATA_INCUS_NETWORK_FORWARD_SPEC },
      config,
    );
  }

  /** The address the forward listens on. */
  public get listenAddress(): string {
    return this.attribute("listen_address");
  }

  /** Name of the network. */
  public get network(): string {
    return this.attribute("network");
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

  /** Description of the forward. */
  public get description(): string {
    return this.attribute("description");
  }

  /** Forward configuration. */
  public get config(): { [key: string]: string } {
    return this.getStringMapAttribute("config");
  }

  /** Cluster member the forward is on. */
  public get location(): string {
    return this.attribute("location");
  }

  /** Forwarded ports. */
  public get ports(): IResolvable {
    return this.structuredAttribute("ports");
  }
}
