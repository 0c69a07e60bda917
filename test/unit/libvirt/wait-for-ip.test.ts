// wait_for_ip without libvirtd: a client whose leases appear after a while, never, or while the wait is cancelled.
import type { DhcpLease, DomainInfo, LibvirtClient } from "../../../lib/libvirt";
import { Diagnostics } from "../../../lib/provider/framework";
import { domainSchema, leasedAddresses, waitForAddresses } from "../../../lib/provider/libvirt";
import { valuesOf } from "./support/models";

const MAC = "52:54:00:00:00:07";
const info = { active: true, interfaces: [{ type: "network", network: "lab", mac: MAC }] } as unknown as DomainInfo;
const planned = (timeout: number) =>
  valuesOf(domainSchema, { devices: { interfaces: [{ wait_for_ip: { timeout, source: "lease" } }] } });

/** A client whose network hands out a lease on the `after`-th query (never when undefined). */
function client(after?: number): { client: LibvirtClient; queries: () => number } {
  let queries = 0;
  const lease: DhcpLease = { mac: MAC, protocol: "ipv4", address: "10.213.7.9", prefix: 24 };
  const networks = {
    async dhcpLeases(network: string, mac?: string) {
      queries++;
      expect(network).toBe("lab");
      return after !== undefined && queries >= after && (mac === undefined || mac === MAC) ? [lease] : [];
    },
  };
  return { client: { networks } as unknown as LibvirtClient, queries: () => queries };
}

test("waits until the lease appears, then reports the address by MAC", async () => {
  const c = client(3);
  const diagnostics = new Diagnostics();
  expect(await waitForAddresses(planned(30), info, c.client, {}, diagnostics)).toBe(true);
  expect(c.queries()).toBe(3);
  expect(diagnostics.all).toEqual([]);
  expect(await leasedAddresses(info, c.client, {})).toEqual(new Map([[MAC, ["10.213.7.9"]]]));
});

test("after the timeout: an error on the interface's wait_for_ip naming MAC and network", async () => {
  const diagnostics = new Diagnostics();
  expect(await waitForAddresses(planned(1), info, client().client, {}, diagnostics)).toBe(false);
  expect(diagnostics.errors).toHaveLength(1);
  expect(diagnostics.errors[0].path).toEqual(["devices", "interfaces", 0, "wait_for_ip"]);
  expect(diagnostics.errors[0].detail).toMatch(/MAC 52:54:00:00:00:07\) got no DHCP lease on network lab within 1 s/);
});

test("a cancelled apply stops waiting at once", async () => {
  const abort = new AbortController();
  setTimeout(() => abort.abort(), 300);
  const started = Date.now();
  await expect(
    waitForAddresses(planned(300), info, client().client, { signal: abort.signal }, new Diagnostics()),
  ).rejects.toThrow(/cancelled/);
  expect(Date.now() - started).toBeLessThan(5_000);
});

test("a domain that is shut off has no addresses", async () => {
  expect(await leasedAddresses({ ...info, active: false } as DomainInfo, client(1).client, {})).toEqual(new Map());
});
