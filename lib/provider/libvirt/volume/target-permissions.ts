// target.permissions of a volume: libvirt sets them when it creates the file and has no call to change them, so
// another owner, group or mode replaces the volume — but "640" and "0640" are one mode, and switching between the
// spellings is an update of the state only. The state holds the permissions the configuration sets (libvirt reports
// every file's), in the configuration's spelling of an equal mode.
import type { CtyValue, Unknown } from "../../cty";
import { ctyEqual, isUnknown } from "../../cty";
import type { PlanModifier } from "../../framework";
import { objectValue, requiresReplaceIf } from "../../framework";
import type { VolumePermissions } from "../../../libvirt";
import { knownObject, knownString } from "../common";

type Str = string | Unknown | null;
/** target.permissions as a configuration or plan holds it. */
interface PermissionsValue {
  readonly owner: Str;
  readonly group: Str;
  readonly mode: Str;
  readonly label: Str;
}
interface PermissionsState {
  owner: string | null;
  group: string | null;
  mode: string | null;
  label: string | null;
}

/** Modes are octal either way: "640" and "0640" are one mode. */
function sameMode(a: string, b: string): boolean {
  return parseInt(a, 8) === parseInt(b, 8);
}

/** The target with its mode in one spelling (and its computed path left out), for comparing plan and state. */
function canonicalTarget(value: CtyValue): CtyValue {
  const target = objectValue(value);
  if (!target) return value;
  const permissions = objectValue(target.permissions);
  const mode = permissions?.mode;
  return {
    ...target,
    path: null,
    permissions:
      permissions && typeof mode === "string" && /^[0-7]+$/.test(mode)
        ? { ...permissions, mode: parseInt(mode, 8).toString(8) }
        : target.permissions,
  };
}

/** Replaces the volume when target changes, except for the spelling of the mode or the computed path. */
export function replaceForOtherTarget(): PlanModifier {
  return requiresReplaceIf(
    (req) =>
      isUnknown(req.planValue) || !ctyEqual(canonicalTarget(req.planValue), canonicalTarget(req.stateValue), req.type),
    "Changing target (format, permissions) replaces the volume; another spelling of the same mode does not.",
  );
}

export function permissionsState(
  live: VolumePermissions | undefined,
  known: PermissionsValue | undefined,
): PermissionsState | null {
  if (!known) return null;
  const liveMode = live?.mode;
  const knownMode = knownString(known.mode);
  return {
    owner: known.owner === null ? null : (live?.owner ?? null),
    group: known.group === null ? null : (live?.group ?? null),
    mode:
      known.mode === null
        ? null
        : knownMode !== undefined && liveMode !== undefined && sameMode(knownMode, liveMode)
          ? knownMode
          : (liveMode ?? null),
    label: known.label === null ? null : (live?.label ?? null),
  };
}

export function permissionsFrom(
  target: { readonly permissions: PermissionsValue | Unknown | null } | Unknown | null,
): VolumePermissions | undefined {
  const p = knownObject(knownObject(target)?.permissions);
  if (!p) return undefined;
  return {
    owner: knownString(p.owner),
    group: knownString(p.group),
    mode: knownString(p.mode),
    label: knownString(p.label),
  };
}
