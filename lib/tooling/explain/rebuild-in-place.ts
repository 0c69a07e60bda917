// An Incus instance rebuilt in place: an update of incus_instance that the bundled provider carries out with Incus's
// rebuild (a new root disk from the image; the same instance, address and attached volumes). An image change is an
// update only when the instance's record asks for a rebuild (the official provider always replaces); a cloud-init
// change rebuilds when its record says so. What the provider could not rebuild it has planned as a replacement.
import {
  CLOUD_INIT_CHANGE_CONFIG_KEY,
  CLOUD_INIT_CONFIG_KEYS,
  decodeCloudInitChange,
  recordedString,
} from "../../records";
import type { ResourceChange } from "./changes";

/** The words of the action of an instance rebuilt in place (in place of "will be updated in place"). */
export const REBUILT_IN_PLACE = "will be rebuilt in place (same instance, address and volumes kept)";

type Values = { readonly [key: string]: unknown };

/** What makes the update of `change` a rebuild in place ("image", "cloud-init data"); undefined when it is none. */
export function inPlaceRebuildOf(change: ResourceChange | undefined): string | undefined {
  if (change === undefined || change.type !== "incus_instance" || change.kind !== "update") return undefined;
  const before = (change.plan.change.before ?? {}) as Values;
  const after = (change.plan.change.after ?? {}) as Values;
  const unknown = (change.plan.change.after_unknown ?? {}) as Values;
  if (unknown.image === true || before.image !== after.image) return "image";
  const configBefore = (before.config ?? {}) as Values;
  const configAfter = (after.config ?? {}) as Values;
  if (decodeCloudInitChange(recordedString(configAfter, CLOUD_INIT_CHANGE_CONFIG_KEY)) !== "rebuild") return undefined;
  const unknownConfig = unknown.config;
  const changed = CLOUD_INIT_CONFIG_KEYS.some(
    (key) =>
      unknownConfig === true ||
      (typeof unknownConfig === "object" && unknownConfig !== null && (unknownConfig as Values)[key] === true) ||
      (configBefore[key] ?? null) !== (configAfter[key] ?? null),
  );
  return changed ? "cloud-init data" : undefined;
}
