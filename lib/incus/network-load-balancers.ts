// Network load balancers (/1.0/networks/<network>/load-balancers/<listen address>): spread a listen
// address's ports over named backends. OVN networks only. API extension "network_load_balancer".
import type { IncusApi } from "./api";
import { NetworkChildEndpoint } from "./network-children";
import type { ConfigMap } from "./types";

export interface NetworkLoadBalancerBackend {
  readonly name: string;
  readonly target_address: string;
  readonly target_port?: string;
  readonly description?: string;
}

export interface NetworkLoadBalancerPort {
  /** tcp or udp. */
  readonly protocol: string;
  readonly listen_port: string;
  /** Names of the backends this port balances over. */
  readonly target_backend: readonly string[];
  readonly description?: string;
}

export interface NetworkLoadBalancerPut {
  readonly description?: string;
  readonly config?: ConfigMap;
  readonly backends?: readonly NetworkLoadBalancerBackend[];
  readonly ports?: readonly NetworkLoadBalancerPort[];
}

export interface NetworkLoadBalancersPost extends NetworkLoadBalancerPut {
  readonly listen_address: string;
}

export interface NetworkLoadBalancer {
  readonly listen_address: string;
  readonly description: string;
  readonly config: ConfigMap;
  readonly backends: NetworkLoadBalancerBackend[] | null;
  readonly ports: NetworkLoadBalancerPort[] | null;
  readonly location?: string;
}

export class NetworkLoadBalancersApi extends NetworkChildEndpoint<
  NetworkLoadBalancer,
  NetworkLoadBalancersPost,
  NetworkLoadBalancerPut
> {
  constructor(api: IncusApi) {
    super(api, "load-balancers");
  }
}
