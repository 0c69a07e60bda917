// Generated from the incus_network_forward schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** An Incus network forward: DNAT from a listen address to addresses inside the network. */
export interface IncusNetworkForwardConfig extends TerraformMetaArguments {
  /** Name of the network the forward belongs to. */
  readonly network: string;
  /** The IP address the forward listens on. */
  readonly listenAddress: string;
  /**
   * Description of the forward.
   * @default ""
   */
  readonly description?: string;
  /** Project of the network. */
  readonly project?: string;
  /** The remote to create the forward on. */
  readonly remote?: string;
  /** Forward configuration, e.g. target_address (the default target for ports not listed). */
  readonly config?: { readonly [key: string]: string };
  /** Port forwards. */
  readonly ports?: IncusNetworkForwardPortConfig[];
}

/** Port forwards. */
export interface IncusNetworkForwardPortConfig {
  /** Port description. */
  readonly description?: string;
  /**
   * Port protocol: tcp or udp.
   * @default "tcp"
   */
  readonly protocol?: string;
  /** Listen port(s) to forward, e.g. 80 or 8000-8010. */
  readonly listenPort: string;
  /** Target port(s) to forward the listen ports to. */
  readonly targetPort: string;
  /** Target address to forward the listen ports to. */
  readonly targetAddress: string;
}

export const INCUS_NETWORK_FORWARD_SPEC: AttributeSpec = {
  network: "value",
  listen_address: "value",
  description: "value",
  project: "value",
  remote: "value",
  config: "map",
  ports: { list: {
    description: "value",
    protocol: "value",
    listen_port: "value",
    target_port: "value",
    target_address: "value",
  } },
};

/** An Incus network forward: DNAT from a listen address to addresses inside the network. */
export class IncusNetworkForwardResource extends SpecResource<IncusNetworkForwardConfig> {
  public static readonly tfResourceType = "incus_network_forward";

  public constructor(scope: Construct, id: string, config: IncusNetworkForwardConfig) {
    super(
      scope,
      id,
      { type: "incus_network_forward", providerName: "incus", spec: INCUS_NETWORK_FORWARD_SPEC },
      config,
    );
  }

  /** Name of the network the forward belongs to. */
  public get networkRef(): string {
    return this.attribute("network");
  }

  /** The IP address the forward listens on. */
  public get listenAddressRef(): string {
    return this.attribute("listen_address");
  }

  /** Description of the forward. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /** Project of the network. */
  public get projectRef(): string {
    return this.attribute("project");
  }

  /** The remote to create the forward on. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }
}
