// libvirt_network in the forward modes nat, route, open, bridge and none, through the real terraform and libvirtd:
// what `virsh net-dumpxml` shows, a NAT network that really comes up (its bridge holds the host's address, dnsmasq
// runs for it, libvirt's firewall rules name it), static DHCP and DNS hosts changed in place on the running network,
// a forward mode change planned as a replacement, drift, import, refusals with attribute paths, and destroy.
import { execFileSync, spawnSync } from "node:child_process";
import { randomInt } from "node:crypto";
import { libvirtTestPrefix } from "../../support/libvirt";
import { applySavedPlan, expectEmptyPlan, header, plannedActions } from "./harness";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(300_000);

const prefix = libvirtTestPrefix("netmodes");
const suite = libvirtWorkspaceSuite(prefix, () => header());
// Subnets unlikely to meet another test's: 10.24x.<random>.0/24.
const octet = randomInt(0, 255);
const subnet = (second: number) => `10.${second}.${octet}`;
// A host bridge for forward mode "bridge" (interface names have at most 15 characters).
const hostBridge = `tlvbr${prefix.slice(-7, -1)}`;

const sh = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: "utf8" });
const liveXml = (name: string) => sh("virsh", ["-c", "qemu:///system", "net-dumpxml", name]);
const netName = (suffix: string) => `${prefix}${suffix}`;

beforeAll(() => {
  sh("ip", ["link", "add", hostBridge, "type", "bridge"]);
});

afterAll(() => {
  sh("ip", ["link", "del", hostBridge]);
});

const nat = (opts: { mode?: string; dhcpHosts: string; dnsHosts: string }) => `${header()}
resource "libvirt_network" "nat" {
  name      = "${netName("nat")}"
  autostart = true
  forward   = { mode = "${opts.mode ?? "nat"}" }
  domain    = { name = "lab.internal", local_only = "yes" }
  mtu       = { size = 1400 }
  dns = {
    forwarders = [{ addr = "192.0.2.53" }]
    host       = [${opts.dnsHosts}]
  }
  ips = [
    {
      address = "${subnet(247)}.1"
      netmask = "255.255.255.0"
      dhcp = {
        ranges = [{ start = "${subnet(247)}.100", end = "${subnet(247)}.150" }]
        hosts  = [${opts.dhcpHosts}]
      }
    },
    { family = "ipv6", address = "fd00:247:${octet}::1", prefix = 64 }
  ]
}
`;
const dbHost = `{ mac = "52:54:00:24:70:05", name = "db", ip = "${subnet(247)}.5" }`;
const webHost = `{ mac = "52:54:00:24:70:06", name = "web", ip = "${subnet(247)}.6" }`;
const dbDns = `{ ip = "${subnet(247)}.5", hostnames = [{ hostname = "db" }, { hostname = "postgres" }] }`;
const webDns = `{ ip = "${subnet(247)}.6", hostnames = [{ hostname = "web" }] }`;

