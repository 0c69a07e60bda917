// force_destroy of a project. Incus's own forced delete (DELETE /1.0/projects/<name>?force=true) also resets the
// default profile of the project whose profiles the deleted one uses: with features.profiles off that is the default
// project's (seen on Incus 6.0.4: its devices and description are emptied, and every instance created on the host
// afterwards fails with "No root device could be found"). That profile is not ours, so such a project's own objects
// (the entries of its used_by that live in the project itself) are deleted one by one instead, then the project;
// what the project merely shares with the default project is never touched.
import type { CallOptions, IncusClient, Project } from "../../../incus";
import { ignoreNotFound } from "../../../incus";
import type { UsedByRef } from "../../../incus/used-by";
import { parseUsedBy } from "../../../incus/used-by";

/** Deletes project `project` and everything in it, without touching objects of other projects. */
export async function forceDeleteProject(client: IncusClient, project: Project, call: CallOptions): Promise<void> {
  if (project.config?.["features.profiles"] === "true") {
    await client.projects.forceDelete(project.name, call);
    return;
  }
  const own = (project.used_by ?? [])
    .map(parseUsedBy)
    .filter((ref): ref is UsedByRef => ref !== undefined && ref.project === project.name);
  const at: CallOptions = { ...call, project: project.name };
  // Instances first: they hold the volumes, images and networks below.
  for (const ref of own.filter((r) => r.kind === "instances" && r.snapshot === undefined)) {
    const live = await ignoreNotFound(client.instances.get(ref.name, at));
    if (live && live.value.status !== "Stopped")
      await ignoreNotFound(client.instanceState.stop(ref.name, { ...at, force: true }));
    await ignoreNotFound(client.instances.delete(ref.name, at));
  }
  for (const ref of own) {
    if (ref.volume?.type === "custom" && ref.volume.snapshot === undefined)
      await ignoreNotFound(client.storageVolumes.delete(ref.name, ref.volume.name, at));
    else if (ref.kind === "images") await ignoreNotFound(client.images.delete(ref.name, at));
    else if (ref.kind === "profiles" && ref.name !== "default")
      await ignoreNotFound(client.profiles.delete(ref.name, at));
  }
  for (const ref of own.filter((r) => r.kind === "networks"))
    await ignoreNotFound(client.networks.delete(ref.name, at));
  // Anything else left in the project makes Incus refuse with its own message.
  await client.projects.delete(project.name, call);
}
