// Stable MAC addresses: a rebuilt instance keeps its MAC (and with it its DHCP lease and address) because the MAC
// is derived from what stays the same across rebuilds — the construct path — instead of being chosen by the host
// on every create.
import { createHash } from "node:crypto";
import type { IConstruct } from "constructs";

/**
 * The MAC of `construct`'s NIC: six bytes of SHA-256("<stack>/<construct path>"), with the first octet made a
 * locally administered unicast address (bit 0x02 set, bit 0x01 clear). Locally administered addresses are outside
 * every vendor's OUI — including Incus's own 00:16:3e, which Incus hands out itself — so a derived MAC never
 * collides with one the host generates. The same path always gives the same MAC; different paths differ (48 bits
 * minus 2: a collision in a network of a few hundred instances is about 1 in 10^9).
 */
export function stableMac(construct: IConstruct): string {
  return stableMacOf(construct.node.path);
}

/** The MAC derived from `key` as stableMac derives it from a construct path (a further NIC: "<path>/nic<N>"). */
export function stableMacOf(key: string): string {
  const hash = createHash("sha256").update(key).digest();
  const octets = [...hash.subarray(0, 6)];
  octets[0] = (octets[0] & 0xfc) | 0x02;
  return octets.map((b) => b.toString(16).padStart(2, "0")).join(":");
}
