// Removal policies as the bundled providers carry them out, and the names of what they leave behind (released
// objects, final copies, snapshots taken before a rebuild). The constructs write the config keys (see
// config-keys.ts, with the released-marker and adopt keys); the providers read them on Delete; the tooling uses the
// same names to say what a plan will do.
// Imports nothing but config-keys.ts, so every layer can use it.
import { OWNER_CONFIG_KEY, RELEASED_OWNER_PREFIX } from "./config-keys";

/** What a provider does when it is asked to delete an object. */
export type RemovalPolicyName = "protect" | "retain" | "snapshot" | "destroy";

export const REMOVAL_POLICY_NAMES: readonly RemovalPolicyName[] = ["protect", "retain", "snapshot", "destroy"];

/**
 * The policy named by `value` (a config value or attribute), "destroy" when unset. Throws on anything else, so a
 * typo never downgrades "retain" to a delete.
 */
export function parseRemovalPolicy(value: string | null | undefined, where: string): RemovalPolicyName {
  if (value === null || value === undefined || value === "") return "destroy";
  const policy = value.trim().toLowerCase();
  if ((REMOVAL_POLICY_NAMES as readonly string[]).includes(policy)) return policy as RemovalPolicyName;
  throw new Error(`${where} is ${JSON.stringify(value)}, which is not a removal policy; use one of ${REMOVAL_POLICY_NAMES.join(", ")}.`);
}

/** The marker a released object carries. */
export function releasedOwner(owner: string | null | undefined): string {
  return `${RELEASED_OWNER_PREFIX}${owner ?? ""}`;
}

/** True when the owner marker says the object was released. */
export function isReleased(owner: string | null | undefined): boolean {
  return typeof owner === "string" && owner.startsWith(RELEASED_OWNER_PREFIX);
}

/**
 * Whether a configuration whose adopt key is `adopt` may take over an object marked `existingOwner`: only a
 * released object, and only when the key says "released" or names exactly that released marker.
 */
export function mayAdoptReleased(existingOwner: string | null | undefined, adopt: string | null | undefined): boolean {
  if (!isReleased(existingOwner) || !adopt) return false;
  return adopt === "released" || adopt === existingOwner;
}

/** The stack part of an owner marker "<stack>/<construct path>" (undefined for none or a released marker). */
export function stackOfOwner(owner: string | null | undefined): string | undefined {
  if (!owner || isReleased(owner)) return undefined;
  const slash = owner.indexOf("/");
  return slash > 0 ? owner.slice(0, slash) : undefined;
}

/** UTC time as `yyyymmddThhmmssZ`: sorts by time, valid in Incus and libvirt object names. */
export function utcStamp(at: Date = new Date()): string {
  return at.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
}

/** Name of the final copy the SNAPSHOT policy keeps of `name`: `<name>-final-<yyyymmddThhmmssZ>`. */
export function finalCopyName(name: string, at: Date = new Date()): string {
  return `${name}-final-${utcStamp(at)}`;
}

/** The final copy's name as a plan can announce it (the time is only known when the delete runs). */
export function finalCopyPattern(name: string): string {
  return `${name}-final-<yyyymmddThhmmssZ>`;
}

/** Prefix of the snapshots taken of a volume before `instance` was deleted or rebuilt. */
export function rebuildSnapshotPrefix(instance: string): string {
  return `rebuild-${instance}-`;
}

/** Name of the snapshot taken of a volume before `instance` was deleted or rebuilt: `rebuild-<instance>-<stamp>`. */
export function rebuildSnapshotName(instance: string, at: Date = new Date()): string {
  return `${rebuildSnapshotPrefix(instance)}${utcStamp(at)}`;
}

/**
 * The retention count of SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY: a whole number ≥ 1, or undefined when unset, "0"
 * or "false" (no snapshot). "true" means 1. Throws on anything else.
 */
export function parseRetention(value: string | null | undefined, where: string): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim().toLowerCase();
  if (text === "" || text === "0" || text === "false") return undefined;
  if (text === "true") return 1;
  if (/^\d+$/.test(text)) return Number(text);
  throw new Error(`${where} is ${JSON.stringify(value)}; expected how many snapshots to keep (a whole number, e.g. "3").`);
}

/** Config of a copy that is released: the owner marker turned into the released one. */
export function releasedConfig(config: Readonly<Record<string, string>>): Record<string, string> {
  return { ...config, [OWNER_CONFIG_KEY]: releasedOwner(config[OWNER_CONFIG_KEY]) };
}
