// libvirt stores a pool's target path sanitised (virFileSanitizePath: repeated slashes collapsed, a trailing slash
// dropped), so "/srv/images/" reads back as "/srv/images". Both spellings name the same directory: the state keeps
// the one the configuration wrote, and switching between them is neither a replacement nor a perpetual diff.
import type { PlanModifier } from "../../framework";
import { objectValue, requiresReplaceIf } from "../../framework";

/** The path as libvirt stores it. */
export function sanitizedPoolPath(path: string): string {
  const collapsed = path.replace(/\/{2,}/g, "/");
  return collapsed.length > 1 ? collapsed.replace(/\/$/, "") : collapsed;
}

/** True when both are strings naming the same directory in libvirt's eyes. */
export function samePoolPath(a: unknown, b: unknown): boolean {
  return typeof a === "string" && typeof b === "string" && sanitizedPoolPath(a) === sanitizedPoolPath(b);
}

/** The configured spelling when it names the directory libvirt reports, else libvirt's path. */
export function targetPathState(live: string, known: string | undefined): string {
  return known !== undefined && samePoolPath(live, known) ? known : live;
}

/** Replaces the pool when target.path names another directory; a different spelling of the same one is an update. */
export function replaceForOtherDirectory(): PlanModifier {
  return requiresReplaceIf(
    (req) => !samePoolPath(objectValue(req.planValue)?.path, objectValue(req.stateValue)?.path),
    "Changing target.path to another directory replaces the pool; a trailing slash or doubled slashes do not.",
  );
}
