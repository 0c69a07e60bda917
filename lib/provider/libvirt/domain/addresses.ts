// A domain's IPv4 addresses and the wait_for_ip wait after a start. The addresses come from the DHCP leases (dnsmasq's,
// through libvirt) of the networks its interfaces are plugged into and, for interfaces whose wait_for_ip.source is
// "agent" or "any", from the QEMU guest agent (agent-addresses.ts). The wait polls the interface's source until its
// MAC has an address, the timeout passes (an error on the interface's wait_for_ip that says what the source last
// answered) or terraform is interrupted (the signal).
import { VirshError } from "../../../libvirt";
import { abortableDelay } from "../../../libvirt/delay";
import type { DomainInfo, LibvirtClient, VirshCallOptions } from "../../../libvirt";
import type { Diagnostics } from "../../framework";
import { knownList, knownObject, secondsToMs } from "../common";
import { agentAddresses } from "./agent-addresses";
import type { DomainPlan } from "./schema";
import type { AddressesByMac } from "./state";

const DEFAULT_WAIT_MS = 300_000;
const POLL_MS = 500;

/** Where wait_for_ip looks: the network's DHCP leases, the guest agent, or either (leases first). */
export type AddressSource = "lease" | "agent" | "any";

/** The interface's wait_for_ip.source; "lease" when unset. */
export function addressSource(wait: { source?: string | null } | undefined): AddressSource {
  const source = wait?.source;
  return source === "agent" || source === "any" ? source : "lease";
}

/** IPv4 addresses by MAC from the DHCP leases of the networks a running domain's interfaces are plugged into. */
export async function leasedAddresses(
  info: DomainInfo,
  client: LibvirtClient,
  call: VirshCallOptions,
): Promise<AddressesByMac> {
  const byMac = new Map<string, string[]>();
  if (!info.active) return byMac;
  const networks = [...new Set(info.interfaces.map((nic) => nic.network).filter((n): n is string => n !== undefined))];
  for (const network of networks) {
    for (const lease of await client.networks.dhcpLeases(network, undefined, call)) {
      if (lease.protocol !== "ipv4") continue;
      byMac.set(lease.mac, [...(byMac.get(lease.mac) ?? []), lease.address]);
    }
  }
  return byMac;
}

/**
 * The addresses the state shows: the leases, and for the interfaces whose wait_for_ip asks for the guest agent
 * ("agent" or "any") what the agent reports for their MACs (nothing while it cannot be asked). Shut off: none.
 */
export async function domainAddresses(
  known: Pick<DomainPlan, "devices">,
  info: DomainInfo,
  client: LibvirtClient,
  call: VirshCallOptions,
): Promise<AddressesByMac> {
  const byMac = new Map(await leasedAddresses(info, client, call));
  if (!info.active) return byMac;
  const nics = knownList(knownObject(known.devices)?.interfaces);
  const agentMacs = nics
    .map((nic, i) => ({ source: addressSource(knownObject(nic.wait_for_ip)), mac: info.interfaces[i]?.mac }))
    .filter((n) => n.source !== "lease" && n.mac !== undefined)
    .map((n) => n.mac!.toLowerCase());
  if (agentMacs.length === 0) return byMac;
  // Best effort: a refresh must not fail because the guest (paused, shutting down) cannot be asked right now.
  const answer = await agentAddresses(info.uuid ?? info.name, client, call).catch((err: unknown) => {
    if (err instanceof VirshError && err.code !== "ABORTED") return undefined;
    throw err;
  });
  if (!answer?.answered) return byMac;
  for (const mac of agentMacs) {
    const merged = new Set([...(byMac.get(mac) ?? []), ...(answer.addresses.get(mac) ?? [])]);
    if (merged.size > 0) byMac.set(mac, [...merged]);
  }
  return byMac;
}

/** One poll of an interface's source: whether it has an IPv4 address, and what the source said otherwise. */
async function hasAddress(
  source: AddressSource,
  info: DomainInfo,
  nic: { network?: string; mac: string },
  client: LibvirtClient,
  call: VirshCallOptions,
): Promise<{ found: boolean; note?: string }> {
  if (source !== "agent" && nic.network !== undefined) {
    const leases = await client.networks.dhcpLeases(nic.network, nic.mac, call);
    if (leases.some((l) => l.protocol === "ipv4")) return { found: true };
    if (source === "lease") return { found: false };
  }
  const answer = await agentAddresses(info.uuid ?? info.name, client, call);
  if (!answer.answered) return { found: false, note: answer.reason };
  if ((answer.addresses.get(nic.mac.toLowerCase()) ?? []).length > 0) return { found: true };
  return { found: false, note: `the guest agent answered without an IPv4 address for ${nic.mac}` };
}

/** Why the wait ended without an address, and what to check. */
function timeoutDetail(i: number, source: AddressSource, nic: { network?: string; mac: string }, note?: string) {
  const leases = nic.network !== undefined ? `no DHCP lease on network ${nic.network}` : "";
  const agent = `no address from the QEMU guest agent${note ? ` (last answer: ${note})` : ""}`;
  const got = source === "lease" ? leases : source === "agent" ? agent : [leases, agent].filter(Boolean).join(" and ");
  const check =
    source === "lease"
      ? "Check that the guest runs a DHCP client and that the network has a dhcp range"
      : "Check that the domain has a channel to the agent (devices.channels, target name org.qemu.guest_agent.0), " +
        "that the guest runs qemu-ga and that its interface is configured";
  return { got: `Interface ${i} (MAC ${nic.mac}) got ${got}`, check: `${check}, or raise wait_for_ip.timeout.` };
}

/**
 * For every planned interface with wait_for_ip, waits until its source (leases, guest agent or either) reports an
 * IPv4 address for its MAC. `info` is the domain as defined (its MACs). Returns false after adding an error
 * diagnostic when one did not get an address in time.
 */
export async function waitForAddresses(
  planned: Pick<DomainPlan, "devices">,
  info: DomainInfo,
  client: LibvirtClient,
  call: VirshCallOptions,
  diagnostics: Diagnostics,
): Promise<boolean> {
  const nics = knownList(knownObject(planned.devices)?.interfaces);
  for (const [i, planNic] of nics.entries()) {
    const wait = knownObject(planNic.wait_for_ip);
    if (!wait) continue;
    const path = ["devices", "interfaces", i, "wait_for_ip"];
    const source = addressSource(wait);
    const live = info.interfaces[i];
    if (source === "lease" && live?.network === undefined) {
      diagnostics.error(
        "Cannot wait for an address",
        `Interface ${i} is not plugged into a libvirt network, so it has no DHCP lease to wait for ` +
          '(wait_for_ip.source = "agent" asks the guest agent instead).',
        path,
      );
      return false;
    }
    if (live?.mac === undefined) {
      diagnostics.error("Cannot wait for an address", `Interface ${i} has no MAC address to look for.`, path);
      return false;
    }
    const nic = { network: live.network, mac: live.mac };
    const timeoutMs = secondsToMs(wait.timeout, DEFAULT_WAIT_MS, "wait_for_ip.timeout");
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const poll = await hasAddress(source, info, nic, client, call);
      if (poll.found) break;
      if (Date.now() >= deadline) {
        const { got, check } = timeoutDetail(i, source, nic, poll.note);
        diagnostics.error("No IPv4 address", `${got} within ${timeoutMs / 1000} s. ${check}`, path);
        return false;
      }
      await abortableDelay(POLL_MS, call.signal, "waiting for an IPv4 address was cancelled");
    }
  }
  return true;
}
