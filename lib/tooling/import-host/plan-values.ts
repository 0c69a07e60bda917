// Shared pieces of the import plan: the lookups an object's description needs, and how config maps and devices
// are carried over (without the keys the server or the constructs own).
import type { HostSnapshot, PooledVolume } from "./snapshot";
import type { Ref, Value } from "./source-text";
import { RECORD_KEY_PREFIX } from "../../records";

/** The context plan-instance.ts works with: lookups of the other declarations, and the warning list. */
export interface PlanContext {
  readonly snapshot: HostSnapshot;
  readonly host: Ref;
  /** The project construct objects of a non-default project name (undefined for "default"). */
  readonly project: Ref | undefined;
  pool(name: string): Ref;
  network(name: string): Ref;
  /** The imported profile, or undefined when the name stays a plain string. */
  profile(name: string): Ref | undefined;
  /** The imported volume and its facts, or undefined when it is not imported. */
  volume(pool: string, name: string): { ref: Ref; volume: PooledVolume } | undefined;
  warn(message: string): void;
}

/**
 * A backend's group of props (`incus: {...}`), or undefined when none of its entries is set, so an empty group is
 * left out of the code.
 */
export function optionGroup(entries: { readonly [key: string]: Value }): Value {
  return Object.values(entries).some((v) => v !== undefined) ? entries : undefined;
}

/** Config without the keys the constructs manage and the server's own (volatile.*). */
export function userConfig(
  config: { readonly [key: string]: string } | undefined,
  drop: (key: string) => boolean = () => false,
): { [key: string]: string } | undefined {
  const out: { [key: string]: string } = {};
  for (const key of Object.keys(config ?? {}).sort()) {
    if (key.startsWith(RECORD_KEY_PREFIX) || key.startsWith("volatile.") || drop(key)) continue;
    out[key] = (config as { [key: string]: string })[key];
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** How a warning names an object kind that only the default project's objects of are imported. */
export interface DefaultProjectKind {
  /** e.g. "network ACL" */
  readonly kind: string;
  /** e.g. "NetworkAcl" */
  readonly construct: string;
  /** e.g. "ACLs" */
  readonly plural: string;
  /** e.g. "ACL", as in "the ACL's resource" */
  readonly noun: string;
}

/**
 * Warns about an object of another project than the default one, which its construct cannot place; true when it
 * is to be skipped.
 */
export function outsideDefaultProject(
  what: DefaultProjectKind,
  object: { readonly name: string; readonly project?: string },
  warn: (m: string) => void,
): boolean {
  if (!object.project || object.project === "default") return false;
  warn(
    `${what.kind} "${object.name}" lives in the project "${object.project}"; the ${what.construct} construct places ${what.plural} in the default project only — not imported`,
  );
  return true;
}

/** Warns about the config keys (besides the records) the construct has no prop for: the next deploy removes them. */
export function warnUnmodelledConfig(
  what: DefaultProjectKind,
  name: string,
  config: { readonly [key: string]: string },
  modelled: (key: string) => boolean,
  warn: (m: string) => void,
): void {
  const dropped = Object.keys(config)
    .filter((key) => !modelled(key) && !key.startsWith(RECORD_KEY_PREFIX))
    .sort();
  if (dropped.length > 0)
    warn(
      `${what.kind} "${name}": the ${what.construct} construct has no prop for ${dropped.join(", ")}; the next deploy removes them — set them again on the ${what.noun}'s resource (an escape hatch) if they matter`,
    );
}

/** Devices as the `devices` escape hatch: `{ name: { type, properties } }`, in name order. */
export function rawDevices(
  devices: { readonly [name: string]: { readonly [key: string]: string } } | undefined,
  owner: string,
  warn: (m: string) => void,
): Value {
  const names = Object.keys(devices ?? {}).sort();
  if (names.length === 0) return undefined;
  const out: { [name: string]: Value } = {};
  for (const name of names) {
    const { type, ...rest } = (devices as { [name: string]: { [key: string]: string } })[name];
    const properties: { [key: string]: string } = {};
    for (const key of Object.keys(rest).sort()) {
      // Incus accepts an empty property; the constructs do not (the provider requires values): it means unset.
      if (rest[key] === "") warn(`${owner}: device "${name}" property "${key}" is empty and was left out`);
      else properties[key] = rest[key];
    }
    out[name] = { type, properties };
  }
  return out;
}