test("a NAT network comes up (bridge address, dnsmasq, firewall rules); DHCP and DNS hosts change in place; a new mode replaces it", async () => {
  const name = netName("nat");
  suite.ws.write("main.tf", nat({ dhcpHosts: dbHost, dnsHosts: dbDns }));
  await suite.ws.apply();
  const created = await suite.client.networks.info(name);
  expect(created).toMatchObject({
    active: true,
    autostart: true,
    forwardMode: "nat",
    domain: { name: "lab.internal", localOnly: "yes" },
    mtu: 1400,
    dns: { forwarders: [{ addr: "192.0.2.53" }], hosts: [{ ip: `${subnet(247)}.5`, hostnames: ["db", "postgres"] }] },
  });
  expect(created.ips).toEqual([
    {
      address: `${subnet(247)}.1`,
      netmask: "255.255.255.0",
      dhcpRanges: [{ start: `${subnet(247)}.100`, end: `${subnet(247)}.150` }],
      dhcpHosts: [{ mac: "52:54:00:24:70:05", name: "db", ip: `${subnet(247)}.5` }],
    },
    { family: "ipv6", address: `fd00:247:${octet}::1`, prefix: 64, dhcpRanges: [], dhcpHosts: [] },
  ]);
  const bridge = created.bridge ?? "";
  expect(bridge).toMatch(/^virbr\d+$/);
  // It is really up: the host's address is on the bridge, dnsmasq serves it, libvirt masquerades the subnet.
  expect(sh("ip", ["-o", "addr", "show", "dev", bridge])).toContain(`inet ${subnet(247)}.1/24`);
  expect(sh("ip", ["-o", "link", "show", "dev", bridge])).toContain("mtu 1400");
  expect(sh("pgrep", ["-f", `dnsmasq/${name}.conf`]).trim()).not.toBe("");
  expect(sh("iptables", ["-t", "nat", "-S"])).toContain(`-s ${subnet(247)}.0/24`);
  const state = (await suite.ws.resource("libvirt_network.nat"))?.values;
  expect(state).toMatchObject({
    id: created.uuid,
    uuid: created.uuid,
    forward: { mode: "nat", dev: null },
    bridge: { name: bridge },
    ips: [
      { netmask: "255.255.255.0", prefix: null },
      { family: "ipv6", prefix: 64, netmask: null },
    ],
  });
  await expectEmptyPlan(suite.ws);

  // Static hosts: an update, on the running network too (no restart: same bridge, dnsmasq keeps serving).
  suite.ws.write("main.tf", nat({ dhcpHosts: webHost, dnsHosts: `${dbDns}, ${webDns}` }));
  expect((await plannedActions(suite.ws))["libvirt_network.nat"]).toEqual(["update"]);
  await applySavedPlan(suite.ws);
  for (const xml of [liveXml(name), await suite.client.networks.dumpxml(name)]) {
    expect(xml).toContain(`mac='52:54:00:24:70:06'`);
    expect(xml).not.toContain(`mac='52:54:00:24:70:05'`);
    expect(xml).toContain("<hostname>web</hostname>");
  }
  const updated = await suite.client.networks.info(name);
  expect(updated).toMatchObject({ uuid: created.uuid, bridge, active: true });
  await expectEmptyPlan(suite.ws);

  // Drift: a DNS host added by hand is planned away, and removed again.
  sh("virsh", [
    "-c",
    "qemu:///system",
    "net-update",
    name,
    "add-last",
    "dns-host",
    `<host ip='${subnet(247)}.7'><hostname>stray</hostname></host>`,
    "--live",
    "--config",
  ]);
  expect((await plannedActions(suite.ws))["libvirt_network.nat"]).toEqual(["update"]);
  await applySavedPlan(suite.ws);
  expect(liveXml(name)).not.toContain("stray");
  await expectEmptyPlan(suite.ws);

  // Another forward mode needs a restart of the network: a replacement.
  suite.ws.write("main.tf", nat({ mode: "route", dhcpHosts: webHost, dnsHosts: webDns }));
  expect((await plannedActions(suite.ws))["libvirt_network.nat"]).toEqual(["delete", "create"]);
  await applySavedPlan(suite.ws);
  const routed = await suite.client.networks.info(name);
  expect(routed).toMatchObject({ forwardMode: "route", active: true });
  expect(routed.uuid).not.toBe(created.uuid);
  await expectEmptyPlan(suite.ws);

  suite.ws.write("main.tf", header());
  await suite.ws.apply();
  expect(await suite.client.networks.find(name)).toBeUndefined();
  // Gone from the host: no bridge carries its address, no dnsmasq serves it. (Not its bridge's name: libvirt gives
  // the freed virbrN to the next network it starts, e.g. one of a test running alongside.)
  expect(sh("ip", ["-o", "addr", "show"])).not.toContain(`inet ${subnet(247)}.1/24`);
  expect(spawnSync("pgrep", ["-f", `dnsmasq/${name}.conf`], { encoding: "utf8" }).stdout.trim()).toBe("");
});

