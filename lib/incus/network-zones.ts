// Network zones (/1.0/network-zones): DNS zones Incus serves for its networks (API extension network_dns; per
// project since projects_networks_zones). Their records are in network-zone-records.ts.
import type { IncusApi } from "./api";
import { PROJECT } from "./api";
import { CollectionEndpoint } from "./crud";
import type { ConfigMap } from "./types";

/** The API extension a server needs for zones. */
export const NETWORK_ZONES_EXTENSION = "network_dns";

export interface NetworkZonePut {
  /** e.g. `dns.nameservers`, `peers.<name>.address`, `user.*`. */
  readonly config?: ConfigMap;
  readonly description?: string;
}

export interface NetworkZonesPost extends NetworkZonePut {
  /** The DNS zone name, e.g. `example.org`. */
  readonly name: string;
}

export interface NetworkZone {
  readonly name: string;
  readonly description: string;
  readonly config: ConfigMap | null;
  readonly used_by?: string[] | null;
  readonly project?: string;
}

const SCOPES = { read: PROJECT, create: PROJECT, update: PROJECT, rename: PROJECT, delete: PROJECT };

export class NetworkZonesApi extends CollectionEndpoint<NetworkZone, NetworkZonesPost, NetworkZonePut> {
  constructor(api: IncusApi) {
    super(api, "network-zones", SCOPES);
  }
}
