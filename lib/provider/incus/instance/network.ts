// The computed network attributes of incus_instance (ipv4_address, ipv6_address, mac_address, interfaces),
// derived from the instance's runtime state the way the official provider does: `user.access_interface`
// names the NIC to report; otherwise the "best" interface is chosen (one with a host-side name, a MAC, then
// global IPv4, then global IPv6). Ties are broken by name so the choice is stable between reads.
import type { ConfigMap, InstanceState } from "../../../incus";

export type NetworkEntry = NonNullable<InstanceState["network"]>[string];

export interface Addresses {
  readonly ipv4: string | null;
  readonly ipv6: string | null;
  readonly mac: string | null;
}

export interface InterfaceValue {
  readonly name: string;
  readonly type: string;
  readonly state: string;
  readonly ip_addresses: { address: string; family: string; scope: string }[];
}

const NONE: Addresses = { ipv4: null, ipv6: null, mac: null };

function addressesOf(entry: NetworkEntry): Addresses {
  let ipv4: string | null = null;
  let ipv6: string | null = null;
  for (const a of entry.addresses ?? []) {
    if (a.scope !== "global") continue;
    if (ipv4 === null && a.family === "inet") ipv4 = a.address;
    if (ipv6 === null && a.family === "inet6") ipv6 = a.address;
  }
  return { ipv4, ipv6, mac: entry.hwaddr ? entry.hwaddr : null };
}

export function hasGlobal(entry: NetworkEntry, family: string): boolean {
  return (entry.addresses ?? []).some((a) => a.scope === "global" && a.family === family);
}

/** Preference score of an interface: higher is better. */
export function interfaceScore(entry: NetworkEntry): number {
  return (
    (entry.host_name ? 8 : 0) +
    (entry.hwaddr ? 4 : 0) +
    (hasGlobal(entry, "inet") ? 2 : 0) +
    (hasGlobal(entry, "inet6") ? 1 : 0)
  );
}

/** The addresses to report for an instance, given its config and runtime state. */
export function pickAddresses(config: ConfigMap, state: InstanceState | null): Addresses {
  const network = state?.network ?? {};
  const access = config["user.access_interface"];
  if (access !== undefined) {
    const entry = network[access];
    return entry ? addressesOf(entry) : NONE;
  }
  const best = bestInterface(network);
  return best === undefined ? NONE : addressesOf(network[best]);
}

/** Whether interface `a` with score `scoreA` ranks before `b` with `scoreB` (ties: by name, for a stable choice). */
export function ranksBefore(a: string, scoreA: number, b: string, scoreB: number): boolean {
  return scoreA > scoreB || (scoreA === scoreB && a < b);
}

/** The interface whose addresses are reported when no `user.access_interface` names one; undefined: none (or lo). */
export function bestInterface(network: NonNullable<InstanceState["network"]>): string | undefined {
  let best: string | undefined;
  for (const name of Object.keys(network)) {
    if (best === undefined || ranksBefore(name, interfaceScore(network[name]), best, interfaceScore(network[best])))
      best = name;
  }
  return best === "lo" ? undefined : best;
}

const HWADDR_KEY = /^volatile\.(.+)\.hwaddr$/;

/** Incus device names by MAC address (lower case), from the `volatile.<device>.hwaddr` keys. */
export function devicesByMac(config: ConfigMap): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(config)) {
    const m = HWADDR_KEY.exec(key);
    if (m && value) out.set(value.toLowerCase(), m[1]);
  }
  return out;
}

/**
 * Interfaces by the name of their Incus device (found through `volatile.<device>.hwaddr`); interfaces that
 * match no device (loopback, ones created inside the instance) are left out. Null while the instance has no
 * network state (stopped).
 */
export function interfacesOf(config: ConfigMap, state: InstanceState | null): Record<string, InterfaceValue> | null {
  const network = state?.network;
  if (!network || Object.keys(network).length === 0) return null;
  const devices = devicesByMac(config);
  const out: Record<string, InterfaceValue> = {};
  for (const name of Object.keys(network).sort()) {
    const entry = network[name];
    const device = entry.hwaddr ? devices.get(entry.hwaddr.toLowerCase()) : undefined;
    if (!device) continue;
    out[device] = {
      name,
      type: entry.type ?? "",
      state: entry.state ?? "",
      ip_addresses: (entry.addresses ?? []).map((a) => ({ address: a.address, family: a.family, scope: a.scope })),
    };
  }
  return out;
}

/**
 * Whether the instance has a global address of `family` ("inet" / "inet6") on `nic` (or on any non-loopback
 * NIC). Link-local IPv6 addresses appear before any real configuration, so they do not count.
 */
export function hasAddress(state: InstanceState | null, family: "inet" | "inet6", nic: string | null): boolean {
  for (const [name, entry] of Object.entries(state?.network ?? {})) {
    if (name === "lo" || (nic && name !== nic)) continue;
    if ((entry.addresses ?? []).some((a) => a.family === family && a.scope === "global")) return true;
  }
  return false;
}
