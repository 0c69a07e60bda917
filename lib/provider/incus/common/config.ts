// Config maps as Terraform sees them: the user's keys plus whatever the server keeps. Server-generated keys
// (volatile.*, a dir pool's source, ...) would show as drift on every plan, so reads drop them unless the
// user set the key; any other key Incus reports (including user.* keys added out of band) stays visible.
import type { ConfigMap } from "../../../incus";
import { isUnknown } from "../../framework";

// The ownership marker's key and the protection flag, defined once for the constructs and the providers.
export { OWNER_CONFIG_KEY as OWNER_KEY, PROTECT_CONFIG_KEY as PROTECT_KEY } from "../../../records";

/**
 * An entry ending in "." (or "*") is a prefix ("volatile."), anything else an exact key ("source").
 * Exported for resources that build their own lists.
 */
export function isComputedKey(key: string, computed: readonly string[]): boolean {
  for (const entry of computed) {
    if (entry.endsWith("*")) {
      if (key.startsWith(entry.slice(0, -1))) return true;
    } else if (entry.endsWith(".")) {
      if (key.startsWith(entry)) return true;
    } else if (key === entry) return true;
  }
  return false;
}

/**
 * A config attribute as the user wrote it (prior state or plan): a key set to null
 * (`"limits.cpu" = var.cpu == "" ? null : var.cpu`) stays, as null.
 */
export type UserConfig = Readonly<Record<string, string | null>>;

/**
 * The user's config from a prior state or plan value, null elements kept: null when the attribute is null
 * (after an import: the user's keys are not known yet), {} when it is unknown, unknown entries left out.
 */
export function userConfigOf(value: unknown): UserConfig | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== "object" || isUnknown(value)) return {};
  const out: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === null) out[k] = null;
    else if (v !== undefined && !isUnknown(v)) out[k] = String(v);
  }
  return out;
}

/**
 * The config to record in state: the live config without the server-generated keys the user did not set.
 * A key the user set to null stays a null element whatever Incus has for it: Terraform requires the state to
 * keep the element ("element has vanished" otherwise), and whatever Incus chose for the key is not drift.
 * @param live what Incus reports now
 * @param userConfig the config from the prior state / plan (see userConfigOf); null after an import, when the
 *   user's keys are not known yet: computed keys are then dropped unless `keepOnImport` says the value can only
 *   come from a user (e.g. `ipv4.address = none`), so that a plan right after an import stays empty
 * @param computed computed keys and prefixes (see isComputedKey); none for objects whose every key is the user's
 * @returns typed as the schemas type map attributes (string values), although the user's null elements are in it
 */
export function stripComputedConfig(
  live: ConfigMap | null | undefined,
  userConfig: UserConfig | null | undefined,
  computed: readonly string[] = [],
  keepOnImport?: (key: string, value: string) => boolean,
): ConfigMap {
  const out: Record<string, string | null> = {};
  const user = userConfig ?? {};
  for (const key of Object.keys(live ?? {}).sort()) {
    const value = (live as ConfigMap)[key];
    if (Object.prototype.hasOwnProperty.call(user, key) || !isComputedKey(key, computed)) out[key] = value;
    else if ((userConfig === null || userConfig === undefined) && keepOnImport?.(key, value)) out[key] = value;
  }
  for (const [key, value] of Object.entries(user)) if (value === null) out[key] = null;
  return out as ConfigMap;
}

/** A map attribute's value as a plain string map: {} for null or unknown, unknown or null entries left out. */
export function configMap(value: unknown): ConfigMap {
  if (value === null || value === undefined || typeof value !== "object" || isUnknown(value)) return {};
  const out: ConfigMap = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v !== null && v !== undefined && !isUnknown(v)) out[k] = String(v);
  }
  return out;
}

/** Same keys and values. */
export function configEqual(a: ConfigMap | null | undefined, b: ConfigMap | null | undefined): boolean {
  const ka = Object.keys(a ?? {});
  const kb = Object.keys(b ?? {});
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.prototype.hasOwnProperty.call(b ?? {}, k) && (a ?? {})[k] === (b ?? {})[k]);
}

/**
 * The config to PUT so the object ends up with exactly the user's keys while keeping the server's own keys:
 * computed keys the user did not set are copied from the live config (a PUT without them would reset e.g.
 * `volatile.*` or a pool's `source`).
 */
export function mergeForPut(
  live: ConfigMap | null | undefined,
  desired: ConfigMap,
  computed: readonly string[],
): ConfigMap {
  const out: ConfigMap = { ...desired };
  for (const [k, v] of Object.entries(live ?? {})) {
    if (!(k in out) && isComputedKey(k, computed)) out[k] = v;
  }
  return out;
}
