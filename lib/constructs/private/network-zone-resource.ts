// Builds a NetworkZone's incus_network_zone and its records' incus_network_zone_record, with the zone name, record
// names and entries checked at synth (A and AAAA values are addresses, TTLs whole seconds).
import type { Construct, IConstruct } from "constructs";
import { IncusNetworkZoneRecordResource, IncusNetworkZoneResource } from "../../bindings";
import type { IncusNetworkZoneRecordEntryConfig } from "../../bindings";
import { isToken } from "../../bindings/attributes";
import { incusOwnershipConfig } from "../../lifecycle";
import { DnsRecordType } from "../model/network-zone-props";
import type { ZoneRecordEntry } from "../model/network-zone-props";
import { isIpv4, isIpv6 } from "./addresses";
import { fail } from "./errors";
import type { IncusHostLike } from "./hosts";

const ZONE = "NetworkZone";
const RECORD = "NetworkZoneRecord";
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
/** Record names may hold service labels ("_sip._tcp"). */
const RECORD_LABEL = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?$/;
const MAX_TTL = 2 ** 31 - 1;

/** The common props of a NetworkZone, resolved. */
export interface NetworkZoneInput {
  readonly zoneName: string;
  readonly description?: string;
  readonly nameservers?: readonly string[];
}

/** The common props of a record, resolved. */
export interface ZoneRecordInput {
  /** The zone name (a reference when the zone is managed here). */
  readonly zoneName: string;
  readonly name: string;
  readonly entries: readonly ZoneRecordEntry[];
  readonly description?: string;
}

/** Whether `name` is a DNS name: dot-separated labels of letters, digits and inner hyphens, 253 characters at most. */
export function isDnsName(name: string, label = LABEL): boolean {
  const bare = name.endsWith(".") ? name.slice(0, -1) : name;
  return bare.length > 0 && bare.length <= 253 && bare.split(".").every((part) => label.test(part));
}

/** The incus_network_zone (child "Default" of `scope`); returns the reference to its name. */
export function incusNetworkZone(scope: Construct, host: IncusHostLike, input: NetworkZoneInput): string {
  if (typeof input.zoneName !== "string" || (!isToken(input.zoneName) && !isDnsName(input.zoneName)))
    fail(scope, ZONE, "zoneName", `${JSON.stringify(input.zoneName)} is not a DNS name like "lab.example.org"`);
  const nameservers = input.nameservers;
  if (nameservers !== undefined) {
    if (!Array.isArray(nameservers) || nameservers.length === 0)
      fail(scope, ZONE, "nameservers", "must be a non-empty list of host names (leave it out for none)");
    for (const server of nameservers)
      if (typeof server !== "string" || (!isToken(server) && !isDnsName(server)))
        fail(scope, ZONE, "nameservers", `${JSON.stringify(server)} is not a host name like "ns1.example.org"`);
  }
  const resource = new IncusNetworkZoneResource(scope, "Default", {
    name: input.zoneName,
    description: input.description,
    remote: host.remoteName,
    config: {
      ...(nameservers !== undefined ? { "dns.nameservers": nameservers.join(",") } : {}),
      ...incusOwnershipConfig(scope),
    },
  });
  return resource.nameRef;
}

/** The incus_network_zone_record (child "Default" of `scope`). */
export function incusZoneRecord(scope: Construct, host: IncusHostLike, input: ZoneRecordInput): void {
  if (typeof input.name !== "string" || (!isToken(input.name) && !isDnsName(input.name, RECORD_LABEL)))
    fail(
      scope,
      RECORD,
      "name",
      `${JSON.stringify(input.name)} is not a record name relative to the zone, like "www" or "_http._tcp"`,
    );
  if (!Array.isArray(input.entries) || input.entries.length === 0)
    fail(scope, RECORD, "entries", "a record needs at least one entry");
  const entries = input.entries.map((entry, i) => recordEntry(scope, `entries[${i}]`, entry));
  const seen = new Set<string>();
  input.entries.forEach((entry, i) => {
    const key = `${entry.type} ${entry.value}`;
    if (seen.has(key)) fail(scope, RECORD, `entries[${i}]`, `the entry ${key} is given twice`);
    seen.add(key);
  });
  new IncusNetworkZoneRecordResource(scope, "Default", {
    name: input.name,
    zone: input.zoneName,
    description: input.description,
    remote: host.remoteName,
    config: incusOwnershipConfig(scope),
    entry: entries,
  });
}

function recordEntry(scope: IConstruct, prop: string, entry: ZoneRecordEntry): IncusNetworkZoneRecordEntryConfig {
  if (!Object.values(DnsRecordType).includes(entry?.type))
    fail(
      scope,
      RECORD,
      `${prop}.type`,
      `${JSON.stringify(entry?.type)} is not a record type; use one of ${Object.values(DnsRecordType).join(", ")}`,
    );
  const value = entry.value;
  if (typeof value !== "string" || value.trim() === "")
    fail(scope, RECORD, `${prop}.value`, "needs the record data (a non-empty string)");
  if (!isToken(value)) {
    if (entry.type === DnsRecordType.A && !isIpv4(value))
      fail(scope, RECORD, `${prop}.value`, `"${value}" is not an IPv4 address (an A record)`);
    if (entry.type === DnsRecordType.AAAA && !isIpv6(value))
      fail(scope, RECORD, `${prop}.value`, `"${value}" is not an IPv6 address (an AAAA record)`);
    if ((entry.type === DnsRecordType.CNAME || entry.type === DnsRecordType.NS) && !isDnsName(value))
      fail(scope, RECORD, `${prop}.value`, `"${value}" is not a host name (a ${entry.type} record)`);
  }
  if (entry.ttl !== undefined && (!Number.isInteger(entry.ttl) || entry.ttl < 1 || entry.ttl > MAX_TTL))
    fail(
      scope,
      RECORD,
      `${prop}.ttl`,
      `${JSON.stringify(entry.ttl)} is not a whole number of seconds from 1 to ${MAX_TTL}`,
    );
  return { type: entry.type, value, ttl: entry.ttl };
}
