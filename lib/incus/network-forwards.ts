// Network forwards (/1.0/networks/<network>/forwards/<listen address>): DNAT from an external listen address
// to addresses inside the network, per port or as a whole. API extension "network_forward".
import type { IncusApi } from "./api";
import { PROJECT_AND_TARGET } from "./api";
import { NetworkChildEndpoint } from "./network-children";
import type { ConfigMap } from "./types";

export interface NetworkForwardPort {
  /** tcp or udp. */
  readonly protocol: string;
  /** Port(s) on the listen address, e.g. "80" or "8000-8010,9000". */
  readonly listen_port: string;
  readonly target_address: string;
  /** Target port(s); empty means the same as the listen ports. */
  readonly target_port?: string;
  readonly description?: string;
  /** Source NAT for the forwarded traffic (API extension "network_forward_snat"). */
  readonly snat?: boolean;
}

export interface NetworkForwardPut {
  readonly description?: string;
  /** `target_address` forwards every port not listed in `ports`. */
  readonly config?: ConfigMap;
  readonly ports?: readonly NetworkForwardPort[];
}

export interface NetworkForwardsPost extends NetworkForwardPut {
  readonly listen_address: string;
}

export interface NetworkForward {
  readonly listen_address: string;
  readonly description: string;
  readonly config: ConfigMap;
  readonly ports: NetworkForwardPort[] | null;
  readonly location?: string;
}

export class NetworkForwardsApi extends NetworkChildEndpoint<NetworkForward, NetworkForwardsPost, NetworkForwardPut> {
  constructor(api: IncusApi) {
    super(api, "forwards", PROJECT_AND_TARGET);
  }
}
