// incus_network_zone: a DNS zone of Incus networks, schema-compatible with lxc/incus. Incus generates no config
// keys for zones, so every live key is state (a key added out of band shows as drift).
import type { IncusClient, NetworkZone } from "../../../incus";
import { NETWORK_ZONES_EXTENSION } from "../../../incus/network-zones";
import type { Resource, ResourceContext } from "../../framework";
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
import type { NetworkZonePlan, NetworkZoneState } from "./schema";
import { networkZoneSchema } from "./schema";

type Ctx = ResourceContext<IncusProviderData>;

const TYPE = "incus_network_zone";

function zoneState(zone: NetworkZone, known: NetworkZonePlan): NetworkZoneState {
  return {
    name: zone.name,
    description: zone.description ?? "",
    config: stripComputedConfig(zone.config, userConfigOf(known.config)),
    project: known.project ?? null,
    remote: known.remote ?? null,
  };
}

async function readBack(client: IncusClient, known: NetworkZonePlan, ctx: Ctx): Promise<NetworkZoneState | null> {
  const found = await ignoreNotFound(client.networkZones.get(known.name, callFor(ctx, known)));
  return found ? zoneState(found.value, known) : null;
}

async function converge(client: IncusClient, planned: NetworkZonePlan, ctx: Ctx): Promise<void> {
  const call = callFor(ctx, planned);
  const current = await client.networkZones.get(planned.name, call);
  await client.networkZones.update(
    planned.name,
    { description: planned.description ?? "", config: configMap(planned.config) },
    { ...call, etag: current.etag },
  );
}

export const networkZoneResource: Resource<IncusProviderData, typeof networkZoneSchema> = {
  typeName: TYPE,
  schema: networkZoneSchema,

  async modifyPlan(req, ctx) {
    if (req.planned && !req.prior) await checkApiExtensionsAtPlan(ctx, req.planned, TYPE, [NETWORK_ZONES_EXTENSION]);
    return { planned: req.planned };
  },

  ...managedObjectLifecycle<NetworkZonePlan, NetworkZoneState>({
    kind: TYPE,
    importIdFields: (planned) => [planned.name],
    createObject: async (client, planned, ctx) => {
      await requireApiExtensions(client, TYPE, [NETWORK_ZONES_EXTENSION], { signal: ctx.signal });
      await client.networkZones.create(
        { name: planned.name, description: planned.description ?? "", config: configMap(planned.config) },
        callFor(ctx, planned),
      );
    },
    getObject: (client, planned, ctx) => client.networkZones.get(planned.name, callFor(ctx, planned)),
    deleteObject: (client, prior, ctx) => client.networkZones.delete(prior.name, callFor(ctx, prior)),
    converge,
    readBack,
  }),

  async importState(id) {
    const parsed = parseImportId(id, { fields: ["name"], typeName: TYPE });
    return { name: parsed.fields.name, remote: parsed.remote, project: parsed.project };
  },
};
