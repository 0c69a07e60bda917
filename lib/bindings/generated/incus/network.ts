// Generated from the incus_network schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** An Incus network. */
export interface IncusNetworkConfig extends TerraformMetaArguments {
  /** Name of the network. */
  readonly name: string;
  /**
   * Description of the network.
   * @default ""
   */
  readonly description?: string;
  /** bridge (server default), macvlan, sriov, ovn or physical. */
  readonly type?: string;
  /** Network configuration. */
  readonly config?: { readonly [key: string]: string };
  /** Project of the network. */
  readonly project?: string;
  /** The remote to create the network on. */
  readonly remote?: string;
  /** Cluster member to create the member-specific part on. */
  readonly target?: string;
}

export const INCUS_NETWORK_SPEC: AttributeSpec = {
  name: "value",
  description: "value",
  type: "value",
  config: "map",
  project: "value",
  remote: "value",
  target: "value",
};

/** An Incus network. */
export class IncusNetworkResource extends SpecResource<IncusNetworkConfig> {
  public static readonly tfResourceType = "incus_network";

  public constructor(scope: Construct, id: string, config: IncusNetworkConfig) {
    super(
      scope,
      id,
      { type: "incus_network", providerName: "incus", spec: INCUS_NETWORK_SPEC },
      config,
    );
  }

  /** Name of the network. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Description of the network. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /** bridge (server default), macvlan, sriov, ovn or physical. */
  public get typeRef(): string {
    return this.attribute("type");
  }

  /** Project of the network. */
  public get projectRef(): string {
    return this.attribute("project");
  }

  /** The remote to create the network on. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }

  /** Cluster member to create the member-specific part on. */
  public get targetRef(): string {
    return this.attribute("target");
  }

  /** Whether Incus manages the network. */
  public get managed(): IResolvable {
    return this.getBooleanAttribute("managed");
  }
}
