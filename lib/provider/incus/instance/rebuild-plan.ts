// Whether a planned change of an instance's image or cloud-init data rebuilds it in place (Incus's rebuild API: a
// new root disk from the image, the same instance with its config, devices, MAC and attached volumes) or replaces it.
// The official provider replaces on every image change and only writes new cloud-init data; the instance's own
// records (lib/records: image-change, cloud-init-change) ask for a rebuild instead. A rebuild is planned only where
// it is safe; otherwise the change replaces the instance, and the plan says why.
import type { AttrPath } from "../../framework";
import { isUnknown } from "../../framework";
import {
  CLOUD_INIT_CHANGE_CONFIG_KEY,
  CLOUD_INIT_CONFIG_KEYS,
  decodeCloudInitChange,
  decodeImageChange,
  IMAGE_CHANGE_CONFIG_KEY,
} from "../../../records";
import type { InstancePlanModel, InstanceState } from "./schema";

/** What the plan does about the image and cloud-init data. */
export type RebuildDecision =
  | { readonly action: "none" }
  /** Rebuilt in place: `because` names what changed ("image", "cloud-init data"). */
  | { readonly action: "rebuild"; readonly because: string }
  /** Replaced: `paths` force it; `fallback` says why a requested rebuild is not possible (undefined: not requested). */
  | { readonly action: "replace"; readonly paths: readonly AttrPath[]; readonly fallback?: string };

type Values = Pick<
  InstancePlanModel,
  "image" | "config" | "type" | "ephemeral" | "source_instance" | "source_file" | "device" | "profiles"
>;

/** The config keys cloud-init reads whose planned value differs from the prior one (unknown counts as differing). */
export function changedCloudInitKeys(prior: InstanceState["config"], planned: InstancePlanModel["config"]): string[] {
  if (isUnknown(planned)) return [...CLOUD_INIT_CONFIG_KEYS];
  const before = prior ?? {};
  const after = (planned ?? {}) as { readonly [key: string]: unknown };
  return CLOUD_INIT_CONFIG_KEYS.filter(
    (key) => isUnknown(after[key]) || (after[key] ?? null) !== (before[key] ?? null),
  );
}

/** A known string value of the planned config, undefined when the config or the value is unknown or absent. */
function recorded(config: InstancePlanModel["config"], key: string): string | undefined {
  if (config === null || isUnknown(config)) return undefined;
  const value = (config as { readonly [key: string]: unknown })[key];
  return typeof value === "string" ? value : undefined;
}

/**
 * The decision for an update from `prior` to `planned` (the framework's plan; its other replacement rules still
 * apply on top). Pure: what only the host knows (snapshots, see rebuildBlockedByHost) comes in as `hostBlock`.
 */
export function decideRebuild(prior: InstanceState, planned: Values, hostBlock?: string): RebuildDecision {
  const imageChanged = isUnknown(planned.image) || (planned.image ?? null) !== (prior.image ?? null);
  const cloudInitKeys = changedCloudInitKeys(prior.config, planned.config);
  const imageMode = decodeImageChange(recorded(planned.config, IMAGE_CHANGE_CONFIG_KEY));
  const cloudInitMode = decodeCloudInitChange(recorded(planned.config, CLOUD_INIT_CHANGE_CONFIG_KEY));
  if (imageChanged && imageMode === "replace") return { action: "replace", paths: [["image"]] };
  const because = [
    ...(imageChanged ? ["image"] : []),
    ...(cloudInitKeys.length > 0 && cloudInitMode === "rebuild" ? ["cloud-init data"] : []),
  ];
  if (because.length === 0) return { action: "none" };
  const unsafe = rebuildUnsafe(prior, planned) ?? hostBlock;
  if (unsafe === undefined) return { action: "rebuild", because: because.join(" and ") };
  const paths: AttrPath[] = imageChanged ? [["image"]] : [];
  if (cloudInitMode === "rebuild") for (const key of cloudInitKeys) paths.push(["config", { key }]);
  return { action: "replace", paths, fallback: unsafe };
}

/** Why the instance cannot be rebuilt in place, judged from its values alone; undefined when it can. */
export function rebuildUnsafe(prior: InstanceState, planned: Values): string | undefined {
  if (prior.source_instance !== null || prior.source_file !== null || planned.source_instance !== null)
    return "it was copied from another instance or restored from a backup, not created from an image";
  if (planned.source_file !== null) return "it is restored from a backup";
  if (prior.image === null || planned.image === null)
    return "it has no image to rebuild from (an empty instance, or the image is removed)";
  if (prior.ephemeral || planned.ephemeral === true)
    return "it is an ephemeral instance, which Incus deletes when it stops (a rebuild needs it stopped)";
  if (isUnknown(planned.type) || (planned.type !== null && planned.type !== prior.type))
    return "its type changes (a rebuild keeps the type)";
  if (isUnknown(planned.device) || isUnknown(planned.profiles))
    return "its devices or profiles are not known until apply";
  const rootBefore = rootPool(prior.device);
  const rootAfter = rootPool(planned.device);
  if (rootBefore !== rootAfter) return "the pool of its root disk changes (a rebuild keeps the root disk's pool)";
  if (JSON.stringify(prior.profiles ?? null) !== JSON.stringify(planned.profiles ?? null))
    return "its profiles change too (they may carry the root disk)";
  return undefined;
}

/** The pool of the root disk device block (a disk at "/"), null when the profiles provide the root disk. */
function rootPool(devices: InstancePlanModel["device"] | InstanceState["device"]): unknown {
  if (!Array.isArray(devices)) return null;
  for (const device of devices) {
    if (isUnknown(device) || device === null) return undefined;
    if (isUnknown(device.properties) || device.properties === null) continue;
    const properties = device.properties as { readonly [key: string]: unknown };
    if (device.type === "disk" && properties.path === "/") return properties.pool ?? null;
  }
  return null;
}

/** Why the host's instance cannot be rebuilt: Incus refuses to rebuild an instance that has snapshots. */
export function rebuildBlockedByHost(snapshotCount: number): string | undefined {
  return snapshotCount > 0
    ? `it has ${snapshotCount} snapshot${snapshotCount === 1 ? "" : "s"}, and Incus rebuilds only instances without any`
    : undefined;
}
