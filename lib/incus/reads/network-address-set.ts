// Network address sets (/1.0/network-address-sets), read-only: what data "incus_network_address_set" needs.
import type { CallOptions, IncusApi, Versioned } from "../api";
import { PROJECT, apiPath } from "../api";
import type { ConfigMap } from "../types";

export interface NetworkAddressSet {
  readonly name: string;
  readonly description: string;
  readonly config: ConfigMap;
  readonly addresses: string[] | null;
}

export function getNetworkAddressSet(
  api: IncusApi,
  name: string,
  call?: CallOptions,
): Promise<Versioned<NetworkAddressSet>> {
  return api.get<NetworkAddressSet>(apiPath("network-address-sets", name), call, PROJECT);
}
