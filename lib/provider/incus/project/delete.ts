// Delete of incus_project. A project that still holds copies the removal policies keep (released volumes, final
// copies, volumes whose policy is not destroy) is left on the host and dropped from the state, with a warning that
// names each copy and the commands that delete them by hand; force_destroy never takes them either. A project that
// holds other objects fails with an error naming them (unless force_destroy is set).
import type { IncusClient } from "../../../incus";
import { ignoreNotFound } from "../../../incus";
import type { ResourceContext } from "../../framework";
import { cliRemote, optionalString } from "../common";
import { keptNotice, notEmptyError, whatRemains } from "../common/what-remains";
import type { IncusProviderData } from "../provider-data";
import { forceDeleteProject } from "./force-delete";
import type { ProjectState } from "./schema";

export async function deleteProject(
  client: IncusClient,
  prior: ProjectState,
  ctx: ResourceContext<IncusProviderData>,
): Promise<void> {
  const name = prior.name;
  const found = await ignoreNotFound(client.projects.get(name, { signal: ctx.signal }));
  if (found === undefined) return;
  const forced = prior.force_destroy === true;
  // Incus deletes a project's own default profile with it.
  const remaining = await whatRemains(
    client,
    found.value.used_by ?? [],
    { signal: ctx.signal },
    (ref) => ref.kind === "profiles" && ref.name === "default",
  );
  if (remaining.kept.length > 0) {
    const { summary, detail } = keptNotice({
      kind: "Project",
      name,
      cliRemote: cliRemote(ctx.providerData.remoteInfo(optionalString(prior.remote))),
      deleteCommand: "incus project delete",
      remaining,
      forced,
    });
    ctx.diagnostics.warning(summary, detail);
    return;
  }
  if (forced) {
    await forceDeleteProject(client, found.value, { signal: ctx.signal });
    return;
  }
  if (remaining.others.length > 0) {
    const { summary, detail } = notEmptyError(
      "Project",
      name,
      remaining.others,
      "They are not managed by this configuration: delete or move them, or set force_destroy = true (forceDestroy on the Project) to delete them with the project.",
    );
    ctx.diagnostics.error(summary, detail);
    return;
  }
  await client.projects.delete(name, { signal: ctx.signal });
}
