// The short wait for addresses after a start without wait_for (instance/address-settle.ts): which networks hand
// out which family, which NICs are on them, when the reported addresses are final, and when nothing is waited for.
import type { Instance, InstanceState, Network } from "../../../lib/incus";
import { IncusNotFoundError } from "../../../lib/incus";
import {
  ADDRESS_SETTLE_ENV,
  DEFAULT_ADDRESS_SETTLE_MS,
  addressSettleMsFromEnv,
  addressesSettled,
  familiesOf,
  nicNetworks,
  settleAddresses,
} from "../../../lib/provider/incus/instance/address-settle";
import type { Families } from "../../../lib/provider/incus/instance/address-settle";
import type { InstanceHandle } from "../../../lib/provider/incus/instance/power";

type Net = NonNullable<InstanceState["network"]>;
type Entry = Net[string];

const v4 = { family: "inet", address: "10.0.0.5", netmask: "24", scope: "global" };
const v6 = { family: "inet6", address: "fd42::5", netmask: "64", scope: "global" };
const linkLocal = { family: "inet6", address: "fe80::5", netmask: "64", scope: "link" };
const lo: Entry = {
  addresses: [{ family: "inet", address: "127.0.0.1", netmask: "8", scope: "local" }],
  hwaddr: "",
  host_name: "",
  state: "up",
  type: "loopback",
};

function nic(mac: string, ...addresses: Entry["addresses"]): Entry {
  return {
    addresses: [linkLocal, ...addresses],
    hwaddr: mac,
    host_name: `veth${mac.slice(-2)}`,
    state: "up",
    type: "broadcast",
  };
}

const BOTH: Families = { ipv4: true, ipv6: true };
const MACS = { "volatile.eth0.hwaddr": "00:16:3e:00:00:10", "volatile.eth1.hwaddr": "00:16:3E:00:00:11" };
const eth0 = (...a: Entry["addresses"]): Entry => nic("00:16:3e:00:00:10", ...a);
const eth1 = (...a: Entry["addresses"]): Entry => nic("00:16:3e:00:00:11", ...a);

describe("what a network hands out", () => {
  const net = (config: Record<string, string>, managed = true): Pick<Network, "managed" | "config"> => ({
    managed,
    config,
  });

  test("a bridge as incus admin init leaves it gives IPv4 by DHCP and IPv6", () => {
    expect(familiesOf(net({ "ipv4.address": "10.0.0.1/24", "ipv6.address": "fd42::1/64" }))).toEqual(BOTH);
  });

  test("no address, none, or DHCP off hand out nothing of that family", () => {
    expect(familiesOf(net({ "ipv4.address": "10.0.0.1/24", "ipv4.dhcp": "false", "ipv6.address": "none" }))).toEqual({
      ipv4: false,
      ipv6: false,
    });
    expect(familiesOf(net({ "ipv4.address": "10.0.0.1/24", "ipv4.dhcp": "0" })).ipv4).toBe(false);
    expect(familiesOf(net({ "ipv4.address": "none", "ipv6.address": "fd42::1/64" }))).toEqual({
      ipv4: false,
      ipv6: true,
    });
    // A managed macvlan or physical network has a parent, no addresses of its own.
    expect(familiesOf(net({ parent: "eth0" }))).toEqual({ ipv4: false, ipv6: false });
  });

  test("an unmanaged network hands out nothing", () => {
    expect(familiesOf(net({ "ipv4.address": "10.0.0.1/24" }, false))).toEqual({ ipv4: false, ipv6: false });
  });
});

describe("which NICs are on which network", () => {
  test("a NIC's network, or the parent of a bridged NIC; other devices and NIC types are left out", () => {
    const found = nicNetworks({
      eth0: { type: "nic", network: "incusbr0", name: "eth0" },
      eth1: { type: "nic", nictype: "bridged", parent: "br1" },
      mv: { type: "nic", nictype: "macvlan", parent: "enp5s0" },
      root: { type: "disk", path: "/", pool: "default" },
    });
    expect([...found]).toEqual([
      ["eth0", "incusbr0"],
      ["eth1", "br1"],
    ]);
  });
});

