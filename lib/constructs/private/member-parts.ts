// Pools and networks of an Incus cluster are created in two steps: pending on every member with the keys each
// member holds for itself (lib/records/member-keys.ts), then cluster-wide with the rest: the split, and the owner marker of a
// member part.
import type { IConstruct } from "constructs";
import { incusOwnershipConfig } from "../../lifecycle";
import { IncusProviderSource } from "../model/incus-host-props";
import type { IncusHostLike } from "./hosts";
export { MEMBER_NETWORK_KEYS, MEMBER_POOL_KEYS } from "../../records";

/** Splits a config into the members' keys and the cluster-wide rest. */
export function splitMemberConfig(
  config: { readonly [key: string]: string },
  memberKeys: readonly string[],
): { member: { [key: string]: string }; clusterWide: { [key: string]: string } } {
  const member: { [key: string]: string } = {};
  const clusterWide: { [key: string]: string } = {};
  for (const [key, value] of Object.entries(config)) (memberKeys.includes(key) ? member : clusterWide)[key] = value;
  return { member, clusterWide };
}

/**
 * The owner marker of a member part. The bundled provider keeps it out of the member-specific create (Incus holds
 * user keys cluster-wide) and uses it to adopt the part after an interrupted run; the official provider would send
 * it, and Incus refuses user keys in a member-specific create, so with it the part carries none.
 */
export function memberPartMarker(scope: IConstruct, host: IncusHostLike): { [key: string]: string } {
  return host.providerSource === IncusProviderSource.BUNDLED ? incusOwnershipConfig(scope) : {};
}
