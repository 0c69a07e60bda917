// incus_network_zone_record: one name in an Incus network zone with its entries (A, AAAA, CNAME, TXT),
// schema-compatible with lxc/incus. The entries are a set: their order in Incus does not matter.
import type { IncusClient, NetworkZoneRecord, NetworkZoneRecordEntry } from "../../../incus";
import { NETWORK_ZONE_RECORDS_EXTENSION } from "../../../incus/network-zone-records";
import { NETWORK_ZONES_EXTENSION } from "../../../incus/network-zones";
import type { Resource, ResourceContext } from "../../framework";
import { isUnknown } from "../../framework";
import {
  callFor,
  configMap,
  ignoreNotFound,
  managedObjectLifecycle,
  parseImportId,
  stripComputedConfig,
  userConfigOf,
} from "../common";
import { checkApiExtensionsAtPlan, requireApiExtensions } from "../common/api-extension";
import type { IncusProviderData } from "../provider-data";
import type { NetworkZoneRecordPlan, NetworkZoneRecordState } from "./schema";
import { networkZoneRecordSchema } from "./schema";

type Ctx = ResourceContext<IncusProviderData>;

const TYPE = "incus_network_zone_record";
const EXTENSIONS = [NETWORK_ZONES_EXTENSION, NETWORK_ZONE_RECORDS_EXTENSION];

/** The planned entries as Incus takes them (the TTL defaults to 300 in the schema). */
export function plannedEntries(entries: NetworkZoneRecordPlan["entry"]): NetworkZoneRecordEntry[] {
  if (isUnknown(entries) || !entries) return [];
  return entries.flatMap((e) =>
    isUnknown(e) || isUnknown(e.type) || isUnknown(e.value)
      ? []
      : [{ type: e.type, value: e.value, ttl: typeof e.ttl === "number" ? e.ttl : 300 }],
  );
}

function recordState(record: NetworkZoneRecord, known: NetworkZoneRecordPlan): NetworkZoneRecordState {
  return {
    name: record.name,
    zone: known.zone,
    description: record.description ?? "",
    config: stripComputedConfig(record.config, userConfigOf(known.config)),
    entry: (record.entries ?? []).map((e) => ({ type: e.type, value: e.value, ttl: e.ttl ?? 0 })),
    project: known.project ?? null,
    remote: known.remote ?? null,
  };
}

async function readBack(
  client: IncusClient,
  known: NetworkZoneRecordPlan,
  ctx: Ctx,
): Promise<NetworkZoneRecordState | null> {
  const found = await ignoreNotFound(client.networkZoneRecords.get(known.zone, known.name, callFor(ctx, known)));
  return found ? recordState(found.value, known) : null;
}

async function converge(client: IncusClient, planned: NetworkZoneRecordPlan, ctx: Ctx): Promise<void> {
  const call = callFor(ctx, planned);
  const current = await client.networkZoneRecords.get(planned.zone, planned.name, call);
  await client.networkZoneRecords.update(
    planned.zone,
    planned.name,
    {
      description: planned.description ?? "",
      config: configMap(planned.config),
      entries: plannedEntries(planned.entry),
    },
    { ...call, etag: current.etag },
  );
}

export const networkZoneRecordResource: Resource<IncusProviderData, typeof networkZoneRecordSchema> = {
  typeName: TYPE,
  schema: networkZoneRecordSchema,

  async modifyPlan(req, ctx) {
    if (req.planned && !req.prior) await checkApiExtensionsAtPlan(ctx, req.planned, TYPE, EXTENSIONS);
    return { planned: req.planned };
  },

  ...managedObjectLifecycle<NetworkZoneRecordPlan, NetworkZoneRecordState>({
    kind: TYPE,
    importIdFields: (planned) => [planned.zone, planned.name],
    createObject: async (client, planned, ctx) => {
      await requireApiExtensions(client, TYPE, EXTENSIONS, { signal: ctx.signal });
      await client.networkZoneRecords.create(
        planned.zone,
        {
          name: planned.name,
          description: planned.description ?? "",
          config: configMap(planned.config),
          entries: plannedEntries(planned.entry),
        },
        callFor(ctx, planned),
      );
    },
    getObject: (client, planned, ctx) =>
      client.networkZoneRecords.get(planned.zone, planned.name, callFor(ctx, planned)),
    deleteObject: (client, prior, ctx) => client.networkZoneRecords.delete(prior.zone, prior.name, callFor(ctx, prior)),
    converge,
    readBack,
  }),

  async importState(id) {
    const parsed = parseImportId(id, { fields: ["zone", "name"], typeName: TYPE });
    return { zone: parsed.fields.zone, name: parsed.fields.name, remote: parsed.remote, project: parsed.project };
  },
};
