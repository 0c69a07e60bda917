// Generated from the incus_network_peer schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** An Incus network peering between OVN networks, or from an OVN network to an integration. */
export interface IncusNetworkPeerConfig extends TerraformMetaArguments {
  /** Name of the peering on the local network. */
  readonly name: string;
  /**
   * Description of the peering.
   * @default ""
   */
  readonly description?: string;
  /** Peering configuration (user.* keys). */
  readonly config?: { readonly [key: string]: string };
  /** Project of the target network (local peerings). */
  readonly targetProject?: string;
  /** Name of the local (OVN) network. */
  readonly network?: string;
  /** Network to peer with (local peerings). */
  readonly targetNetwork?: string;
  /** Type of peering: local (another OVN network) or remote (an integration). */
  readonly type?: string;
  /** Network integration to peer with (remote peerings). */
  readonly targetIntegration?: string;
  /** Project of the local network. */
  readonly project?: string;
  /** The remote to create the peering on. */
  readonly remote?: string;
}

export const INCUS_NETWORK_PEER_SPEC: AttributeSpec = {
  name: "value",
  description: "value",
  config: "map",
  target_project: "value",
  network: "value",
  target_network: "value",
  type: "value",
  target_integration: "value",
  project: "value",
  remote: "value",
};

/** An Incus network peering between OVN networks, or from an OVN network to an integration. */
export class IncusNetworkPeerResource extends SpecResource<IncusNetworkPeerConfig> {
  public static readonly tfResourceType = "incus_network_peer";

  public constructor(scope: Construct, id: string, config: IncusNetworkPeerConfig) {
    super(
      scope,
      id,
      { type: "incus_network_peer", providerName: "incus", spec: INCUS_NETWORK_PEER_SPEC },
      config,
    );
  }

  /** Name of the peering on the local network. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Description of the peering. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /** Project of the target network (local peerings). */
  public get targetProjectRef(): string {
    return this.attribute("target_project");
  }

  /** Name of the local (OVN) network. */
  public get networkRef(): string {
    return this.attribute("network");
  }

  /** Network to peer with (local peerings). */
  public get targetNetworkRef(): string {
    return this.attribute("target_network");
  }

  /** Type of peering: local (another OVN network) or remote (an integration). */
  public get typeRef(): string {
    return this.attribute("type");
  }

  /** Network integration to peer with (remote peerings). */
  public get targetIntegrationRef(): string {
    return this.attribute("target_integration");
  }

  /** Project of the local network. */
  public get projectRef(): string {
    return this.attribute("project");
  }

  /** The remote to create the peering on. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }

  /** Created once both sides point at each other, Pending until then. */
  public get status(): string {
    return this.attribute("status");
  }
}