describe("when the reported addresses are final", () => {
  const one = new Map([["eth0", BOTH]]);

  test("one NIC: once it has both families, not with one of them", () => {
    expect(addressesSettled(MACS, { network: { lo, eth0: eth0() } }, one)).toBe(false);
    expect(addressesSettled(MACS, { network: { lo, eth0: eth0(v6) } }, one)).toBe(false);
    expect(addressesSettled(MACS, { network: { lo, eth0: eth0(v4) } }, one)).toBe(false);
    expect(addressesSettled(MACS, { network: { lo, eth0: eth0(v4, v6) } }, one)).toBe(true);
  });

  test("only the families the network hands out are waited for", () => {
    const ipv6Only = new Map([["eth0", { ipv4: false, ipv6: true }]]);
    expect(addressesSettled(MACS, { network: { lo, eth0: eth0(v6) } }, ipv6Only)).toBe(true);
  });

  test("a second NIC that never gets IPv4 does not hold up the reported one when it cannot outrank it", () => {
    // The official network attach test: eth1 on a network with DHCP, whose image asks only on eth0.
    const both = new Map([
      ["eth0", BOTH],
      ["eth1", BOTH],
    ]);
    expect(addressesSettled(MACS, { network: { lo, eth0: eth0(v4, v6), eth1: eth1(v6) } }, both)).toBe(true);
    // Before eth0 has its lease, eth1 may still win.
    expect(addressesSettled(MACS, { network: { lo, eth0: eth0(v6), eth1: eth1(v6) } }, both)).toBe(false);
  });

  test("a NIC still owed addresses that would then be reported instead keeps the wait going", () => {
    const eth0Owed = new Map([["eth0", BOTH]]);
    // eth1 (no managed network) is reported now, but eth0 ranks first by name once it has its addresses.
    expect(addressesSettled(MACS, { network: { lo, eth0: eth0(), eth1: eth1(v4, v6) } }, eth0Owed)).toBe(false);
    // eth1 is owed, eth0 (unmanaged) already has both: eth1 could at most tie, and loses the tie by name.
    const eth1Owed = new Map([["eth1", BOTH]]);
    expect(addressesSettled(MACS, { network: { lo, eth0: eth0(v4, v6), eth1: eth1() } }, eth1Owed)).toBe(true);
  });

  test("user.access_interface: only that interface counts; one that does not exist is not waited for", () => {
    const both = new Map([
      ["eth0", BOTH],
      ["eth1", BOTH],
    ]);
    const network = { lo, eth0: eth0(v4, v6), eth1: eth1(v6) };
    expect(addressesSettled({ ...MACS, "user.access_interface": "eth1" }, { network }, both)).toBe(false);
    expect(addressesSettled({ ...MACS, "user.access_interface": "eth0" }, { network }, both)).toBe(true);
    expect(addressesSettled({ ...MACS, "user.access_interface": "eth7" }, { network }, both)).toBe(true);
  });

  test("an interface no device matches expects nothing", () => {
    expect(addressesSettled({}, { network: { lo, eth0: eth0() } }, one)).toBe(true);
  });
});

describe("the bound", () => {
  test("from the environment; 0 turns the wait off; a bad value names the variable", () => {
    expect(addressSettleMsFromEnv({})).toBe(DEFAULT_ADDRESS_SETTLE_MS);
    expect(addressSettleMsFromEnv({ [ADDRESS_SETTLE_ENV]: "0" })).toBe(0);
    expect(addressSettleMsFromEnv({ [ADDRESS_SETTLE_ENV]: "1500" })).toBe(1500);
    expect(() => addressSettleMsFromEnv({ [ADDRESS_SETTLE_ENV]: "2s" })).toThrow(
      'CDKTF_VIRT_ADDRESS_SETTLE_MS="2s" is not a number of milliseconds',
    );
  });
});

