// The OVN-only resources against the real terraform, incusd and a loopback OVN deployment (scripts/setup-ovn.sh):
// OVN networks on the uplink that script creates, incus_network_lb's whole lifecycle (create, read back, update in
// place, drift, import with an empty plan after it, replacement, destroy), incus_network_peer between two OVN
// networks (mutual, both CREATED; update, drift, replace), and a remote peer through an incus_network_integration to the OVN
// interconnection databases.
import { randomBytes, randomInt } from "node:crypto";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

const UPLINK = process.env.CDKTF_VIRT_OVN_UPLINK ?? "cdktf-ovn-up";
const IC_NB = "tcp:127.0.0.1:6645";
const IC_SB = "tcp:127.0.0.1:6646";

let h: Harness;
/** The uplink's routed subnet (ipv4.routes): load balancer listen addresses come from it. */
let listenPrefix: string;

beforeAll(async () => {
  h = await harness("ovn");
  const server = (await h.client.server.get()).value;
  const uplink = await h.client.networks.find(UPLINK);
  if (!server.config?.["network.ovn.northbound_connection"] || !uplink)
    throw new Error(`this host has no OVN set up for Incus (uplink network ${UPLINK}): run scripts/setup-ovn.sh`);
  const routes = uplink.value.config["ipv4.routes"] ?? "";
  const match = /^(\d+\.\d+\.\d+)\.0\/24/.exec(routes);
  if (!match) throw new Error(`uplink ${UPLINK} has no /24 in ipv4.routes (found "${routes}")`);
  listenPrefix = match[1];
});

afterAll(async () => {
  await h?.close();
});

/** A listen address in the uplink's routed subnet no other run of this file is likely to pick. */
function listenAddress(): string {
  return `${listenPrefix}.${randomInt(2, 254)}`;
}

const usedSubnets = new Set<string>();
/**
 * A random private /24 (its first three octets) for an OVN network's internal side: NAT to the uplink, so only
 * distinctness matters.
 */
function ovnSubnet(): string {
  for (;;) {
    const subnet = `10.${randomInt(184, 200)}.${randomInt(0, 256)}`;
    if (!usedSubnets.has(subnet)) {
      usedSubnets.add(subnet);
      return subnet;
    }
  }
}

/** An incus_network of type ovn on the uplink, on `subnet`.0/24; the REST cleanup removes it should terraform not. */
function ovnNetwork(resource: string, name: string, subnet = ovnSubnet()): string {
  h.cleanup.add(`network ${name}`, () => h.client.networks.delete(name));
  return `resource "incus_network" "${resource}" {
  name = "${name}"
  type = "ovn"
  config = {
    "network"      = "${UPLINK}"
    "ipv4.address" = "${subnet}.1/24"
    "ipv4.nat"     = "true"
    "ipv6.address" = "none"
  }
}
`;
}

