// What the constructs tests on the local OVN (scripts/setup-ovn.sh) share: the uplink, a free-looking listen address
// from the subnet it routes to OVN, and the start of each stack (host, test pool, an OVN network on the uplink).
import { randomInt } from "node:crypto";
import type { TerraformStack } from "cdktf";
import { IncusHost, Network, StoragePool } from "../../../lib";
import type { IStoragePool } from "../../../lib";
import { TEST_POOL } from "../../support/incus";
import { incusQuery } from "./support";

export const OVN_UPLINK = process.env.CDKTF_VIRT_OVN_UPLINK ?? "cdktf-ovn-up";

/** A random /24 (its first three octets) for an OVN network's inside: NAT to the uplink, so only distinctness matters. */
export function ovnSubnet(): string {
  return `10.${randomInt(184, 200)}.${randomInt(0, 256)}`;
}

/**
 * The first three octets of the uplink's routed /24 (`ipv4.routes`), where load balancer and forward listen
 * addresses come from; a clear error when the OVN set-up is missing.
 */
export function listenPrefix(): string {
  const routes = String(incusQuery(`/1.0/networks/${OVN_UPLINK}`)?.config?.["ipv4.routes"] ?? "");
  const match = /^(\d+\.\d+\.\d+)\.0\/24/.exec(routes);
  if (!match) throw new Error(`no OVN uplink ${OVN_UPLINK} with a /24 in ipv4.routes: run scripts/setup-ovn.sh`);
  return match[1];
}

/** The local host, the test pool and an OVN network `net` on the uplink with `subnet`.1/24. */
export function ovnStackBase(
  stack: TerraformStack,
  subnet: string,
): { host: IncusHost; pool: IStoragePool<IncusHost>; network: Network<IncusHost> } {
  const host = new IncusHost(stack, "local");
  const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
  const network = new Network(stack, "net", {
    host,
    incus: {
      type: "ovn",
      config: { network: OVN_UPLINK, "ipv4.address": `${subnet}.1/24`, "ipv4.nat": "true", "ipv6.address": "none" },
    },
  });
  return { host, pool, network };
}
