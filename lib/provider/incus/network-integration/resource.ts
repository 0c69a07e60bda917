// incus_network_integration: an OVN interconnect link, schema-compatible with lxc/incus. Incus stores an
// integration without contacting OVN (only a network peer using it does), so the object itself needs no OVN.
// Integrations are server-wide: `project` is kept in state as configured but never sent.
import type { IncusClient, NetworkIntegration } from "../../../incus";
import { NETWORK_INTEGRATIONS_EXTENSION } from "../../../incus/network-integrations";
import type { Resource, ResourceContext } from "../../framework";
import {
  configMap,
  ignoreNotFound,
  managedObjectLifecycle,
  parseImportId,
  stripComputedConfig,
  userConfigOf,
} from "../common";
import { checkApiExtensionsAtPlan, requireApiExtensions } from "../common/api-extension";
import type { IncusProviderData } from "../provider-data";
import type { NetworkIntegrationPlan, NetworkIntegrationState } from "./schema";
import { networkIntegrationSchema } from "./schema";

type Ctx = ResourceContext<IncusProviderData>;

const TYPE = "incus_network_integration";

function integrationState(found: NetworkIntegration, known: NetworkIntegrationPlan): NetworkIntegrationState {
  return {
    name: found.name,
    type: found.type,
    description: found.description ?? "",
    config: stripComputedConfig(found.config, userConfigOf(known.config)),
    project: known.project ?? null,
    remote: known.remote ?? null,
  };
}

async function readBack(
  client: IncusClient,
  known: NetworkIntegrationPlan,
  ctx: Ctx,
): Promise<NetworkIntegrationState | null> {
  const found = await ignoreNotFound(client.networkIntegrations.get(known.name, { signal: ctx.signal }));
  return found ? integrationState(found.value, known) : null;
}

async function converge(client: IncusClient, planned: NetworkIntegrationPlan, ctx: Ctx): Promise<void> {
  const current = await client.networkIntegrations.get(planned.name, { signal: ctx.signal });
  await client.networkIntegrations.update(
    planned.name,
    { description: planned.description ?? "", config: configMap(planned.config) },
    { signal: ctx.signal, etag: current.etag },
  );
}

export const networkIntegrationResource: Resource<IncusProviderData, typeof networkIntegrationSchema> = {
  typeName: TYPE,
  schema: networkIntegrationSchema,

  async modifyPlan(req, ctx) {
    if (req.planned && !req.prior)
      await checkApiExtensionsAtPlan(ctx, req.planned, TYPE, [NETWORK_INTEGRATIONS_EXTENSION]);
    return { planned: req.planned };
  },

  ...managedObjectLifecycle<NetworkIntegrationPlan, NetworkIntegrationState>({
    kind: TYPE,
    importIdFields: (planned) => [planned.name],
    inProject: false,
    createObject: async (client, planned, ctx) => {
      await requireApiExtensions(client, TYPE, [NETWORK_INTEGRATIONS_EXTENSION], { signal: ctx.signal });
      await client.networkIntegrations.create(
        {
          name: planned.name,
          type: planned.type,
          description: planned.description ?? "",
          config: configMap(planned.config),
        },
        { signal: ctx.signal },
      );
    },
    getObject: (client, planned, ctx) => client.networkIntegrations.get(planned.name, { signal: ctx.signal }),
    deleteObject: (client, prior, ctx) => client.networkIntegrations.delete(prior.name, { signal: ctx.signal }),
    converge,
    readBack,
  }),

  // Not in the official provider (v1.1.1 cannot import integrations): `[remote:]<name>`.
  async importState(id) {
    const parsed = parseImportId(id, { fields: ["name"], typeName: TYPE, allowProject: false });
    return { name: parsed.fields.name, remote: parsed.remote };
  },
};
