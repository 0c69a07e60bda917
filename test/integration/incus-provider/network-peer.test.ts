// incus_network_peer against the real terraform and incusd, off OVN: peerings need OVN networks, so what is checked
// here is the plan-time refusal on an existing bridge, the same refusal for a bridge the same run creates (once it
// exists; both reported at `network`, nothing recorded in state), and the other plan-time checks. Peerings between
// real OVN networks are in ovn-resources.test.ts.
import { randomBytes } from "node:crypto";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;
let bridge: string;

beforeAll(async () => {
  h = await harness("peer");
  bridge = `t-p-${randomBytes(4).toString("hex")}`;
  await h.client.networks.create({ name: bridge, config: { "ipv4.address": "none", "ipv6.address": "none" } });
  h.cleanup.add(`network ${bridge}`, () => h.client.networks.delete(bridge));
});

afterAll(async () => {
  await h?.close();
});

function peer(network: string): string {
  return `resource "incus_network_peer" "p" {
  name           = "to-other"
  network        = ${network}
  target_network = "${bridge}"
  target_project = "default"
}
`;
}

test("incus_network_peer on an existing bridge is refused at plan time, at network", async () => {
  h.config(peer(`"${bridge}"`));
  const plan = await h.run(["plan", "-input=false", "-no-color"]);
  expect(plan.code).toBe(1);
  const text = plan.output.replace(/\s+/g, " ");
  expect(text).toContain(`incus_network_peer cannot be created on network "${bridge}"`);
  expect(text).toContain(`Network peers need an OVN network. Network "${bridge}" is of type "bridge"`);
  expectOutput(plan, new RegExp(`network\\s+= "${bridge}"`));
});

// Terraform plans the resource again once the network exists, so the check refuses it then, before any request.
test("incus_network_peer on a bridge the same run creates is refused once the network exists, at network", async () => {
  const sameRun = `t-p-${randomBytes(4).toString("hex")}`;
  h.cleanup.add(`network ${sameRun}`, () => h.client.networks.delete(sameRun));
  h.config(
    `resource "incus_network" "br" {
  name   = "${sameRun}"
  config = { "ipv4.address" = "none", "ipv6.address" = "none" }
}
` + peer("incus_network.br.name"),
  );
  const r = await h.applyFails();
  const text = r.output.replace(/\s+/g, " ");
  expect(text).toContain(`incus_network_peer cannot be created on network "${sameRun}"`);
  expect(text).toContain(`Network peers need an OVN network. Network "${sameRun}" is of type "bridge"`);
  expectOutput(r, /network\s+= incus_network\.br\.name/);
  expect(await h.ws.resource("incus_network_peer.p")).toBeUndefined();
  // Incus keeps no peers on a bridge at all: even reading them is refused.
  await expect(h.client.networkPeers.list(sameRun)).rejects.toThrow(/does not support peering/);
  // Terraform's destroy plans the configuration first and would stop at the same refusal: skip that refresh.
  await h.destroyWithoutRefresh();
  expect(await h.client.networks.find(sameRun)).toBeUndefined();
});

test("incus_network_peer without a network is refused at plan time, at the attribute", async () => {
  h.config(`resource "incus_network_peer" "p" {
  name           = "to-other"
  target_network = "${bridge}"
}
`);
  const r = await h.run(["validate", "-no-color"]);
  expect(r.code).toBe(1);
  expectOutput(r, /Missing network/);
  expectOutput(r, /set network to its name/);
});
