// Records of a network zone (/1.0/network-zones/<zone>/records): names with A, AAAA, CNAME or TXT entries that
// Incus serves besides the ones it generates for instances (API extension network_dns_records).
import type { CallOptions, IncusApi, UpdateOptions, Versioned } from "./api";
import { PROJECT, apiPath } from "./api";
import { ignoreNotFound } from "./errors";
import type { ConfigMap } from "./types";

/** The API extension a server needs for zone records. */
export const NETWORK_ZONE_RECORDS_EXTENSION = "network_dns_records";

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

export class NetworkZoneRecordsApi {
  constructor(private readonly api: IncusApi) {}

  private path(zone: string, ...name: string[]): string {
    return apiPath("network-zones", zone, "records", ...name);
  }

  /** The records of `zone`. */
  async list(zone: string, call?: CallOptions): Promise<NetworkZoneRecord[]> {
    return this.api.list<NetworkZoneRecord>(this.path(zone), call, PROJECT);
  }

  async get(zone: string, name: string, call?: CallOptions): Promise<Versioned<NetworkZoneRecord>> {
    return this.api.get<NetworkZoneRecord>(this.path(zone, name), call, PROJECT);
  }

  /** Like get, but undefined when the record (or its zone) does not exist. */
  async find(zone: string, name: string, call?: CallOptions): Promise<Versioned<NetworkZoneRecord> | undefined> {
    return ignoreNotFound(this.get(zone, name, call));
  }

  async create(zone: string, body: NetworkZoneRecordsPost, call?: CallOptions): Promise<void> {
    await this.api.write("POST", this.path(zone), call, PROJECT, { json: body });
  }

  /** Replaces the record's description, config and entries (PUT). */
  async update(zone: string, name: string, body: NetworkZoneRecordPut, options?: UpdateOptions): Promise<void> {
    await this.api.write("PUT", this.path(zone, name), options, PROJECT, { json: body, etag: options?.etag });
  }

  async delete(zone: string, name: string, call?: CallOptions): Promise<void> {
    await this.api.write("DELETE", this.path(zone, name), call, PROJECT);
  }
}
