// The props of a NetworkZone (Incus only): a DNS zone the Incus server serves, with typed records.
import type { IConstruct } from "constructs";
import type { IHost, IncusOnly } from "./host";

/** The record types Incus zones take. */
export enum DnsRecordType {
  A = "A",
  AAAA = "AAAA",
  CNAME = "CNAME",
  MX = "MX",
  NS = "NS",
  PTR = "PTR",
  SRV = "SRV",
  TXT = "TXT",
  CAA = "CAA",
}

/** One value of a record. */
export interface ZoneRecordEntry {
  readonly type: DnsRecordType;
  /** The record data: an IPv4 address for A, an IPv6 address for AAAA, a host name for CNAME, … */
  readonly value: string;
  /** Seconds resolvers may cache the entry. @default 300 (Incus's default) */
  readonly ttl?: number;
}

/** A record of a zone: a name relative to the zone and its entries. */
export interface ZoneRecordProps {
  /** The name relative to the zone (e.g. "www" in the zone "example.org"). */
  readonly name: string;
  /** At least one entry. */
  readonly entries: readonly ZoneRecordEntry[];
  /** @default none */
  readonly description?: string;
}

/** A zone records can be added to. */
export interface INetworkZone<H extends IHost = IHost> extends IConstruct {
  readonly host: H;
  /** The DNS zone (a reference to the zone resource when it is managed here). */
  readonly zoneName: string;
}

export interface NetworkZoneProps<H extends IHost = IHost> {
  /** An IncusHost: zones are Incus objects (a compile error on a LibvirtHost, a synth error on a host typed IHost). */
  readonly host: IncusOnly<H, H>;
  /** The DNS zone, e.g. "lab.example.org": dot-separated labels of letters, digits and "-". */
  readonly zoneName: string;
  /** @default none */
  readonly description?: string;
  /** The zone's name servers (Incus `dns.nameservers`), host names. @default none */
  readonly nameservers?: readonly string[];
  /** Records of the zone. More can be added with `addRecord`. @default none */
  readonly records?: readonly ZoneRecordProps[];
}
