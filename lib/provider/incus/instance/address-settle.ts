// The short, bounded wait after a start for the addresses an instance's managed networks hand out, when the
// configuration has no wait_for. The official provider reads an instance's state only 2 s after its start returns
// (its state wait's first delay), by which time a DHCP lease (and usually a SLAAC address) is there; read at once,
// ipv4_address/ipv6_address of a new instance would be empty where the official provider's are set. The wait ends
// as soon as the reported NIC has what its network hands out, and quietly at the bound: an address that does not
// come in time stays empty, as with the official provider. It never waits for NICs on unmanaged parents, networks
// that hand out nothing, or virtual machines (see settleAddresses), nor when the user gave wait_for blocks.
import type { ConfigMap, DevicesMap, Instance, InstanceState, Network } from "../../../incus";
import { numberFromEnv } from "../../framework";
import { WaitTimeoutError, waitUntil } from "../common";
import type { NetworkEntry } from "./network";
import { bestInterface, devicesByMac, hasGlobal, interfaceScore, ranksBefore } from "./network";
import type { InstanceHandle } from "./power";

/** Environment variable setting the bound in ms (0: no wait). */
export const ADDRESS_SETTLE_ENV = "CDKTF_VIRT_ADDRESS_SETTLE_MS";
/** Default bound: a little over the official provider's 2 s, so that what it would see is there. */
export const DEFAULT_ADDRESS_SETTLE_MS = 3000;
/** Each /state read also sums the disk usage (about 100 ms on a dir pool): a few reads per second at most. */
const POLL_MS = 300;

/** The address families a NIC on a managed network is handed. */
export interface Families {
  readonly ipv4: boolean;
  readonly ipv6: boolean;
}

/** The bound from the environment (ms), or the default. */
export function addressSettleMsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  return (
    numberFromEnv(env, ADDRESS_SETTLE_ENV, "milliseconds (e.g. 3000, or 0 for no wait)") ?? DEFAULT_ADDRESS_SETTLE_MS
  );
}

function isSet(value: string | undefined): boolean {
  return value !== undefined && value !== "" && value !== "none";
}

/** Incus reads these as false (shared.IsFalse). */
function isFalse(value: string | undefined): boolean {
  return value !== undefined && ["0", "false", "off", "no"].includes(value.toLowerCase());
}

/**
 * What a network hands out: IPv4 when it has an address and DHCP is on (the default), IPv6 when it has an address
 * (router advertisements give SLAAC addresses, stateful DHCPv6 the others). Unmanaged networks hand out nothing.
 */
export function familiesOf(network: Pick<Network, "managed" | "config">): Families {
  if (!network.managed) return { ipv4: false, ipv6: false };
  const c = network.config ?? {};
  return {
    ipv4: isSet(c["ipv4.address"]) && !isFalse(c["ipv4.dhcp"]),
    ipv6: isSet(c["ipv6.address"]),
  };
}

/**
 * The network each NIC device is on, by device name: its `network`, or the `parent` of a bridged NIC (which may be
 * a managed bridge). Other NICs (macvlan, physical, routed…) get nothing from a managed network's DHCP.
 */
export function nicNetworks(devices: DevicesMap): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, d] of Object.entries(devices)) {
    if (d.type !== "nic") continue;
    if (d.network) out.set(name, d.network);
    else if (d.nictype === "bridged" && d.parent) out.set(name, d.parent);
  }
  return out;
}

/** The families still missing on an interface, given what its device expects. */
function missing(entry: NetworkEntry, expected: Families | undefined): Families {
  return {
    ipv4: Boolean(expected?.ipv4) && !hasGlobal(entry, "inet"),
    ipv6: Boolean(expected?.ipv6) && !hasGlobal(entry, "inet6"),
  };
}

/**
 * Whether the addresses pickAddresses reports can no longer change through addresses a managed network still
 * owes: the reported interface has every family its network hands out, and no other interface still owed some
 * would outrank it once they come. `expected` is by device; `config` maps devices to interfaces (their MACs).
 */
