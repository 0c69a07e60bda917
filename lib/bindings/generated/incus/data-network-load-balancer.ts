// Generated from the data.incus_network_load_balancer schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** Reads an existing Incus network load balancer. */
export interface DataIncusNetworkLoadBalancerConfig extends TerraformMetaArguments {
  /** The address the load balancer listens on. */
  readonly listenAddress: string;
  /** Name of the network. */
  readonly network: string;
  /** Project of the network. */
  readonly project?: string;
  /** The remote to read from. */
  readonly remote?: string;
  /** Description of the load balancer. */
  readonly description?: string;
  /** Cluster member the load balancer is on. */
  readonly location?: string;
  /** Backends traffic is balanced across. */
  readonly backends?: DataIncusNetworkLoadBalancerBackendConfig[];
  /** Ports and the backends they go to. */
  readonly ports?: DataIncusNetworkLoadBalancerPortConfig[];
}

/** An element of data.incus_network_load_balancer.backends. */
export interface DataIncusNetworkLoadBalancerBackendConfig {
  readonly name: string;
  readonly description: string;
  readonly targetPort: string;
  readonly targetAddress: string;
}

/** An element of data.incus_network_load_balancer.ports. */
export interface DataIncusNetworkLoadBalancerPortConfig {
  readonly description: string;
  readonly protocol: string;
  readonly listenPort: string;
  readonly targetBackend: string[];
}

export const DATA_INCUS_NETWORK_LOAD_BALANCER_SPEC: AttributeSpec = {
  listen_address: "value",
  network: "value",
  project: "value",
  remote: "value",
  description: "value",
  location: "value",
  backends: { list: {
    name: "value",
    description: "value",
    target_port: "value",
    target_address: "value",
  } },
  ports: { list: {
    description: "value",
    protocol: "value",
    listen_port: "value",
    target_backend: "value",
  } },
};

/** Reads an existing Incus network load balancer. */
export class DataIncusNetworkLoadBalancer extends SpecDataSource<DataIncusNetworkLoadBalancerConfig> {
  public static readonly tfResourceType = "incus_network_load_balancer";

  public constructor(scope: Construct, id: string, config: DataIncusNetworkLoadBalancerConfig) {
    super(
      scope,
      id,
      { type: "incus_network_load_balancer", providerName: "incus", spec: DATA_INCUS_NETWORK_LOAD_BALANCER_SPEC },
      config,
    );
  }

  /** The address the load balancer listens on. */
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

  /** Description of the load balancer. */
  public get description(): string {
    return this.attribute("description");
  }

  /** Load balancer configuration. */
  public get config(): { [key: string]: string } {
    return this.getStringMapAttribute("config");
  }

  /** Cluster member the load balancer is on. */
  public get location(): string {
    return this.attribute("location");
  }

  /** Backends traffic is balanced across. */
  public get backends(): IResolvable {
    return this.structuredAttribute("backends");
  }

  /** Ports and the backends they go to. */
  public get ports(): IResolvable {
    return this.structuredAttribute("ports");
  }
}
