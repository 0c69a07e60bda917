// incus_network: a managed Incus network (bridge, macvlan, ovn, …).
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import { SpecResource } from "../spec-resource";
import type { AttributeSpec } from "../attributes";
import type { IncusPlacementConfig } from "./common";

export interface IncusNetworkConfig extends TerraformMetaArguments, IncusPlacementConfig {
  readonly name: string;
  readonly description?: string;
  /** bridge (server default), macvlan, sriov, ovn, physical. */
  readonly type?: string;
  readonly config?: { readonly [key: string]: string };
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

export class IncusNetworkResource extends SpecResource<IncusNetworkConfig> {
  public static readonly tfResourceType = "incus_network";

  public constructor(scope: Construct, id: string, config: IncusNetworkConfig) {
    super(scope, id, { type: "incus_network", providerName: "incus", spec: INCUS_NETWORK_SPEC }, config);
  }

  public get nameRef(): string {
    return this.attribute("name");
  }
}
