// Network ACLs (/1.0/network-acls), read-only: what data "incus_network_acl" needs.
import type { CallOptions, IncusApi, Versioned } from "../api";
import { PROJECT, apiPath } from "../api";
import type { ConfigMap } from "../types";

/** One ingress or egress rule; fields Incus leaves empty may be absent. */
export interface NetworkAclRule {
  readonly action: string;
  readonly source?: string;
  readonly destination?: string;
  readonly protocol?: string;
  readonly source_port?: string;
  readonly destination_port?: string;
  readonly icmp_type?: string;
  readonly icmp_code?: string;
  readonly description?: string;
  readonly state: string;
}

export interface NetworkAcl {
  readonly name: string;
  readonly description: string;
  readonly config: ConfigMap;
  readonly egress: NetworkAclRule[] | null;
  readonly ingress: NetworkAclRule[] | null;
  readonly used_by?: string[] | null;
}

export function getNetworkAcl(api: IncusApi, name: string, call?: CallOptions): Promise<Versioned<NetworkAcl>> {
  return api.get<NetworkAcl>(apiPath("network-acls", name), call, PROJECT);
}
