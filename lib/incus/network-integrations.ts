// Network integrations (/1.0/network-integrations): links to external networking systems (OVN interconnect),
// used by network peers. Server-wide objects (API extension network_integrations). Incus stores an integration
// without contacting OVN; using one in a peer needs a working OVN deployment.
import type { CallOptions, IncusApi } from "./api";
import { UNSCOPED } from "./api";
import { CollectionEndpoint } from "./crud";
import type { ConfigMap } from "./types";

export const NETWORK_INTEGRATIONS_EXTENSION = "network_integrations";

export interface NetworkIntegrationPut {
  /** e.g. `ovn.northbound_connection`, `ovn.ca_cert`, `ovn.transit.pattern`. */
  readonly config?: ConfigMap;
  readonly description?: string;
}

export interface NetworkIntegrationsPost extends NetworkIntegrationPut {
  readonly name: string;
  /** Only "ovn" exists. */
  readonly type: string;
}

export interface NetworkIntegration {
  readonly name: string;
  readonly description: string;
  readonly type: string;
  readonly config: ConfigMap | null;
  readonly used_by: string[] | null;
}

const SCOPES = { read: UNSCOPED, create: UNSCOPED, update: UNSCOPED, rename: UNSCOPED, delete: UNSCOPED };

export class NetworkIntegrationsApi extends CollectionEndpoint<
  NetworkIntegration,
  NetworkIntegrationsPost,
  NetworkIntegrationPut
> {
  constructor(api: IncusApi) {
    super(api, "network-integrations", SCOPES);
  }

  async rename(name: string, newName: string, call?: CallOptions): Promise<void> {
    await this.renameObject(name, newName, call);
  }
}