export function addressesSettled(
  config: ConfigMap,
  state: Pick<InstanceState, "network">,
  expected: ReadonlyMap<string, Families>,
): boolean {
  const network = state.network ?? {};
  const deviceByMac = devicesByMac(config);
  const owed = (name: string): Families => {
    const entry = network[name];
    const device = entry.hwaddr ? deviceByMac.get(entry.hwaddr.toLowerCase()) : undefined;
    return missing(entry, device === undefined ? undefined : expected.get(device));
  };
  const access = config["user.access_interface"];
  if (access !== undefined) {
    // Only that interface is reported; one that does not exist never gets an address to wait for.
    if (!network[access]) return true;
    const m = owed(access);
    return !m.ipv4 && !m.ipv6;
  }
  const picked = bestInterface(network);
  if (picked === undefined) return expected.size === 0; // no interface yet
  const m = owed(picked);
  if (m.ipv4 || m.ipv6) return false;
  const pickedScore = interfaceScore(network[picked]);
  return Object.keys(network).every((name) => {
    if (name === picked) return true;
    const o = owed(name);
    if (!o.ipv4 && !o.ipv6) return true;
    // interfaceScore counts a global IPv4 as 2 and a global IPv6 as 1.
    const potential = interfaceScore(network[name]) + (o.ipv4 ? 2 : 0) + (o.ipv6 ? 1 : 0);
    return !ranksBefore(name, potential, picked, pickedScore);
  });
}

/** What each NIC device expects, looking each network up once; a network that cannot be read expects nothing. */
async function expectations(h: InstanceHandle, devices: DevicesMap): Promise<Map<string, Families>> {
  const nics = nicNetworks(devices);
  const byNetwork = new Map<string, Families>();
  for (const net of new Set(nics.values())) {
    try {
      byNetwork.set(net, familiesOf((await h.client.networks.get(net, h.call)).value));
    } catch (err) {
      // An unmanaged parent (not found) hands nothing out; another failure only costs the wait, never the apply.
      if (h.call.signal?.aborted) throw err;
    }
  }
  const out = new Map<string, Families>();
  for (const [device, net] of nics) {
    const f = byNetwork.get(net);
    if (f && (f.ipv4 || f.ipv6)) out.set(device, f);
  }
  return out;
}

/**
 * After a start without wait_for: waits up to the bound (CDKTF_VIRT_ADDRESS_SETTLE_MS) until the addresses are
 * those the managed networks hand out, and returns either way. `started` is the instance object as read before the
 * start when its devices and config have not changed since (its status is then not looked at); without it, the
 * instance is read, and one that does not run is not waited for. Containers only: a virtual machine boots its own
 * kernel (several seconds before any DHCP client runs) and reports addresses only through its agent, so within
 * such a bound it has none, as with the official provider; the wait would cost every VM apply the full bound.
 */
export async function settleAddresses(
  h: InstanceHandle,
  started?: Instance,
  boundMs: number = addressSettleMsFromEnv(),
): Promise<void> {
  if (boundMs <= 0 || started?.type === "virtual-machine") return;
  const begun = Date.now();
  const live = started ?? (await h.client.instances.get(h.name, h.call)).value;
  if (live.type === "virtual-machine" || (!started && live.status !== "Running" && live.status !== "Ready")) return;
  const expected = await expectations(h, live.expanded_devices ?? live.devices ?? {});
  if (expected.size === 0) return;
  // Incus records a NIC's MAC (volatile.<device>.hwaddr) at the latest when it starts the instance.
  let config = live.config ?? {};
  if ([...expected.keys()].some((d) => !config[`volatile.${d}.hwaddr`]))
    config = (await h.client.instances.get(h.name, h.call)).value.config ?? {};
  const what = `the addresses of instance ${JSON.stringify(h.name)}`;
  // Read at once: an image whose init configures the network first may have its addresses when the start returns.
  const left = boundMs - (Date.now() - begun);
  if (left <= 0) return;
  try {
    await waitUntil(
      what,
      async (signal) =>
        addressesSettled(config, (await h.client.instanceState.get(h.name, { ...h.call, signal })).value, expected),
      { timeoutMs: left, signal: h.call.signal, intervalMs: POLL_MS },
    );
  } catch (err) {
    if (!(err instanceof WaitTimeoutError)) throw err;
  }
}
