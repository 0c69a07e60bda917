// incus_network_address_set, schema-compatible with lxc/incus: description, addresses and config replaced as a
// whole (PUT); a new name renames the set first. Needs the "network_address_set" API extension (Incus releases
// after the 6.0 LTS): on older servers the plan fails naming it.
import type { IncusClient, NetworkAddressSet } from "../../../incus";
import type { Resource, ResourceContext } from "../../framework";
import {
  callFor,
  clientFor,
  configMap,
  ignoreNotFound,
  knownOr,
  managedObjectLifecycle,
  parseImportId,
  requiringApiExtension,
  stripComputedConfig,
  userConfigOf,
} from "../common";
import type { IncusProviderData } from "../provider-data";
import type { NetworkAddressSetPlan, NetworkAddressSetState } from "./schema";
import { networkAddressSetSchema } from "./schema";

type Ctx = ResourceContext<IncusProviderData>;

export const ADDRESS_SET_EXTENSION = "network_address_set";

export function addressSetState(set: NetworkAddressSet, known: NetworkAddressSetPlan): NetworkAddressSetState {
  return {
    name: set.name,
    description: set.description ?? "",
    addresses: [...(set.addresses ?? [])],
    project: known.project ?? null,
    remote: known.remote ?? null,
    config: stripComputedConfig(set.config, userConfigOf(known.config)),
  };
}

async function readBack(
  client: IncusClient,
  known: NetworkAddressSetPlan,
  ctx: Ctx,
): Promise<NetworkAddressSetState | null> {
  const found = await ignoreNotFound(client.networkAddressSets.get(known.name, callFor(ctx, known)));
  return found ? addressSetState(found.value, known) : null;
}

function body(planned: NetworkAddressSetPlan) {
  return {
    description: planned.description ?? "",
    config: configMap(planned.config),
    addresses: knownOr(planned.addresses as readonly string[] | null, []).map(String),
  };
}

async function converge(client: IncusClient, planned: NetworkAddressSetPlan, ctx: Ctx): Promise<void> {
  const call = callFor(ctx, planned);
  const current = await client.networkAddressSets.get(planned.name, call);
  await client.networkAddressSets.update(planned.name, body(planned), { ...call, etag: current.etag });
}

const lifecycle = managedObjectLifecycle<NetworkAddressSetPlan, NetworkAddressSetState>({
  kind: "incus_network_address_set",
  importIdFields: (planned) => [planned.name],
  createObject: (client, planned, ctx) =>
    client.networkAddressSets.create({ name: planned.name, ...body(planned) }, callFor(ctx, planned)),
  getObject: (client, planned, ctx) => client.networkAddressSets.get(planned.name, callFor(ctx, planned)),
  deleteObject: (client, prior, ctx) => client.networkAddressSets.delete(prior.name, callFor(ctx, prior)),
  converge,
  readBack,
});

const resource: Resource<IncusProviderData, typeof networkAddressSetSchema> = {
  typeName: "incus_network_address_set",
  schema: networkAddressSetSchema,
  ...lifecycle,

  async update(req, ctx, resp) {
    const { prior, planned } = req;
    if (prior.name !== planned.name) {
      await clientFor(ctx, prior).networkAddressSets.rename(prior.name, planned.name, callFor(ctx, prior));
      // Renamed: should the update below fail, state must follow the set to its new name.
      resp.state = { ...prior, name: planned.name };
    }
    await lifecycle.update(req, ctx, resp);
  },

  async importState(id) {
    const parsed = parseImportId(id, { fields: ["name"], typeName: "incus_network_address_set" });
    return { name: parsed.fields.name, remote: parsed.remote, project: parsed.project };
  },
};

export const networkAddressSetResource = requiringApiExtension(ADDRESS_SET_EXTENSION, resource);
