// Generated from the incus_cluster_group schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** A group of Incus cluster members, for placing instances and volumes with target = "@<group>". */
export interface IncusClusterGroupConfig extends TerraformMetaArguments {
  /** Name of the cluster group. */
  readonly name: string;
  /**
   * Description of the cluster group.
   * @default ""
   */
  readonly description?: string;
  /** The remote (a cluster) to create the group on. */
  readonly remote?: string;
  /** Cluster group configuration (needs the API extension clustering_groups_config). */
  readonly config?: { readonly [key: string]: string };
  /** Names of the cluster members in the group. */
  readonly members?: string[];
}

export const INCUS_CLUSTER_GROUP_SPEC: AttributeSpec = {
  name: "value",
  description: "value",
  remote: "value",
  config: "map",
  members: "value",
};

/** A group of Incus cluster members, for placing instances and volumes with target = "@<group>". */
export class IncusClusterGroupResource extends SpecResource<IncusClusterGroupConfig> {
  public static readonly tfResourceType = "incus_cluster_group";

  public constructor(scope: Construct, id: string, config: IncusClusterGroupConfig) {
    super(
      scope,
      id,
      { type: "incus_cluster_group", providerName: "incus", spec: INCUS_CLUSTER_GROUP_SPEC },
      config,
    );
  }

  /** Name of the cluster group. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Description of the cluster group. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /** The remote (a cluster) to create the group on. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }
}
