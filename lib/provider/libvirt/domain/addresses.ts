// A domain's IPv4 addresses, from the DHCP leases (dnsmasq's, through libvirt) of the networks its interfaces are
// plugged into, and the wait_for_ip wait after a start: poll the leases for the interface's MAC until one appears,
// the timeout passes (an error on the interface's wait_for_ip) or terraform is interrupted (the signal).
import { abortableDelay } from "../../../libvirt/delay";
import type { DomainInfo, LibvirtClient, VirshCallOptions } from "../../../libvirt";
import type { Diagnostics } from "../../framework";
import { knownList, knownObject, secondsToMs } from "../common";
import type { DomainPlan } from "./schema";
import type { AddressesByMac } from "./state";

const DEFAULT_WAIT_MS = 300_000;
const POLL_MS = 500;

/** IPv4 addresses by MAC for the interfaces of a running domain; none for a domain that is shut off. */
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
 * For every planned interface with wait_for_ip, waits until its MAC has an IPv4 lease. `info` is the domain as
 * defined (its MACs). Returns false after adding an error diagnostic when one did not get an address in time.
 */
export async function waitForAddresses(
  planned: Pick<DomainPlan, "devices">,
  info: DomainInfo,
  client: LibvirtClient,
  call: VirshCallOptions,
  diagnostics: Diagnostics,
): Promise<boolean> {
  const nics = knownList(knownObject(planned.devices)?.interfaces);
  for (const [i, nic] of nics.entries()) {
    const wait = knownObject(nic.wait_for_ip);
    if (!wait) continue;
    const path = ["devices", "interfaces", i, "wait_for_ip"];
    const live = info.interfaces[i];
    if (live?.network === undefined || live.mac === undefined) {
      diagnostics.error(
        "Cannot wait for an address",
        `Interface ${i} is not plugged into a libvirt network, so it has no DHCP lease to wait for.`,
        path,
      );
      return false;
    }
    const timeoutMs = secondsToMs(wait.timeout, DEFAULT_WAIT_MS, "wait_for_ip.timeout");
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const leases = await client.networks.dhcpLeases(live.network, live.mac, call);
      if (leases.some((l) => l.protocol === "ipv4")) break;
      if (Date.now() >= deadline) {
        diagnostics.error(
          "No IPv4 address",
          `Interface ${i} (MAC ${live.mac}) got no DHCP lease on network ${live.network} within ${
            timeoutMs / 1000
          } s. ` +
            "Check that the guest runs a DHCP client and that the network has a dhcp range, or raise wait_for_ip.timeout.",
          path,
        );
        return false;
      }
      await abortableDelay(POLL_MS, call.signal, "waiting for an IPv4 address was cancelled");
    }
  }
  return true;
}
