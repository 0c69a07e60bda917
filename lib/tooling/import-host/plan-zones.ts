// The import plan of network zones: a NetworkZone per zone and a NetworkZoneRecord per record, each adopted with its
// own import ID. Zone config the construct cannot express (peers.*, other dns.* keys) is named in a warning.
import type { NetworkZone, NetworkZoneRecord } from "../../incus";
import { namedImportId, zoneRecordImportId } from "./import-ids";
import type { DefaultProjectKind } from "./plan-warnings";
import { outsideDefaultProject, warnUnmodelledConfig } from "./plan-warnings";
import { Code, Ref } from "./source-text";
import type { Value } from "./source-text";

/** A zone together with its records (the API lists records per zone). */
export interface ZoneWithRecords extends NetworkZone {
  readonly records: readonly NetworkZoneRecord[];
}

/** What the zone planner needs of the plan: declaring a construct and warning. */
export interface ZonePlanContext {
  readonly host: Ref;
  declare(
    className: "NetworkZone" | "NetworkZoneRecord",
    props: Value,
    importId: string,
    name: string,
    suffix: string,
  ): Ref;
  warn(message: string): void;
}

const ZONE_KEYS = new Set(["dns.nameservers"]);
const ZONE: DefaultProjectKind = { kind: "network zone", construct: "NetworkZone", plural: "zones", noun: "zone" };

/** Declares the zones of the default project and their records; zones of other projects are warned about. */
export function planZones(zones: readonly ZoneWithRecords[], context: ZonePlanContext): void {
  for (const zone of zones) {
    if (outsideDefaultProject(ZONE, zone, context.warn)) continue;
    const config = zone.config ?? {};
    warnUnmodelledConfig(ZONE, zone.name, config, (key) => ZONE_KEYS.has(key), context.warn);
    const nameservers = config["dns.nameservers"];
    const zoneRef = context.declare(
      "NetworkZone",
      {
        host: context.host,
        zoneName: zone.name,
        description: zone.description || undefined,
        nameservers: nameservers ? nameservers.split(",").map((s) => s.trim()) : undefined,
      },
      namedImportId(zone.name),
      zone.name,
      "Zone",
    );
    for (const record of zone.records) {
      if ((record.entries ?? []).some((entry) => !entry.ttl))
        context.warn(
          `zone record "${record.name}" of "${zone.name}": entries without a TTL get 300 seconds (what Incus serves for them) at the first deploy`,
        );
      context.declare(
        "NetworkZoneRecord",
        {
          zone: zoneRef,
          name: record.name,
          description: record.description || undefined,
          entries: (record.entries ?? []).map((entry) => ({
            type: /^[A-Z]+$/.test(entry.type) ? new Code(`DnsRecordType.${entry.type}`, "DnsRecordType") : entry.type,
            value: entry.value,
            ttl: entry.ttl || undefined,
          })),
        },
        zoneRecordImportId(zone.name, record.name),
        `${zone.name}-${record.name}`,
        "Record",
      );
    }
  }
}
