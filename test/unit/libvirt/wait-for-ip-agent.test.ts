// wait_for_ip with source "agent" and "any" without libvirtd: a client whose guest agent connects after a while or
// never (virsh domifaddr --source agent fails meanwhile), and whose network may or may not hand out a lease.
import { VirshError } from "../../../lib/libvirt";
import type { DhcpLease, DomainInfo, LibvirtClient } from "../../../lib/libvirt";
import { Diagnostics } from "../../../lib/provider/framework";
import { domainSchema } from "../../../lib/provider/libvirt";
import { domainAddresses, waitForAddresses } from "../../../lib/provider/libvirt/domain/addresses";
import { validateInterfaces } from "../../../lib/provider/libvirt/domain/device-checks";
import { valuesOf } from "./support/models";

const MAC = "52:54:00:00:00:08";
const onNetwork = {
  name: "vm",
  uuid: "6f1d1c4e-0000-4000-8000-000000000008",
  active: true,
  interfaces: [{ type: "network", network: "lab", mac: MAC }],
} as unknown as DomainInfo;
const onBridge = { ...onNetwork, interfaces: [{ type: "bridge", mac: MAC }] } as unknown as DomainInfo;
const planned = (source: string, timeout = 30) =>
  valuesOf(domainSchema, { devices: { interfaces: [{ wait_for_ip: { timeout, source } }] } });

const AGENT_TABLE = ` Name       MAC address          Protocol     Address
-------------------------------------------------------------------------------
 lo         00:00:00:00:00:00    ipv4         127.0.0.1/8
 -          -                    ipv6         ::1/128
 eth0       ${MAC}    ipv4         192.168.251.17/24
`;
const NOT_CONNECTED = "Guest agent is not responding: QEMU guest agent is not connected";

/** The agent answers from its `agentAfter`-th query on (never when undefined); the network never leases. */
function client(agentAfter?: number, lease = false) {
  const calls = { agent: 0, leases: 0, commands: [] as string[][] };
  const virsh = {
    async run(args: string[]) {
      calls.commands.push(args);
      calls.agent++;
      if (agentAfter === undefined || calls.agent < agentAfter) {
        throw new VirshError({ code: "FAILED", virshMessage: NOT_CONNECTED, exitCode: 1, command: args.join(" ") });
      }
      return AGENT_TABLE;
    },
  };
  const networks = {
    async dhcpLeases(): Promise<DhcpLease[]> {
      calls.leases++;
      return lease ? [{ mac: MAC, protocol: "ipv4", address: "192.168.251.17", prefix: 24 }] : [];
    },
  };
  return { client: { virsh, networks } as unknown as LibvirtClient, calls };
}

test('"agent": waits until the guest agent reports an address for the MAC; the state shows it', async () => {
  const c = client(3);
  const diagnostics = new Diagnostics();
  expect(await waitForAddresses(planned("agent"), onBridge, c.client, {}, diagnostics)).toBe(true);
  expect(diagnostics.all).toEqual([]);
  expect(c.calls.agent).toBe(3);
  expect(c.calls.leases).toBe(0);
  expect(c.calls.commands[0]).toEqual(["domifaddr", onNetwork.uuid, "--source", "agent"]);
  expect(await domainAddresses(planned("agent"), onBridge, c.client, {})).toEqual(new Map([[MAC, ["192.168.251.17"]]]));
});

test('"agent" after the timeout: an error that quotes the agent\'s last answer and names the channel', async () => {
  const diagnostics = new Diagnostics();
  expect(await waitForAddresses(planned("agent", 1), onNetwork, client().client, {}, diagnostics)).toBe(false);
  expect(diagnostics.errors).toHaveLength(1);
  expect(diagnostics.errors[0].path).toEqual(["devices", "interfaces", 0, "wait_for_ip"]);
  expect(diagnostics.errors[0].detail).toContain(`MAC ${MAC}) got no address from the QEMU guest agent`);
  expect(diagnostics.errors[0].detail).toContain(`last answer: ${NOT_CONNECTED}`);
  expect(diagnostics.errors[0].detail).toContain("org.qemu.guest_agent.0");
});

test('"any": a DHCP lease is enough, the agent is not asked', async () => {
  const c = client(undefined, true);
  const diagnostics = new Diagnostics();
  expect(await waitForAddresses(planned("any"), onNetwork, c.client, {}, diagnostics)).toBe(true);
  expect(c.calls.agent).toBe(0);
});

test('"any" without a lease falls back to the agent; its timeout names both sources', async () => {
  expect(await waitForAddresses(planned("any"), onNetwork, client(2).client, {}, new Diagnostics())).toBe(true);
  const diagnostics = new Diagnostics();
  expect(await waitForAddresses(planned("any", 1), onNetwork, client().client, {}, diagnostics)).toBe(false);
  expect(diagnostics.errors[0].detail).toMatch(/got no DHCP lease on network lab and no address from the QEMU guest/);
});

test('"lease" on an interface without a libvirt network is refused at once, pointing at the agent', async () => {
  const diagnostics = new Diagnostics();
  expect(await waitForAddresses(planned("lease"), onBridge, client(1).client, {}, diagnostics)).toBe(false);
  expect(diagnostics.errors[0].detail).toContain('wait_for_ip.source = "agent"');
});

test("a state without agent sources does not ask the agent; an agent that does not answer adds nothing", async () => {
  const c = client(1, true);
  expect(await domainAddresses(planned("lease"), onNetwork, c.client, {})).toEqual(
    new Map([[MAC, ["192.168.251.17"]]]),
  );
  expect(c.calls.agent).toBe(0);
  expect(await domainAddresses(planned("agent"), onBridge, client().client, {})).toEqual(new Map());
});

test("plan time: wait_for_ip on a bridge needs a source other than the leases", () => {
  const bridged = (source: string | null) =>
    valuesOf(domainSchema, {
      devices: { interfaces: [{ source: { bridge: { bridge: "br0" } }, wait_for_ip: { timeout: 10, source } }] },
    });
  const refused = new Diagnostics();
  validateInterfaces(bridged(null), refused);
  expect(refused.errors.map((e) => e.path)).toEqual([["devices", "interfaces", 0, "wait_for_ip"]]);
  expect(refused.errors[0].detail).toContain('wait_for_ip.source = "agent"');
  for (const source of ["agent", "any"]) {
    const accepted = new Diagnostics();
    validateInterfaces(bridged(source), accepted);
    expect(accepted.errors).toEqual([]);
  }
});

test("the state's addresses survive a domain the agent cannot be asked about (paused): the leases only", async () => {
  const c = client(undefined, true);
  c.client.virsh.run = async (args: readonly string[]) => {
    throw new VirshError({
      code: "INVALID_OPERATION",
      virshMessage: "Requested operation is not valid: domain is not running",
      exitCode: 1,
      command: args.join(" "),
    });
  };
  expect(await domainAddresses(planned("agent"), onNetwork, c.client, {})).toEqual(
    new Map([[MAC, ["192.168.251.17"]]]),
  );
});
