// Generated from the incus_network_lb schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** An Incus network load balancer (OVN networks): listen ports spread over named backends. */
export interface IncusNetworkLbConfig extends TerraformMetaArguments {
  /** Name of the (OVN) network the load balancer belongs to. */
  readonly network: string;
  /** The IP address the load balancer listens on. */
  readonly listenAddress: string;
  /**
   * Description of the load balancer.
   * @default ""
   */
  readonly description?: string;
  /** Project of the network. */
  readonly project?: string;
  /** The remote to create the load balancer on. */
  readonly remote?: string;
  /** Load balancer configuration (user.* keys, health checks). */
  readonly config?: { readonly [key: string]: string };
  /** Network load balancer backend. */
  readonly backend?: IncusNetworkLbBackendConfig[];
  /** Network load balancer port. */
  readonly port?: IncusNetworkLbPortConfig[];
}

/** Network load balancer backend. */
export interface IncusNetworkLbBackendConfig {
  /** LB backend name. */
  readonly name: string;
  /**
   * LB backend description.
   * @default ""
   */
  readonly description?: string;
  /** LB backend target address. */
  readonly targetAddress: string;
  /** LB backend target port. */
  readonly targetPort?: string;
}

/** Network load balancer port. */
export interface IncusNetworkLbPortConfig {
  /**
   * Port description.
   * @default ""
   */
  readonly description?: string;
  /**
   * Port protocol: tcp or udp.
   * @default "tcp"
   */
  readonly protocol?: string;
  /** Port to listen to. */
  readonly listenPort: string;
  /** List of target LB backends. */
  readonly targetBackend: string[];
}

export const INCUS_NETWORK_LB_SPEC: AttributeSpec = {
  network: "value",
  listen_address: "value",
  description: "value",
  project: "value",
  remote: "value",
  config: "map",
  backend: { list: {
    name: "value",
    description: "value",
    target_address: "value",
    target_port: "value",
  } },
  port: { list: {
    description: "value",
    protocol: "value",
    listen_port: "value",
    target_backend: "value",
  } },
};

/** An Incus network load balancer (OVN networks): listen ports spread over named backends. */
export class IncusNetworkLbResource extends SpecResource<IncusNetworkLbConfig> {
  public static readonly tfResourceType = "incus_network_lb";

  public constructor(scope: Construct, id: string, config: IncusNetworkLbConfig) {
    super(
      scope,
      id,
      { type: "incus_network_lb", providerName: "incus", spec: INCUS_NETWORK_LB_SPEC },
      config,
    );
  }

  /** Name of the (OVN) network the load balancer belongs to. */
  public get networkRef(): string {
    return this.attribute("network");
  }

  /** The IP address the load balancer listens on. */
  public get listenAddressRef(): string {
    return this.attribute("listen_address");
  }

  /** Description of the load balancer. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /** Project of the network. */
  public get projectRef(): string {
    return this.attribute("project");
  }

  /** The remote to create the load balancer on. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }
}
