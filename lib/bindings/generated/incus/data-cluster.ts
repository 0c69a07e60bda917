// Generated from the data.incus_cluster schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** Reads whether an Incus remote is clustered, and its cluster members. */
export interface DataIncusClusterConfig extends TerraformMetaArguments {
  /** The remote to read from. */
  readonly remote?: string;
}

export const DATA_INCUS_CLUSTER_SPEC: AttributeSpec = {
  remote: "value",
};

/** Reads whether an Incus remote is clustered, and its cluster members. */
export class DataIncusCluster extends SpecDataSource<DataIncusClusterConfig> {
  public static readonly tfResourceType = "incus_cluster";

  public constructor(scope: Construct, id: string, config: DataIncusClusterConfig) {
    super(
      scope,
      id,
      { type: "incus_cluster", providerName: "incus", spec: DATA_INCUS_CLUSTER_SPEC },
      config,
    );
  }

  /** The remote to read from. */
  public get remote(): string {
    return this.attribute("remote");
  }

  /** Whether the server is part of a cluster. */
  public get isClustered(): IResolvable {
    return this.getBooleanAttribute("is_clustered");
  }

  /** Cluster members by name; null on a standalone server. */
  public get members(): IResolvable {
    return this.structuredAttribute("members");
  }
}
