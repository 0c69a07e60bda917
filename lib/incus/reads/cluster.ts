// The cluster (/1.0/cluster) and its members, read-only: what data "incus_cluster" needs.
import type { CallOptions, IncusApi, Versioned } from "../api";
import { UNSCOPED } from "../api";

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

export function getCluster(api: IncusApi, call?: CallOptions): Promise<Versioned<Cluster>> {
  return api.get<Cluster>("/1.0/cluster", call, UNSCOPED);
}

export function listClusterMembers(api: IncusApi, call?: CallOptions): Promise<ClusterMember[]> {
  return api.list<ClusterMember>("/1.0/cluster/members", call, UNSCOPED);
}
