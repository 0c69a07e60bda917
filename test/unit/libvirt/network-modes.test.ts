// Networks in every forward mode the provider builds (nat, route, open, bridge, none): their XML round trip, the
// live host changes an update makes, and the plan-time checks with their attribute paths.
import { buildNetworkXml, networkSpecProblem, parseNetworkXml } from "../../../lib/libvirt/network-xml";
import type { NetworkSpec } from "../../../lib/libvirt/network-xml";
import type { CtyObjectValue } from "../../../lib/provider/framework";
import { networkResource } from "../../../lib/provider/libvirt";
import { liveHostChanges } from "../../../lib/provider/libvirt/network/hosts-in-place";
import { validateConfig } from "./support/validate-config";

const nat: NetworkSpec = {
  name: "lab",
  forward: { mode: "nat" },
  domain: { name: "lab.internal", localOnly: "yes" },
  mtu: 9000,
  dns: {
    forwarders: [{ addr: "192.0.2.53" }, { domain: "corp.example", addr: "192.0.2.54" }],
    hosts: [{ ip: "10.17.3.5", hostnames: ["db", "db.lab.internal"] }],
  },
  ips: [
    {
      address: "10.17.3.1",
      netmask: "255.255.255.0",
      dhcpRanges: [{ start: "10.17.3.100", end: "10.17.3.200" }],
      dhcpHosts: [{ mac: "52:54:00:00:00:05", name: "db", ip: "10.17.3.5" }],
    },
    { family: "ipv6", address: "fd00:17:3::1", prefix: 64 },
  ],
};

describe("network XML", () => {
  test("a NAT network with DHCP hosts, DNS, domain, MTU and an IPv6 subnet reads back as built", () => {
    const xml = buildNetworkXml(nat);
    expect(xml).toContain('<forward mode="nat"/>');
    expect(xml).toContain('<host mac="52:54:00:00:00:05" name="db" ip="10.17.3.5"/>');
    const parsed = parseNetworkXml(xml);
    expect(parsed).toMatchObject({
      forwardMode: "nat",
      domain: nat.domain,
      mtu: 9000,
      dns: { forwarders: nat.dns?.forwarders, hosts: nat.dns?.hosts },
      isolated: false,
    });
    expect(parsed.ips).toEqual([{ ...nat.ips?.[0] }, { ...nat.ips?.[1], dhcpRanges: [], dhcpHosts: [] }]);
  });

  test.each(["route", "open"] as const)("%s: a forward mode with a subnet", (mode) => {
    const parsed = parseNetworkXml(
      buildNetworkXml({ name: "r", forward: { mode, dev: "eth0" }, ips: [{ address: "10.9.0.1", prefix: 24 }] }),
    );
    expect(parsed).toMatchObject({ forwardMode: mode, forwardDev: "eth0" });
  });

  test("bridge: the host bridge, no subnet", () => {
    const parsed = parseNetworkXml(buildNetworkXml({ name: "b", forward: { mode: "bridge" }, bridge: "br0" }));
    expect(parsed).toMatchObject({ forwardMode: "bridge", bridge: "br0", ips: [] });
  });

  test.each<[Partial<NetworkSpec>, RegExp]>([
    [{ forward: { mode: "bridge" } }, /existing host bridge/],
    [{ forward: { mode: "bridge" }, bridge: "br0", ips: [{ address: "10.0.0.1", prefix: 24 }] }, /no ips/],
    [{ forward: { mode: "passthrough" as never } }, /not supported/],
    [{ ips: [{ address: "10.0.0.1", prefix: 24, netmask: "255.255.255.0" }] }, /not both/],
    [{ ips: [{ address: "10.0.0.1", netmask: "255.0.255.0" }] }, /netmask/],
    [{ ips: [{ address: "fd00::1", prefix: 64 }] }, /family = "ipv6"/],
    [{ mtu: 20 }, /mtu/],
    [{ dns: { hosts: [{ ip: "10.0.0.9", hostnames: [] }] } }, /hostname/],
  ])("%j is refused", (spec, message) => {
    expect(networkSpecProblem({ name: "n", ...spec })).toMatch(message);
    expect(() => buildNetworkXml({ name: "n", ...spec })).toThrow(message);
  });
});

describe("static hosts on the running network", () => {
  test("deletes what went, then adds what came; unchanged hosts are left alone", () => {
    const wanted: NetworkSpec = {
      ...nat,
      ips: [{ ...nat.ips![0], dhcpHosts: [{ mac: "52:54:00:00:00:06", ip: "10.17.3.6" }] }],
      dns: { hosts: [...(nat.dns?.hosts ?? []), { ip: "10.17.3.6", hostnames: ["web"] }] },
    };
    const changes = liveHostChanges(nat, wanted);
    expect(changes.map((c) => [c.command, c.section])).toEqual([
      ["delete", "ip-dhcp-host"],
      ["add-last", "ip-dhcp-host"],
      ["add-last", "dns-host"],
    ]);
    expect(changes[0].xml).toContain('mac="52:54:00:00:00:05"');
    expect(changes[2].xml).toMatch(/<host ip="10\.17\.3\.6">\s*<hostname>web<\/hostname>/);
    expect(liveHostChanges(nat, nat)).toEqual([]);
  });
});

describe("libvirt_network checks", () => {
  const base: CtyObjectValue = {
    name: "n",
    forward: null,
    bridge: null,
    ips: null,
    dns: null,
    domain: null,
    mtu: null,
  };
  const paths = (config: CtyObjectValue) =>
    validateConfig(networkResource, { ...base, ...config }).errors.map((d) => d.path);

  test("a NAT network with netmask, DHCP hosts and DNS passes", () => {
    const ips = [
      {
        address: "10.17.3.1",
        prefix: null,
        netmask: "255.255.255.0",
        family: null,
        dhcp: { ranges: null, hosts: [{ mac: "52:54:00:00:00:05", name: null, ip: "10.17.3.5" }] },
      },
    ];
    expect(paths({ forward: { mode: "nat", dev: null }, ips })).toEqual([]);
  });

  test.each<[string, CtyObjectValue, (string | number)[]]>([
    ["bridge mode without a bridge", { forward: { mode: "bridge", dev: null } }, ["bridge"]],
    [
      "bridge mode with a subnet",
      { forward: { mode: "bridge", dev: null }, bridge: { name: "br0" }, ips: [{ address: "10.0.0.1", prefix: 24 }] },
      ["ips"],
    ],
    [
      "prefix and netmask",
      { ips: [{ address: "10.0.0.1", prefix: 24, netmask: "255.255.255.0" }] },
      ["ips", 0, "netmask"],
    ],
    ["neither prefix nor netmask", { ips: [{ address: "10.0.0.1" }] }, ["ips", 0, "prefix"]],
    ["a bad netmask", { ips: [{ address: "10.0.0.1", netmask: "255.255.0.255" }] }, ["ips", 0, "netmask"]],
    ["IPv6 without family", { ips: [{ address: "fd00::1", prefix: 24 }] }, ["ips", 0, "address"]],
    [
      "a DHCP host with only an address",
      { ips: [{ address: "10.0.0.1", prefix: 24, dhcp: { hosts: [{ ip: "10.0.0.5" }] } }] },
      ["ips", 0, "dhcp", "hosts", 0],
    ],
    ["a DNS host that is no address", { dns: { host: [{ ip: "db", hostnames: null }] } }, ["dns", "host", 0, "ip"]],
    ["an MTU of 10", { mtu: { size: 10 } }, ["mtu", "size"]],
  ])("%s: an error on its path", (_what, config, path) => {
    expect(paths(config)).toEqual([path]);
  });
});
