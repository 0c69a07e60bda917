// Networks (/1.0/networks): managed bridges, OVN networks, macvlan, ...
import type { CallOptions, IncusApi } from "./api";
import { PROJECT, PROJECT_AND_TARGET } from "./api";
import { CollectionEndpoint } from "./crud";
import type { ConfigMap } from "./types";

export interface NetworkPut {
  /** e.g. `ipv4.address: "none"` for an isolated bridge. */
  readonly config?: ConfigMap;
  readonly description?: string;
}

export interface NetworksPost extends NetworkPut {
  readonly name: string;
  /** bridge, macvlan, sriov, ovn, physical. @default "bridge" */
  readonly type?: string;
}

export interface Network {
  readonly name: string;
  readonly description: string;
  readonly type: string;
  readonly managed: boolean;
  readonly status: string;
  readonly config: ConfigMap;
  readonly used_by: string[] | null;
  readonly locations: string[] | null;
  readonly project?: string;
}

const SCOPES = {
  read: PROJECT_AND_TARGET,
  create: PROJECT_AND_TARGET,
  update: PROJECT_AND_TARGET,
  rename: PROJECT,
  delete: PROJECT,
};

export class NetworksApi extends CollectionEndpoint<Network, NetworksPost, NetworkPut> {
  constructor(api: IncusApi) {
    super(api, "networks", SCOPES);
  }

  async rename(name: string, newName: string, call?: CallOptions): Promise<void> {
    await this.renameObject(name, newName, call);
  }
}
