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
