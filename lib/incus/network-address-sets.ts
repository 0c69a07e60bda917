// Network address sets (/1.0/network-address-sets): named lists of addresses that ACL rules reference as
// `$name`. API extension "network_address_set" (Incus releases after the 6.0 LTS).
import type { CallOptions, IncusApi } from "./api";
import { PROJECT } from "./api";
import { CollectionEndpoint } from "./crud";
import type { ConfigMap } from "./types";

export interface NetworkAddressSetPut {
  readonly description?: string;
  readonly config?: ConfigMap;
  /** IP addresses, ranges or subnets. */
  readonly addresses?: readonly string[];
}

export interface NetworkAddressSetsPost extends NetworkAddressSetPut {
  readonly name: string;
}

export interface NetworkAddressSet {
  readonly name: string;
  readonly description: string;
  readonly config: ConfigMap;
  readonly addresses: string[] | null;
  readonly used_by: string[] | null;
  readonly project?: string;
}

const SCOPES = { read: PROJECT, create: PROJECT, update: PROJECT, rename: PROJECT, delete: PROJECT };

export class NetworkAddressSetsApi extends CollectionEndpoint<
  NetworkAddressSet,
  NetworkAddressSetsPost,
  NetworkAddressSetPut
> {
  constructor(api: IncusApi) {
    super(api, "network-address-sets", SCOPES);
  }

  async rename(name: string, newName: string, call?: CallOptions): Promise<void> {
    await this.renameObject(name, newName, call);
  }
}
