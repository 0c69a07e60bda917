// Cluster groups (/1.0/cluster/groups): named sets of cluster members that placement can target
// (API extension clustering_groups; a config map since clustering_groups_config).
import type { CallOptions, IncusApi } from "./api";
import { UNSCOPED } from "./api";
import { CollectionEndpoint } from "./crud";
import type { ConfigMap } from "./types";

export const CLUSTER_GROUPS_EXTENSION = "clustering_groups";
/** Servers without it keep no config on groups (and drop a config sent to them). */
export const CLUSTER_GROUPS_CONFIG_EXTENSION = "clustering_groups_config";

export interface ClusterGroupPut {
  readonly description?: string;
  /** Names of the cluster members in the group. */
  readonly members?: readonly string[];
  readonly config?: ConfigMap;
}

export interface ClusterGroupsPost extends ClusterGroupPut {
  readonly name: string;
}

export interface ClusterGroup {
  readonly name: string;
  readonly description: string;
  readonly members: string[] | null;
  /** Absent on servers without clustering_groups_config. */
  readonly config?: ConfigMap | null;
  readonly used_by?: string[] | null;
}

const SCOPES = { read: UNSCOPED, create: UNSCOPED, update: UNSCOPED, rename: UNSCOPED, delete: UNSCOPED };

export class ClusterGroupsApi extends CollectionEndpoint<ClusterGroup, ClusterGroupsPost, ClusterGroupPut> {
  constructor(api: IncusApi) {
    super(api, "cluster/groups", SCOPES);
  }

  /** Path of one group: the collection has two segments, so apiPath must not encode its slash. */
  protected override pathOf(name: string): string {
    return `/1.0/cluster/groups/${encodeURIComponent(name)}`;
  }

  override async list(call?: CallOptions): Promise<ClusterGroup[]> {
    return this.api.list<ClusterGroup>("/1.0/cluster/groups", call, UNSCOPED);
  }

  override async create(body: ClusterGroupsPost, call?: CallOptions): Promise<void> {
    await this.api.write("POST", "/1.0/cluster/groups", call, UNSCOPED, { json: body });
  }

  async rename(name: string, newName: string, call?: CallOptions): Promise<void> {
    await this.renameObject(name, newName, call);
  }
}
