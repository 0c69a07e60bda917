// incus_cluster_group: a named set of cluster members, schema-compatible with lxc/incus. Incus refuses to delete
// a group that still has members, so delete empties it first (as upstream). A group config needs a server with
// clustering_groups_config (Incus 6.0 LTS keeps none): a non-empty config there is refused, naming the extension.
import type { ClusterGroup, IncusClient } from "../../../incus";
import { CLUSTER_GROUPS_CONFIG_EXTENSION, CLUSTER_GROUPS_EXTENSION } from "../../../incus/cluster-groups";
import type { Resource, ResourceContext } from "../../framework";
import { DiagnosticError, isUnknown } from "../../framework";
import {
  configEqual,
  configMap,
  ignoreNotFound,
  knownOr,
  managedObjectLifecycle,
  parseImportId,
  stripComputedConfig,
  userConfigOf,
} from "../common";
import { checkApiExtensionsAtPlan, requireApiExtensions } from "../common/api-extension";
import type { IncusProviderData } from "../provider-data";
import type { ClusterGroupPlan, ClusterGroupState } from "./schema";
import { clusterGroupSchema } from "./schema";

type Ctx = ResourceContext<IncusProviderData>;

const TYPE = "incus_cluster_group";

function memberList(members: ClusterGroupPlan["members"]): string[] {
  return knownOr(members, [] as string[])
    .filter((m) => typeof m === "string")
    .sort();
}

/** The extensions a plan needs: groups, and group config when it sets any key. */
function requiredExtensions(planned: { readonly config: unknown }): string[] {
  const config = planned.config;
  const setsConfig = isUnknown(config) || Object.keys(configMap(config)).length > 0;
  return setsConfig ? [CLUSTER_GROUPS_EXTENSION, CLUSTER_GROUPS_CONFIG_EXTENSION] : [CLUSTER_GROUPS_EXTENSION];
}

function groupState(group: ClusterGroup, known: ClusterGroupPlan): ClusterGroupState {
  const members = [...(group.members ?? [])].sort();
  // Upstream records no members as null; an explicit empty set stays empty, so that it plans no change.
  const emptyMembers = Array.isArray(known.members) && known.members.length === 0 ? [] : null;
  return {
    name: group.name,
    description: group.description ?? "",
    config: stripComputedConfig(group.config, userConfigOf(known.config)),
    members: members.length > 0 ? members : emptyMembers,
    remote: known.remote ?? null,
  };
}

async function readBack(client: IncusClient, known: ClusterGroupPlan, ctx: Ctx): Promise<ClusterGroupState | null> {
  const found = await ignoreNotFound(client.clusterGroups.get(known.name, { signal: ctx.signal }));
  return found ? groupState(found.value, known) : null;
}

/** Refuses a server that is not a cluster, whose error would otherwise be incusd's own. */
async function requireCluster(client: IncusClient, ctx: Ctx): Promise<void> {
  const server = (await client.server.get({ signal: ctx.signal })).value;
  if (server.environment?.server_clustered) return;
  throw new DiagnosticError(
    `${TYPE}: the Incus server is not a cluster`,
    `Cluster groups exist only on clustered Incus servers; ${client.endpoint} is a standalone server. Nothing was ` +
      "changed. Point the resource's remote at a cluster.",
    ["remote"],
  );
}

async function converge(client: IncusClient, planned: ClusterGroupPlan, ctx: Ctx): Promise<void> {
  await requireApiExtensions(client, TYPE, requiredExtensions(planned), { signal: ctx.signal, path: ["config"] });
  const current = await client.clusterGroups.get(planned.name, { signal: ctx.signal });
  await client.clusterGroups.update(
    planned.name,
    {
      description: planned.description ?? "",
      members: memberList(planned.members),
      ...(Object.keys(configMap(planned.config)).length > 0 || current.value.config
        ? { config: configMap(planned.config) }
        : {}),
    },
    { signal: ctx.signal, etag: current.etag },
  );
}

/** Incus refuses to delete a group with members: empty it, then delete it. */
async function deleteGroup(client: IncusClient, prior: ClusterGroupState, ctx: Ctx): Promise<void> {
  const current = await client.clusterGroups.get(prior.name, { signal: ctx.signal });
  if ((current.value.members ?? []).length > 0) {
    await client.clusterGroups.update(
      prior.name,
      { description: current.value.description, members: [] },
      { signal: ctx.signal, etag: current.etag },
    );
  }
  await client.clusterGroups.delete(prior.name, { signal: ctx.signal });
}

export const clusterGroupResource: Resource<IncusProviderData, typeof clusterGroupSchema> = {
  typeName: TYPE,
  schema: clusterGroupSchema,

  async modifyPlan(req, ctx) {
    const planned = req.planned;
    const configChanges = planned && (!req.prior || !configEqual(configMap(planned.config), req.prior.config));
    if (planned && configChanges)
      await checkApiExtensionsAtPlan(ctx, planned, TYPE, requiredExtensions(planned), { path: ["config"] });
    return { planned };
  },

  ...managedObjectLifecycle<ClusterGroupPlan, ClusterGroupState>({
    kind: TYPE,
    importIdFields: (planned) => [planned.name],
    inProject: false,
    createObject: async (client, planned, ctx) => {
      await requireApiExtensions(client, TYPE, requiredExtensions(planned), { signal: ctx.signal, path: ["config"] });
      await requireCluster(client, ctx);
      const config = configMap(planned.config);
      await client.clusterGroups.create(
        {
          name: planned.name,
          description: planned.description ?? "",
          members: memberList(planned.members),
          ...(Object.keys(config).length > 0 ? { config } : {}),
        },
        { signal: ctx.signal },
      );
    },
    getObject: (client, planned, ctx) => client.clusterGroups.get(planned.name, { signal: ctx.signal }),
    deleteObject: deleteGroup,
    converge,
    readBack,
  }),

  async importState(id) {
    const parsed = parseImportId(id, { fields: ["name"], typeName: TYPE, allowProject: false });
    return { name: parsed.fields.name, remote: parsed.remote };
  },
};
