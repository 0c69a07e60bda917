// incus_server: server configuration keys, schema-compatible with lxc/incus. The resource owns exactly the keys
// in its config: reads report those keys only (another key set on the server is none of its business), updates
// set them and unset the keys it no longer lists, and destroy unsets the keys it manages, as upstream does (it does
// not restore earlier values: the server then uses its defaults). Changes are PATCHes of single keys, so two
// incus_server resources, or someone else, setting other keys at the same time are never overwritten.
import type { ConfigMap, IncusClient } from "../../../incus";
import type { Resource, ResourceContext } from "../../framework";
import { callFor, clientFor, configMap, stripComputedConfig, userConfigOf } from "../common";
import type { IncusProviderData } from "../provider-data";
import type { ServerPlan, ServerState } from "./schema";
import { serverSchema } from "./schema";

type Ctx = ResourceContext<IncusProviderData>;

/** The managed keys with their live values; a key unset on the server is left out (it shows as drift). */
function managedConfig(live: ConfigMap | null | undefined, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of [...keys].sort()) {
    const value = live?.[key];
    if (value !== undefined && value !== "") out[key] = value;
  }
  return out;
}

async function readBack(client: IncusClient, known: ServerPlan, ctx: Ctx): Promise<ServerState> {
  const server = (await client.server.get(callFor(ctx, known))).value;
  return {
    remote: known.remote ?? null,
    target: known.target ?? null,
    // A key the configuration sets to null is not managed, and stays a null element.
    config: stripComputedConfig(
      managedConfig(server.config, Object.keys(configMap(known.config))),
      userConfigOf(known.config),
    ),
  };
}

/** Sets the planned keys and unsets the keys `before` managed that the plan drops. */
async function patchKeys(client: IncusClient, planned: ConfigMap, before: ConfigMap, ctx: Ctx, values: ServerPlan) {
  const patch: Record<string, string> = { ...planned };
  for (const key of Object.keys(before)) if (!(key in planned)) patch[key] = "";
  if (Object.keys(patch).length === 0) return;
  await client.server.patchConfig(patch, callFor(ctx, values));
}

export const serverResource: Resource<IncusProviderData, typeof serverSchema> = {
  typeName: "incus_server",
  schema: serverSchema,

  async create({ planned }, ctx, resp) {
    const client = clientFor(ctx, planned);
    await patchKeys(client, configMap(planned.config), {}, ctx, planned);
    resp.state = await readBack(client, planned, ctx);
  },

  async read({ state }, ctx) {
    return readBack(clientFor(ctx, state), state, ctx);
  },

  async update({ planned, prior }, ctx, resp) {
    const client = clientFor(ctx, planned);
    await patchKeys(client, configMap(planned.config), configMap(prior.config), ctx, planned);
    resp.state = await readBack(client, planned, ctx);
  },

  async delete({ prior }, ctx) {
    await patchKeys(clientFor(ctx, prior), {}, configMap(prior.config), ctx, prior);
  },
};