describe("settleAddresses", () => {
  /** A handle whose client answers from `instance`, `networks` and a sequence of network states; counts calls. */
  function handle(
    instance: Partial<Instance>,
    networks: Record<string, Pick<Network, "managed" | "config">>,
    states: Net[],
    signal?: AbortSignal,
  ): { h: InstanceHandle; calls: { instances: number; networks: string[]; states: number } } {
    const calls = { instances: 0, networks: [] as string[], states: 0 };
    const client = {
      instances: {
        get: async () => {
          calls.instances++;
          return { value: { status: "Running", type: "container", config: MACS, ...instance } };
        },
      },
      networks: {
        get: async (name: string) => {
          calls.networks.push(name);
          if (!networks[name]) throw new IncusNotFoundError("not found");
          return { value: networks[name] };
        },
      },
      instanceState: {
        get: async () => ({ value: { network: states[Math.min(calls.states++, states.length - 1)] } }),
      },
    };
    return { h: { client, name: "c1", call: { signal }, timeoutMs: 60_000 } as unknown as InstanceHandle, calls };
  }
  const bridge = { managed: true, config: { "ipv4.address": "10.0.0.1/24", "ipv6.address": "fd42::1/64" } };
  const twoNics = {
    eth0: { type: "nic", network: "incusbr0" },
    eth1: { type: "nic", nictype: "bridged", parent: "incusbr0" },
  };

  test("ends as soon as the addresses are there, looking the shared network up once", async () => {
    const { h, calls } = handle({ expanded_devices: twoNics }, { incusbr0: bridge }, [
      { lo, eth0: eth0(), eth1: eth1() },
      { lo, eth0: eth0(v4, v6), eth1: eth1(v4, v6) },
    ]);
    const started = Date.now();
    await settleAddresses(h, undefined, 5000);
    expect(calls).toEqual({ instances: 1, networks: ["incusbr0"], states: 2 });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test("the instance object read before the start is used when given, and read again only for a missing MAC", async () => {
    const states = [{ lo, eth0: eth0(v4, v6) }];
    const known = { status: "Stopped", type: "container", config: MACS, expanded_devices: { eth0: twoNics.eth0 } };
    const first = handle({}, { incusbr0: bridge }, states);
    await settleAddresses(first.h, known as unknown as Instance, 3000);
    expect(first.calls).toEqual({ instances: 0, networks: ["incusbr0"], states: 1 });
    // Without the MAC no interface could be matched: the wait would end at once, before the lease.
    const second = handle({}, { incusbr0: bridge }, [{ lo, eth0: eth0() }, ...states]);
    await settleAddresses(second.h, { ...known, config: {} } as unknown as Instance, 3000);
    expect(second.calls).toEqual({ instances: 1, networks: ["incusbr0"], states: 2 });
  });

  test("ends quietly at the bound when the addresses do not come", async () => {
    const { h, calls } = handle({ expanded_devices: { eth0: twoNics.eth0 } }, { incusbr0: bridge }, [
      { lo, eth0: eth0() },
    ]);
    const reads: number[] = [];
    const state = h.client.instanceState as unknown as { get: (...args: unknown[]) => Promise<unknown> };
    const get = state.get;
    state.get = (...args) => {
      reads.push(Date.now());
      return get(...args);
    };
    const started = Date.now();
    await expect(settleAddresses(h, undefined, 900)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(850);
    expect(calls.states).toBeGreaterThanOrEqual(1);
    // A few reads per second at most: one poll interval (300 ms) between reads, and the last pause only what is
    // left of the bound, so at most one read per interval plus one at its end (a loaded machine once fitted that
    // fourth read in: the clocks round to the ms).
    const gaps = reads.slice(1).map((t, i) => t - reads[i]);
    expect(gaps.slice(0, -1).filter((gap) => gap < 295)).toEqual([]);
    expect(calls.states).toBeLessThanOrEqual(4);
  });

  test("reads no state for a VM, a stopped instance, unmanaged parents, or a bound of 0", async () => {
    const cases: [Partial<Instance>, number][] = [
      [{ type: "virtual-machine", expanded_devices: twoNics }, 3000],
      [{ status: "Stopped", expanded_devices: twoNics }, 3000],
      [{ expanded_devices: { eth0: { type: "nic", nictype: "bridged", parent: "br-host" } } }, 3000],
      [{ expanded_devices: twoNics }, 0],
    ];
    for (const [instance, bound] of cases) {
      const { h, calls } = handle(instance, { incusbr0: bridge }, [{ lo, eth0: eth0() }]);
      await settleAddresses(h, undefined, bound);
      expect(calls.states).toBe(0);
    }
  });

  test("StopProvider ends the wait with the stop, not with the bound", async () => {
    const stop = new AbortController();
    const { h } = handle(
      { expanded_devices: { eth0: twoNics.eth0 } },
      { incusbr0: bridge },
      [{ lo, eth0: eth0() }],
      stop.signal,
    );
    setTimeout(() => stop.abort(), 100);
    const started = Date.now();
    await expect(settleAddresses(h, undefined, 10_000)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
