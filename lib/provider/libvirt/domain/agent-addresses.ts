// A running domain's IPv4 addresses as the QEMU guest agent inside it reports them (virsh domifaddr --source
// agent, the agent's guest-network-get-interfaces): the source of wait_for_ip when the guest's address does not come
// from a libvirt network's DHCP server (a bridge, a static address). The agent answers only once the guest has
// started it on its virtio-serial channel org.qemu.guest_agent.0, so "not connected" is a state to wait through.
import { LibvirtNode, VirshError } from "../../../libvirt";
import type { LibvirtClient, VirshCallOptions } from "../../../libvirt";
import type { AddressesByMac } from "./state";

/** What the agent said: the addresses by MAC (lower case), or why it gave none (libvirt's message). */
export type AgentAnswer =
  | { readonly answered: true; readonly addresses: AddressesByMac }
  | { readonly answered: false; readonly reason: string };

/** libvirt's errors for an agent that is absent, not yet connected or not answering (not a failure of the wait). */
function agentUnavailable(err: unknown): err is VirshError {
  return err instanceof VirshError && /agent/i.test(err.virshMessage);
}

/** Asks the guest agent of the running domain `domain` (name or UUID) for its interfaces' IPv4 addresses. */
export async function agentAddresses(
  domain: string,
  client: LibvirtClient,
  call: VirshCallOptions,
): Promise<AgentAnswer> {
  try {
    const interfaces = await new LibvirtNode(client.virsh).interfaceAddresses(domain, "agent", call);
    const addresses = new Map<string, string[]>();
    for (const nic of interfaces) {
      const ipv4 = nic.addrs.filter((a) => a.type === "ipv4").map((a) => a.addr);
      if (ipv4.length > 0) addresses.set(nic.hwaddr, [...(addresses.get(nic.hwaddr) ?? []), ...ipv4]);
    }
    return { answered: true, addresses };
  } catch (err) {
    if (agentUnavailable(err)) return { answered: false, reason: err.virshMessage.trim() };
    throw err;
  }
}
