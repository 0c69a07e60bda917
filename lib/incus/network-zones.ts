// Network zones (/1.0/network-zones) and their records (/1.0/network-zones/<zone>/records): DNS zones Incus
// serves for its networks (API extensions network_dns and network_dns_records; per project since
// projects_networks_zones).
import type { CallOptions, IncusApi, UpdateOptions, Versioned } from "./api";
import { PROJECT, apiPath } from "./api";
import { CollectionEndpoint } from "./crud";
import { ignoreNotFound } from "./errors";
import type { ConfigMap } from "./types";

/** The API extension a server needs for zones. */
export const NETWORK_ZONES_EXTENSION = "network_dns";
/** The API extension a server needs for zone records. */
export const NETWORK_ZONE_RECORDS_EXTENSION = "network_dns_records";

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

export interface NetworkZoneRecordEntry {
  /** A, AAAA, CNAME, TXT, ... */
  readonly type: string;
  readonly value: string;
  /** Seconds; 0 or absent means the zone's default. */
  readonly ttl?: number;
}

export interface NetworkZoneRecordPut {
  readonly config?: ConfigMap;
  readonly description?: string;
  readonly entries?: readonly NetworkZoneRecordEntry[];
}

export interface NetworkZoneRecordsPost extends NetworkZoneRecordPut {
  readonly name: string;
}

export interface NetworkZoneRecord {
  readonly name: string;
  readonly description: string;
  readonly config: ConfigMap | null;
  readonly entries: NetworkZoneRecordEntry[] | null;
}

const SCOPES = { read: PROJECT, create: PROJECT, update: PROJECT, rename: PROJECT, delete: PROJECT };

export class NetworkZonesApi extends CollectionEndpoint<NetworkZone, NetworkZonesPost, NetworkZonePut> {
  constructor(api: IncusApi) {
    super(api, "network-zones", SCOPES);
  }

  /** The records of `zone`. */
  async listRecords(zone: string, call?: CallOptions): Promise<NetworkZoneRecord[]> {
    return this.api.list<NetworkZoneRecord>(apiPath("network-zones", zone, "records"), call, PROJECT);
  }

  async getRecord(zone: string, name: string, call?: CallOptions): Promise<Versioned<NetworkZoneRecord>> {
    return this.api.get<NetworkZoneRecord>(apiPath("network-zones", zone, "records", name), call, PROJECT);
  }

  /** Like getRecord, but undefined when the record (or its zone) does not exist. */
  async findRecord(zone: string, name: string, call?: CallOptions): Promise<Versioned<NetworkZoneRecord> | undefined> {
    return ignoreNotFound(this.getRecord(zone, name, call));
  }

  async createRecord(zone: string, body: NetworkZoneRecordsPost, call?: CallOptions): Promise<void> {
    await this.api.write("POST", apiPath("network-zones", zone, "records"), call, PROJECT, { json: body });
  }

  /** Replaces the record's description, config and entries (PUT). */
  async updateRecord(zone: string, name: string, body: NetworkZoneRecordPut, options?: UpdateOptions): Promise<void> {
    await this.api.write("PUT", apiPath("network-zones", zone, "records", name), options, PROJECT, {
      json: body,
      etag: options?.etag,
    });
  }

  async deleteRecord(zone: string, name: string, call?: CallOptions): Promise<void> {
    await this.api.write("DELETE", apiPath("network-zones", zone, "records", name), call, PROJECT);
  }
}
