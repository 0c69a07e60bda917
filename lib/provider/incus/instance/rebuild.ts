// The rebuild in place of an update that plan.ts decided on (rebuild-plan.ts): the instance is stopped (as before a
// delete, clean-stop.ts: killed unless a custom volume is attached), the volumes
// that ask for it are snapshotted (as before a replacement), Incus gives it a new root disk from the planned image
// (its config, devices, MAC, UUID and attached volumes stay; the planned config and devices are written just
// before), and then it is brought to the plan as a new instance is: started when it should run, wait_for honoured,
// every file uploaded and every exec entry run.
import type { ResourceContext } from "../../framework";
import { DiagnosticError, knownOrNull } from "../../framework";
import type { IncusProviderData } from "../provider-data";
import { volumesToSnapshot } from "../storage/rebuild-snapshots";
import type { Instance, Versioned } from "../../../incus";
import { cleanStopSeconds, stopBeforeDelete, warnIfKilled } from "./clean-stop";
import { converge, handleOf, modifiableUpdate, writeModifiable } from "./converge";
import type { Placement } from "./create";
import type { ResolvedImage } from "./image-source";
import { resolveImageSource } from "./image-source";
import { decideRebuild } from "./rebuild-plan";
import type { InstancePlan, InstanceState } from "./schema";
import { snapshotAttachedVolumes } from "./volume-snapshots";

/** Whether the update from `prior` to `planned` is the rebuild in place its plan decided on. */
export function isRebuild(prior: InstanceState, planned: InstancePlan): boolean {
  return decideRebuild(prior, planned).action === "rebuild";
}

/**
 * Rebuilds instance `name` (the prior name: a rename follows) from the planned image and converges it to the plan.
 * `rebuilt` runs right after Incus rebuilt it, with the instance as read then, so the caller can record the new root
 * disk even when a later step (the start, a wait, an exec) fails.
 */
export async function rebuildInstance(
  at: Placement,
  name: string,
  planned: InstancePlan,
  ctx: Pick<ResourceContext<IncusProviderData>, "log" | "diagnostics" | "providerData">,
  rebuilt: (live: Versioned<Instance>) => Promise<void>,
): Promise<void> {
  const image = knownOrNull(planned.image);
  if (image === null || image === undefined)
    throw new Error(`Instance ${JSON.stringify(name)} has no image to rebuild from.`);
  let resolved: ResolvedImage;
  try {
    resolved = await resolveImageSource(ctx.providerData, at.remote, at.client, image, at.call);
  } catch (err) {
    throw new DiagnosticError(`Cannot use image ${JSON.stringify(image)}`, (err as Error).message, ["image"]);
  }
  try {
    const live = await at.client.instances.get(name, at.call);
    const volumes = await volumesToSnapshot(at.client, live.value, at.call);
    // The root disk goes as a whole, as in a replacement: a clean stop only for the custom volumes' sake.
    const seconds = cleanStopSeconds(live.value);
    warnIfKilled(ctx, name, seconds, await stopBeforeDelete(handleOf(at, name), seconds, live.value.status), "rebuild");
    await snapshotAttachedVolumes(at, name, volumes, ctx, "rebuilt");
    // The new config first (Incus keeps it through the rebuild), so the state read after the rebuild is the plan's.
    // The stop changed only volatile keys, which the comparison leaves alone: the object read before it tells
    // whether there is anything to write; only a write needs the object again, for its new ETag.
    if (modifiableUpdate(planned, live.value))
      await writeModifiable(at, name, planned, await at.client.instances.get(name, at.call));
    ctx.log.info("rebuilding the instance in place", { name, image });
    await at.client.instances.rebuild(name, resolved.source, { ...at.call, timeoutMs: at.timeoutMs });
  } finally {
    // A download secret that was not used is withdrawn.
    await resolved.release();
  }
  const after = await at.client.instances.get(name, at.call);
  await rebuilt(after);
  // A new root disk: as after a create, every file is uploaded and every exec entry runs.
  await converge(at, name, planned, null, after);
}
