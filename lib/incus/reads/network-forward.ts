// Network forwards (/1.0/networks/<network>/forwards), read-only: what data "incus_network_forward" needs.
import type { CallOptions, IncusApi, Versioned } from "../api";
import { PROJECT_AND_TARGET, apiPath } from "../api";
import type { ConfigMap } from "../types";

export interface NetworkForwardPort {
  readonly description?: string;
  readonly protocol: string;
  readonly listen_port: string;
  readonly target_port?: string;
  readonly target_address: string;
  readonly snat?: boolean;
}

export interface NetworkForward {
  readonly listen_address: string;
  readonly description: string;
  readonly config: ConfigMap;
  readonly ports: NetworkForwardPort[] | null;
  readonly location?: string;
}

export function getNetworkForward(
  api: IncusApi,
  network: string,
  listenAddress: string,
  call?: CallOptions,
): Promise<Versioned<NetworkForward>> {
  return api.get<NetworkForward>(apiPath("networks", network, "forwards", listenAddress), call, PROJECT_AND_TARGET);
}
