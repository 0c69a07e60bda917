// Network peers (/1.0/networks/<network>/peers), read-only: what data "incus_network_peer" needs.
import type { CallOptions, IncusApi, Versioned } from "../api";
import { PROJECT, apiPath } from "../api";
import type { ConfigMap } from "../types";

export interface NetworkPeer {
  readonly name: string;
  readonly description: string;
  readonly config: ConfigMap;
  readonly target_project?: string;
  readonly target_network?: string;
  readonly target_integration?: string;
  /** "local" or "remote". */
  readonly type?: string;
  /** "Created", "Pending", "Errored". */
  readonly status: string;
}

export function getNetworkPeer(
  api: IncusApi,
  network: string,
  name: string,
  call?: CallOptions,
): Promise<Versioned<NetworkPeer>> {
  return api.get<NetworkPeer>(apiPath("networks", network, "peers", name), call, PROJECT);
}
