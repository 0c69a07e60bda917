// Network load balancers (/1.0/networks/<network>/load-balancers), read-only: what data
// "incus_network_load_balancer" needs.
import type { CallOptions, IncusApi, Versioned } from "../api";
import { PROJECT, apiPath } from "../api";
import type { ConfigMap } from "../types";

export interface NetworkLoadBalancerBackend {
  readonly name: string;
  readonly description?: string;
  readonly target_port?: string;
  readonly target_address: string;
}

export interface NetworkLoadBalancerPort {
  readonly description?: string;
  readonly protocol: string;
  readonly listen_port: string;
  readonly target_backend: string[] | null;
}

export interface NetworkLoadBalancer {
  readonly listen_address: string;
  readonly description: string;
  readonly config: ConfigMap;
  readonly backends: NetworkLoadBalancerBackend[] | null;
  readonly ports: NetworkLoadBalancerPort[] | null;
  readonly location?: string;
}

export function getNetworkLoadBalancer(
  api: IncusApi,
  network: string,
  listenAddress: string,
  call?: CallOptions,
): Promise<Versioned<NetworkLoadBalancer>> {
  return api.get<NetworkLoadBalancer>(apiPath("networks", network, "load-balancers", listenAddress), call, PROJECT);
}
