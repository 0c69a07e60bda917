// Networks with an IPv4 subnet and DHCP (still never a forward): the XML, the leases table virsh prints, and the
// provider's checks of `ips`.
import { buildNetworkXml, parseNetworkXml } from "../../../lib/libvirt/network-xml";
import { parseDhcpLeases } from "../../../lib/libvirt/networks";
import { UNKNOWN } from "../../../lib/provider/framework";
import type { CtyObjectValue, PlanModel } from "../../../lib/provider/framework";
import { domainResource, domainSchema, needsRestart, networkResource } from "../../../lib/provider/libvirt";
import { valuesOf } from "./support/models";
import { validateConfig } from "./support/validate-config";

describe("network XML with a DHCP subnet", () => {
  test("built and read back; not isolated in libvirt's sense (it has an <ip>) but without <forward>", () => {
    const ips = [{ address: "10.213.7.1", prefix: 24, dhcpRanges: [{ start: "10.213.7.2", end: "10.213.7.254" }] }];
    const xml = buildNetworkXml({ name: "lab", ips });
    expect(xml).not.toContain("<forward");
    expect(xml).toMatch(
      /<ip address="10\.213\.7\.1" prefix="24">\s*<dhcp>\s*<range start="10\.213\.7\.2" end="10\.213\.7\.254"\/>/,
    );
    const parsed = parseNetworkXml(xml);
    expect(parsed.ips).toEqual(ips);
    expect(parsed.forwardMode).toBeUndefined();
  });

  test("a netmask is read as a prefix; an IPv6 <ip> is left out", () => {
    const parsed = parseNetworkXml(
      "<network><name>n</name><ip address='192.168.5.1' netmask='255.255.255.0'/><ip family='ipv6' address='fd00::1' prefix='64'/></network>",
    );
    expect(parsed.ips).toEqual([{ address: "192.168.5.1", prefix: 24, dhcpRanges: [] }]);
  });

  test.each([
    [[{ address: "10.0.0.300", prefix: 24 }], /not an IPv4 address/],
    [[{ address: "10.0.0.1", prefix: 31 }], /prefix 31/],
    [[{ address: "10.0.0.1", prefix: 24, dhcpRanges: [{ start: "x", end: "10.0.0.9" }] }], /DHCP range/],
    [
      [
        { address: "10.0.0.1", prefix: 24 },
        { address: "10.0.1.1", prefix: 24 },
      ],
      /at most one/,
    ],
  ])("%j is refused", (ips, message) => {
    expect(() => buildNetworkXml({ name: "n", ips })).toThrow(message);
  });
});

describe("virsh net-dhcp-leases", () => {
  test("rows with and without the header, MACs in lower case, '-' hostname as none", () => {
    const table = [
      " Expiry Time           MAC address         Protocol   IP address          Hostname   Client ID or DUID",
      "-----------------------------------------------------------------------------------------------------------",
      " 2026-12-03 10:30:00   52:54:00:AB:cd:01   ipv4       10.213.7.23/24      -          01:52:54:00:ab:cd:01",
      " 2026-12-03 10:31:00   52:54:00:ab:cd:02   ipv4       10.213.7.24/24      guest2     -",
      " 2026-12-03 10:32:00   52:54:00:ab:cd:03   ipv6       fd00::5/64          -          00:04:aa",
      "",
    ].join("\n");
    expect(parseDhcpLeases(table)).toEqual([
      { mac: "52:54:00:ab:cd:01", protocol: "ipv4", address: "10.213.7.23", prefix: 24, hostname: undefined },
      { mac: "52:54:00:ab:cd:02", protocol: "ipv4", address: "10.213.7.24", prefix: 24, hostname: "guest2" },
      { mac: "52:54:00:ab:cd:03", protocol: "ipv6", address: "fd00::5", prefix: 64, hostname: undefined },
    ]);
    expect(parseDhcpLeases("")).toEqual([]);
  });
});

describe("libvirt_network ips checks", () => {
  const validate = (ips: CtyObjectValue[] | null) =>
    validateConfig(networkResource, { name: "n", forward: null, ips, metadata: null });
  const ip = (address: string, prefix: number): CtyObjectValue => ({ address, prefix, dhcp: null });

  test("one subnet passes; a bad address, a bad prefix or two subnets are errors on their paths", () => {
    expect(validate([ip("10.213.7.1", 24)]).all).toEqual([]);
    expect(validate(null).all).toEqual([]);
    expect(validate([ip("10.213.7", 24)]).errors.map((d) => d.path)).toEqual([["ips", 0, "address"]]);
    expect(validate([ip("10.213.7.1", 32)]).errors.map((d) => d.path)).toEqual([["ips", 0, "prefix"]]);
    expect(validate([ip("10.1.0.1", 24), ip("10.2.0.1", 24)]).errors.map((d) => d.path)).toEqual([["ips"]]);
  });
});

describe("libvirt_domain addresses across updates", () => {
  const nic = {
    type: "network",
    model: { type: "virtio" },
    source: { network: { network: "lab" } },
    mac: { address: "52:54:00:00:00:01" },
  };
  const prior = valuesOf(domainSchema, {
    name: "vm",
    memory: 256,
    memory_unit: "MiB",
    vcpu: 1,
    running: true,
    os: { type: "hvm" },
    devices: { disks: [], interfaces: [{ ...nic, wait_for_ip: null, addresses: ["10.213.7.5"] }] },
  });

  test("the leased addresses and the wait are not hardware: no restart for them", () => {
    const planned = valuesOf(domainSchema, {
      ...prior,
      devices: { disks: [], interfaces: [{ ...nic, wait_for_ip: { timeout: 60, source: "lease" }, addresses: [] }] },
    });
    expect(needsRestart(prior, planned)).toBe(false);
  });

  test("a change that restarts the guest plans the addresses as unknown; others keep them", async () => {
    const plan = (planned: PlanModel<typeof domainSchema>) =>
      domainResource.modifyPlan!({ config: null, prior, planned, requiresReplace: [] }, undefined as never);
    const restarted = await plan({ ...prior, vcpu: 2 });
    expect(restarted.planned).toMatchObject({ devices: { interfaces: [{ addresses: UNKNOWN }] } });
    const renamed = await plan({ ...prior, description: "x" });
    expect(renamed.planned).toMatchObject({ devices: { interfaces: [{ addresses: ["10.213.7.5"] }] } });
  });
});
