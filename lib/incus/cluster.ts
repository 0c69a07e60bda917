// The cluster (/1.0/cluster) and its members (/1.0/cluster/members), read-only: whether the server is clustered
// and which members it has. Cluster groups are in cluster-groups.ts.
import type { CallOptions, IncusApi, Versioned } from "./api";
import { UNSCOPED } from "./api";

export interface Cluster {
  readonly server_name: string;
  /** False on a standalone server. */
  readonly enabled: boolean;
}

export interface ClusterMember {
  readonly server_name: string;
  /** https://<address>:<port> */
  readonly url: string;
  readonly architecture: string;
  readonly description: string;
  readonly failure_domain: string;
  readonly groups: string[] | null;
  readonly roles: string[] | null;
  /** "Online", "Evacuated", "Offline", ... */
  readonly status: string;
}

export class ClusterApi {
  constructor(private readonly api: IncusApi) {}

  /** The cluster's state; `enabled` is false on a standalone server. */
  async get(call?: CallOptions): Promise<Versioned<Cluster>> {
    return this.api.get<Cluster>("/1.0/cluster", call, UNSCOPED);
  }

  /** Every member of the cluster (GET ?recursion=1); fails on a standalone server. */
  async listMembers(call?: CallOptions): Promise<ClusterMember[]> {
    return this.api.list<ClusterMember>("/1.0/cluster/members", call, UNSCOPED);
  }
}
