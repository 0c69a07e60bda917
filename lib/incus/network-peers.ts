// Network peers (/1.0/networks/<network>/peers/<name>): routing between two OVN networks, or from an OVN
// network to a network integration. API extension "network_peer".
import type { IncusApi } from "./api";
import { NetworkChildEndpoint } from "./network-children";
import type { ConfigMap } from "./types";

export interface NetworkPeerPut {
  readonly description?: string;
  readonly config?: ConfigMap;
}

export interface NetworkPeersPost extends NetworkPeerPut {
  readonly name: string;
  readonly target_project?: string;
  readonly target_network?: string;
  /** "local" (another OVN network) or "remote" (a network integration). */
  readonly type?: string;
  readonly target_integration?: string;
}

export interface NetworkPeer {
  readonly name: string;
  readonly description: string;
  readonly config: ConfigMap;
  readonly target_project: string;
  readonly target_network: string;
  readonly type?: string;
  readonly target_integration?: string;
  /** "Created" once both sides point at each other, "Pending" until then. */
  readonly status: string;
  readonly used_by: string[] | null;
}

export class NetworkPeersApi extends NetworkChildEndpoint<NetworkPeer, NetworkPeersPost, NetworkPeerPut> {
  constructor(api: IncusApi) {
    super(api, "peers");
  }
}
