// incus_network_peer against the real terraform and incusd. Peerings need OVN networks, and this host has no
// OVN: what is checked is Incus's real refusal on a bridge (reported at `network`, nothing recorded in state)
// and the plan-time checks. The OVN lifecycle itself is covered by unit tests only.
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

test("incus_network_peer on a bridge: Incus's refusal is reported at network, and nothing is recorded", async () => {
  h.config(`resource "incus_network_peer" "p" {
  name           = "to-other"
  network        = "${bridge}"
  target_network = "${bridge}"
  target_project = "default"
}
`);
  const r = await h.applyFails();
  const text = r.output.replace(/\s+/g, " ");
  expect(text).toContain(`incus_network_peer cannot be created on network "${bridge}"`);
  expect(text).toMatch(/does not support peering/);
  expect(text).toMatch(/Network peers need an OVN network/);
  expectOutput(r, new RegExp(`network\\s+= "${bridge}"`));
  expect(await h.ws.resource("incus_network_peer.p")).toBeUndefined();
  // Incus keeps no peers on a bridge at all: even reading them is refused.
  await expect(h.client.networkPeers.list(bridge)).rejects.toThrow(/does not support peering/);
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