test("route, open, bridge and isolated networks: defined and started as written, plan empty, then imported", async () => {
  const config = `${header()}
resource "libvirt_network" "route" {
  name    = "${netName("route")}"
  forward = { mode = "route" }
  ips     = [{ address = "${subnet(248)}.1", prefix = 24, dhcp = { ranges = [{ start = "${subnet(248)}.10", end = "${subnet(248)}.20" }] } }]
}

resource "libvirt_network" "open" {
  name    = "${netName("open")}"
  forward = { mode = "open" }
  ips     = [{ address = "${subnet(249)}.1", prefix = 24 }]
}

resource "libvirt_network" "bridge" {
  name    = "${netName("bridge")}"
  forward = { mode = "bridge" }
  bridge  = { name = "${hostBridge}" }
}

resource "libvirt_network" "isolated" {
  name = "${netName("isolated")}"
  ips  = [{ address = "${subnet(246)}.1", prefix = 24 }]
}
`;
  suite.ws.write("main.tf", config);
  await suite.ws.apply();
  expect(await suite.client.networks.info(netName("route"))).toMatchObject({ forwardMode: "route", active: true });
  expect(await suite.client.networks.info(netName("open"))).toMatchObject({ forwardMode: "open", active: true });
  expect(await suite.client.networks.info(netName("bridge"))).toMatchObject({
    forwardMode: "bridge",
    bridge: hostBridge,
    active: true,
    ips: [],
  });
  expect(await suite.client.networks.info(netName("isolated"))).toMatchObject({
    forwardMode: undefined,
    active: true,
  });
  expect(liveXml(netName("route"))).toContain("<forward mode='route'/>");
  expect(liveXml(netName("open"))).toContain("<forward mode='open'/>");
  // An open network gets no firewall rules from libvirt, a routed one does.
  const rules = sh("iptables", ["-S"]);
  expect(rules).toContain(`-d ${subnet(248)}.0/24`);
  expect(rules).not.toContain(`${subnet(249)}.0/24`);
  await expectEmptyPlan(suite.ws);
  expect((await suite.ws.resource("libvirt_network.bridge"))?.values).toMatchObject({
    forward: { mode: "bridge" },
    bridge: { name: hostBridge },
    ips: null,
  });

  // Forget and import each: the imported state plans empty against the same configuration.
  for (const kind of ["route", "open", "bridge", "isolated"]) {
    await suite.ws.ok(["state", "rm", `libvirt_network.${kind}`]);
    await suite.ws.import(`libvirt_network.${kind}`, netName(kind));
  }
  await expectEmptyPlan(suite.ws);

  suite.ws.write("main.tf", header());
  await suite.ws.apply();
  for (const kind of ["route", "open", "bridge", "isolated"])
    expect(await suite.client.networks.find(netName(kind))).toBeUndefined();
  // The host bridge is not libvirt's: it stays.
  expect(sh("ip", ["-o", "link", "show", "dev", hostBridge])).toContain(hostBridge);
});

test("refusals at plan time name the attribute; nothing is defined", async () => {
  const refused = async (body: string) => {
    suite.ws.write(
      "main.tf",
      `${header()}resource "libvirt_network" "bad" {\n  name = "${netName("bad")}"\n${body}\n}\n`,
    );
    const plan = await suite.ws.plan();
    expect(plan.code).toBe(1);
    return plan.output;
  };
  expect(await refused(`  forward = { mode = "bridge" }`)).toMatch(/Missing bridge name[\s\S]*bridge/);
  expect(await refused(`  forward = { mode = "passthrough" }`)).toMatch(/forward\.mode/);
  expect(await refused(`  ips = [{ address = "10.1.2.1", prefix = 24, netmask = "255.255.255.0" }]`)).toMatch(
    /ips\[0\]\.netmask/,
  );
  expect(await refused(`  ips = [{ address = "fd00::1", prefix = 64 }]`)).toMatch(/ips\[0\]\.address/);
  expect(await suite.client.networks.find(netName("bad"))).toBeUndefined();
});
