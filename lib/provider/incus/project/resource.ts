// incus_project: name, description, config and force_destroy, as the official provider. Differences on
// purpose: deleting a project that is already gone succeeds, and create adopts a project that carries this
// configuration's ownership marker (a previous run died after creating it); deleting a project that holds kept
// copies (removal policies retain and snapshot) leaves it on the host and says so, force_destroy or not (delete.ts).
import type { IncusClient, Project } from "../../../incus";
import type { Resource, ResourceContext } from "../../framework";
import {
  callFor,
  configMap,
  ignoreNotFound,
  managedObjectLifecycle,
  mergeForPut,
  parseImportId,
  stripComputedConfig,
  userConfigOf,
} from "../common";
import type { IncusProviderData } from "../provider-data";
import { deleteProject } from "./delete";
import type { ProjectPlan, ProjectState } from "./schema";
import { projectSchema } from "./schema";

/** Feature flags Incus sets on every new project; shown only when the user sets them. */
export const PROJECT_COMPUTED_KEYS = [
  "features.images",
  "features.profiles",
  "features.storage.volumes",
  "features.storage.buckets",
] as const;

type Ctx = ResourceContext<IncusProviderData>;

/** The state for a project read from Incus, keeping the settings that live only in Terraform. */
export function projectState(project: Project, known: ProjectPlan): ProjectState {
  return {
    name: project.name,
    description: project.description ?? "",
    // After an import, a feature turned off can only be the user's choice (new projects have them all on).
    config: stripComputedConfig(
      project.config,
      userConfigOf(known.config),
      PROJECT_COMPUTED_KEYS,
      (_k, v) => v === "false",
    ),
    remote: known.remote ?? null,
    force_destroy: known.force_destroy ?? false,
  };
}

async function converge(client: IncusClient, planned: ProjectPlan, ctx: Ctx): Promise<void> {
  const current = await client.projects.get(planned.name, callFor(ctx, { remote: planned.remote }));
  await client.projects.update(
    planned.name,
    {
      description: planned.description ?? "",
      config: mergeForPut(current.value.config, configMap(planned.config), PROJECT_COMPUTED_KEYS),
    },
    { signal: ctx.signal, etag: current.etag },
  );
}

async function readBack(client: IncusClient, known: ProjectPlan, ctx: Ctx): Promise<ProjectState | null> {
  const found = await ignoreNotFound(client.projects.get(known.name, { signal: ctx.signal }));
  return found ? projectState(found.value, known) : null;
}

export const projectResource: Resource<IncusProviderData, typeof projectSchema> = {
  typeName: "incus_project",
  schema: projectSchema,

  ...managedObjectLifecycle<ProjectPlan, ProjectState>({
    kind: "incus_project",
    importIdFields: (planned) => [planned.name],
    inProject: false,
    createObject: (client, planned, ctx) =>
      client.projects.create(
        { name: planned.name, description: planned.description ?? "", config: configMap(planned.config) },
        { signal: ctx.signal },
      ),
    getObject: (client, planned, ctx) => client.projects.get(planned.name, { signal: ctx.signal }),
    deleteObject: deleteProject,
    converge,
    readBack,
  }),

  async importState(id) {
    const parsed = parseImportId(id, { fields: ["name"], typeName: "incus_project", allowProject: false });
    return { name: parsed.fields.name, remote: parsed.remote, force_destroy: false };
  },
};
