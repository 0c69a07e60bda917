// Network ACLs (/1.0/network-acls): named sets of ingress and egress traffic rules that networks and NICs
// reference through their `security.acls` key. API extension "network_acl".
import type { CallOptions, IncusApi } from "./api";
import { PROJECT } from "./api";
import { CollectionEndpoint } from "./crud";
import type { ConfigMap } from "./types";

/** One traffic rule; fields left empty match anything. */
export interface NetworkACLRule {
  /** allow, allow-stateless, drop or reject. */
  readonly action: string;
  /** enabled, disabled or logged. */
  readonly state: string;
  readonly description?: string;
  /** Comma-separated addresses, ranges, subnets or `@name` references. */
  readonly source?: string;
  readonly destination?: string;
  /** icmp4, icmp6, tcp, udp or empty for any. */
  readonly protocol?: string;
  readonly source_port?: string;
  readonly destination_port?: string;
  /** Only for icmp4 and icmp6. */
  readonly icmp_type?: string;
  readonly icmp_code?: string;
}

export interface NetworkACLPut {
  readonly description?: string;
  readonly config?: ConfigMap;
  readonly egress?: readonly NetworkACLRule[];
  readonly ingress?: readonly NetworkACLRule[];
}

export interface NetworkACLsPost extends NetworkACLPut {
  readonly name: string;
}

export interface NetworkACL {
  readonly name: string;
  readonly description: string;
  readonly config: ConfigMap;
  readonly egress: NetworkACLRule[] | null;
  readonly ingress: NetworkACLRule[] | null;
  readonly used_by: string[] | null;
  readonly project?: string;
}

const SCOPES = { read: PROJECT, create: PROJECT, update: PROJECT, rename: PROJECT, delete: PROJECT };

export class NetworkACLsApi extends CollectionEndpoint<NetworkACL, NetworkACLsPost, NetworkACLPut> {
  constructor(api: IncusApi) {
    super(api, "network-acls", SCOPES);
  }

  async rename(name: string, newName: string, call?: CallOptions): Promise<void> {
    await this.renameObject(name, newName, call);
  }
}
