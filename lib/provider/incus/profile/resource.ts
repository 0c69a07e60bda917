// incus_profile, schema-compatible with lxc/incus: config (read back in full, profiles have no server keys)
// and `device` blocks. The profile named "default" always exists: create takes it over and destroy resets it,
// both with a warning, as the official provider does.
import type { IncusClient, Profile } from "../../../incus";
import type { Resource, ResourceContext } from "../../framework";
import {
  callFor,
  clientFor,
  configMap,
  devicesFromBlocks,
  devicesToBlocks,
  ignoreNotFound,
  managedObjectLifecycle,
  parseImportId,
  provisionalState,
  stripComputedConfig,
  userConfigOf,
} from "../common";
import type { IncusProviderData } from "../provider-data";
import type { ProfilePlan, ProfileState } from "./schema";
import { profileSchema } from "./schema";

type Ctx = ResourceContext<IncusProviderData>;

const DEFAULT_PROFILE = "default";

function profileState(profile: Profile, known: ProfilePlan): ProfileState {
  return {
    name: profile.name,
    description: profile.description ?? "",
    project: known.project ?? "default",
    remote: known.remote ?? null,
    config: stripComputedConfig(profile.config, userConfigOf(known.config)),
    device: devicesToBlocks(profile.devices, known.device),
  };
}

async function readBack(client: IncusClient, known: ProfilePlan, ctx: Ctx): Promise<ProfileState | null> {
  const found = await ignoreNotFound(client.profiles.get(known.name, callFor(ctx, known)));
  return found ? profileState(found.value, known) : null;
}

async function converge(client: IncusClient, planned: ProfilePlan, ctx: Ctx): Promise<void> {
  const call = callFor(ctx, planned);
  const current = await client.profiles.get(planned.name, call);
  await client.profiles.update(
    planned.name,
    {
      description: planned.description ?? "",
      config: configMap(planned.config),
      devices: devicesFromBlocks(planned.device),
    },
    { ...call, etag: current.etag },
  );
}

/** What a project's default profile keeps when destroyed: its root disk when it is shared with other projects. */
async function resetDefaultProfile(client: IncusClient, prior: ProfileState, ctx: Ctx): Promise<void> {
  const call = callFor(ctx, prior);
  const current = await ignoreNotFound(client.profiles.get(DEFAULT_PROFILE, call));
  if (!current) return;
  const project =
    prior.project && prior.project !== "default"
      ? await ignoreNotFound(client.projects.get(prior.project, { signal: ctx.signal }))
      : undefined;
  const shared = project?.value.config?.["features.profiles"] === "false";
  const root = current.value.devices?.root;
  await client.profiles.update(
    DEFAULT_PROFILE,
    { description: "", config: {}, devices: shared && root ? { root } : {} },
    { ...call, etag: current.etag },
  );
}

/** The lifecycle of every profile but "default", which always exists and is taken over instead. */
const lifecycle = managedObjectLifecycle<ProfilePlan, ProfileState>({
  kind: "incus_profile",
  importIdFields: (planned) => [planned.name],
  createObject: (client, planned, ctx) =>
    client.profiles.create(
      {
        name: planned.name,
        description: planned.description ?? "",
        config: configMap(planned.config),
        devices: devicesFromBlocks(planned.device),
      },
      callFor(ctx, planned),
    ),
  getObject: (client, planned, ctx) => client.profiles.get(planned.name, callFor(ctx, planned)),
  deleteObject: (client, prior, ctx) => client.profiles.delete(prior.name, callFor(ctx, prior)),
  converge,
  readBack,
});

export const profileResource: Resource<IncusProviderData, typeof profileSchema> = {
  typeName: "incus_profile",
  schema: profileSchema,
  ...lifecycle,

  async create(req, ctx, resp) {
    const { planned } = req;
    if (planned.name === DEFAULT_PROFILE) {
      const client = clientFor(ctx, planned);
      ctx.diagnostics.warning(
        "Taking over the default profile",
        `The "default" profile of project ${JSON.stringify(
          planned.project ?? "default",
        )} always exists; its config and devices are replaced by this resource, and destroying the resource empties it instead of deleting it.`,
        ["name"],
      );
      resp.state = provisionalState<ProfileState>(planned);
      await converge(client, planned, ctx);
      resp.state = (await readBack(client, planned, ctx)) ?? resp.state;
      return;
    }
    await lifecycle.create(req, ctx, resp);
  },

  async delete(req, ctx) {
    const { prior } = req;
    if (prior.name === DEFAULT_PROFILE) {
      const client = clientFor(ctx, prior);
      ctx.diagnostics.warning(
        "The default profile is reset, not deleted",
        "Its config and devices were emptied (a shared root disk is kept).",
      );
      await resetDefaultProfile(client, prior, ctx);
      return;
    }
    await lifecycle.delete(req, ctx);
  },

  async importState(id) {
    const parsed = parseImportId(id, { fields: ["name"], typeName: "incus_profile" });
    return { name: parsed.fields.name, remote: parsed.remote, project: parsed.project ?? "default" };
  },
};