test("incus_network_lb on an OVN network: create, update, drift, import, replace, destroy", async () => {
  const net = h.name("lb");
  // Incus accepts only backends inside the OVN network's subnet.
  const subnet = ovnSubnet();
  const network = ovnNetwork("n", net, subnet);
  const first = listenAddress();
  let second = listenAddress();
  while (second === first) second = listenAddress();
  const lb = (address: string, body: string): string => `resource "incus_network_lb" "lb" {
  network        = incus_network.n.name
  listen_address = "${address}"
${body}
}
`;
  const web = `  description = "web"
  backend {
    name           = "b1"
    target_address = "${subnet}.2"
    target_port    = "8080"
  }
  port {
    listen_port    = "80"
    target_backend = ["b1"]
  }`;
  h.config(network + lb(first, web));
  await h.apply();

  expect((await h.client.networks.get(net)).value.type).toBe("ovn");
  const live = (await h.client.networkLoadBalancers.get(net, first)).value;
  expect(live.description).toBe("web");
  expect(live.backends).toEqual([{ name: "b1", description: "", target_address: `${subnet}.2`, target_port: "8080" }]);
  expect(live.ports).toEqual([{ description: "", protocol: "tcp", listen_port: "80", target_backend: ["b1"] }]);
  await h.expectNoChanges();

  // In place: description, a second backend, a UDP port over both, a user key.
  const updated = `  description = "web and dns"
  config      = { "user.team" = "net" }
  backend {
    name           = "b1"
    target_address = "${subnet}.2"
    target_port    = "8080"
  }
  backend {
    name           = "b2"
    description    = "second"
    target_address = "${subnet}.3"
  }
  port {
    listen_port    = "80"
    target_backend = ["b1"]
  }
  port {
    protocol       = "udp"
    listen_port    = "53"
    target_backend = ["b1", "b2"]
  }`;
  h.config(network + lb(first, updated));
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  const after = (await h.client.networkLoadBalancers.get(net, first)).value;
  expect(after.description).toBe("web and dns");
  expect(after.config).toMatchObject({ "user.team": "net" });
  expect(after.backends?.map((b) => b.name).sort()).toEqual(["b1", "b2"]);
  expect(after.ports?.find((p) => p.protocol === "udp")?.target_backend).toEqual(["b1", "b2"]);
  await h.expectNoChanges();

  // Drift: a backend removed and the description changed out of band; the plan shows both, apply restores them.
  await h.client.networkLoadBalancers.update(net, first, {
    description: "changed by hand",
    config: after.config,
    backends: after.backends?.filter((b) => b.name === "b1"),
    ports: after.ports?.filter((p) => p.protocol === "tcp"),
  });
  const drift = await h.expectChanges();
  expect(drift).toMatch(/"changed by hand" -> "web and dns"/);
  expect(drift).toMatch(/\+ backend \{/);
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  const restored = (await h.client.networkLoadBalancers.get(net, first)).value;
  expect(restored.description).toBe("web and dns");
  expect(restored.backends).toHaveLength(2);
  expect(restored.ports).toHaveLength(2);
  await h.expectNoChanges();

  // Import: the plan right after is empty.
  await h.ws.ok(["state", "rm", "incus_network_lb.lb"]);
  await h.import("incus_network_lb.lb", `/${net}/${first}`);
  await h.expectNoChanges();

  // A new listen address replaces the load balancer.
  h.config(network + lb(second, updated));
  expectOutput(await h.apply(), /1 added, 0 changed, 1 destroyed/);
  expect(await h.client.networkLoadBalancers.find(net, first)).toBeUndefined();
  expect(await h.client.networkLoadBalancers.find(net, second)).toBeDefined();
  await h.expectNoChanges();

  await h.ws.destroy();
  expect(await h.client.networks.find(net)).toBeUndefined();
});

test("incus_network_peer between two OVN networks: mutual peering, import, update, drift, replace, destroy", async () => {
  const a = h.name("pa");
  const b = h.name("pb");
  const peers = (name = "to-b", description = "a to b") => `resource "incus_network_peer" "ab" {
  network        = incus_network.a.name
  name           = "${name}"
  description    = "${description}"
  target_network = incus_network.b.name
  target_project = "default"
}

resource "incus_network_peer" "ba" {
  network        = incus_network.b.name
  name           = "to-a"
  target_network = incus_network.a.name
  target_project = "default"
}
`;
  const networks = ovnNetwork("a", a) + ovnNetwork("b", b);
  h.config(networks + peers());
  expectOutput(await h.apply(), /4 added, 0 changed/);

  const ab = (await h.client.networkPeers.get(a, "to-b")).value;
  const ba = (await h.client.networkPeers.get(b, "to-a")).value;
  expect(ab).toMatchObject({ name: "to-b", description: "a to b", target_network: b, status: "Created" });
  expect(ba).toMatchObject({ name: "to-a", target_network: a, status: "Created" });
  await h.expectNoChanges();

  await h.ws.ok(["state", "rm", "incus_network_peer.ab"]);
  await h.import("incus_network_peer.ab", `/${a}/to-b`);
  await h.expectNoChanges();

  // The description changes in place; one changed by hand is drift the next apply puts back.
  h.config(networks + peers("to-b", "a to b, updated"));
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  expect((await h.client.networkPeers.get(a, "to-b")).value.description).toBe("a to b, updated");
  await h.client.networkPeers.update(a, "to-b", { description: "changed by hand", config: {} });
  expect(await h.expectChanges()).toMatch(/"changed by hand" -> "a to b, updated"/);
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  expect((await h.client.networkPeers.get(a, "to-b")).value.description).toBe("a to b, updated");

  // A new name replaces the peering. Deleting the old one leaves b's side Errored with its target cleared (Incus),
  // which the next plan sees and replaces; after that apply both sides are Created again and the plan is empty.
  h.config(networks + peers("to-b2", "a to b, updated"));
  expectOutput(await h.apply(), /1 added, 0 changed, 1 destroyed/);
  expect(await h.client.networkPeers.find(a, "to-b")).toBeUndefined();
  expect((await h.client.networkPeers.get(a, "to-b2")).value).toMatchObject({ target_network: b });
  expectOutput(await h.apply(), /1 added, 0 changed, 1 destroyed/);
  expect((await h.client.networkPeers.get(b, "to-a")).value).toMatchObject({ target_network: a, status: "Created" });
  expect((await h.client.networkPeers.get(a, "to-b2")).value).toMatchObject({ target_network: b, status: "Created" });
  await h.expectNoChanges();

  await h.ws.destroy();
  expect(await h.client.networks.find(a)).toBeUndefined();
  expect(await h.client.networks.find(b)).toBeUndefined();
});

test("incus_network_integration and a remote peer to it from an OVN network", async () => {
  const net = h.name("ic");
  const integration = `t-ovn-ic-${randomBytes(4).toString("hex")}`;
  h.cleanup.add(`network integration ${integration}`, () => h.client.networkIntegrations.delete(integration));
  h.config(
    ovnNetwork("n", net) +
      `resource "incus_network_integration" "ic" {
  name = "${integration}"
  type = "ovn"
  config = {
    "ovn.northbound_connection" = "${IC_NB}"
    "ovn.southbound_connection" = "${IC_SB}"
  }
}

resource "incus_network_peer" "remote" {
  network            = incus_network.n.name
  name               = "to-ic"
  type               = "remote"
  target_integration = incus_network_integration.ic.name
}
`,
  );
  expectOutput(await h.apply(), /3 added, 0 changed/);
  const peer = (await h.client.networkPeers.get(net, "to-ic")).value;
  expect(peer).toMatchObject({ name: "to-ic", type: "remote", target_integration: integration, status: "Created" });
  // Incus lists the peer among the integration's users.
  expect((await h.client.networkIntegrations.get(integration)).value.used_by).toEqual(
    expect.arrayContaining([expect.stringContaining(`/1.0/networks/${net}/peers/to-ic`)]),
  );
  await h.expectNoChanges();

  await h.ws.destroy();
  expect(await h.client.networkIntegrations.find(integration)).toBeUndefined();
  expect(await h.client.networks.find(net)).toBeUndefined();
});
