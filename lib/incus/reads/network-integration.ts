// Network integrations (/1.0/network-integrations, server-wide), read-only: what data "incus_network_integration"
// needs.
import type { CallOptions, IncusApi, Versioned } from "../api";
import { UNSCOPED, apiPath } from "../api";
import type { ConfigMap } from "../types";

export interface NetworkIntegration {
  readonly name: string;
  readonly description: string;
  readonly config: ConfigMap;
  /** e.g. "ovn". */
  readonly type: string;
}

export function getNetworkIntegration(
  api: IncusApi,
  name: string,
  call?: CallOptions,
): Promise<Versioned<NetworkIntegration>> {
  return api.get<NetworkIntegration>(apiPath("network-integrations", name), call, UNSCOPED);
}
