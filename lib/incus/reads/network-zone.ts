// Network zones (/1.0/network-zones), read-only: what data "incus_network_zone" needs.
import type { CallOptions, IncusApi, Versioned } from "../api";
import { PROJECT, apiPath } from "../api";
import type { ConfigMap } from "../types";

export interface NetworkZone {
  readonly name: string;
  readonly description: string;
  readonly config: ConfigMap;
}

export function getNetworkZone(api: IncusApi, name: string, call?: CallOptions): Promise<Versioned<NetworkZone>> {
  return api.get<NetworkZone>(apiPath("network-zones", name), call, PROJECT);
}
