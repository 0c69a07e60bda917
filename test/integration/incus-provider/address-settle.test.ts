// A new container without wait_for reports the addresses its managed bridge hands out (instance/address-settle.ts),
// as the official provider does by reading the state 2 s after the start: the apply's state has ipv4_address and
// ipv6_address. The image is the official tests' images:alpine/edge stand-in from host b (the busybox test image
// with a DHCP client; scripts/setup-incus-hosts.sh ensure_dhcp_image), copied into the local incusd.
import { randomBytes, randomInt } from "node:crypto";
import { TEST_POOL } from "../../support/incus";
import { incusCli } from "../../support/incus-hosts";
import type { Harness } from "./provider-harness";
import { harness } from "./provider-harness";

jest.setTimeout(180_000);

let h: Harness;
let image = "";

beforeAll(async () => {
  // The bound is raised from its 3 s default: under CI load the lease can take longer, and what is tested is that
  // the apply waits for the addresses (with CDKTF_VIRT_ADDRESS_SETTLE_MS=0 this test fails), not the default bound.
  h = await harness("addr-wait", { env: { CDKTF_VIRT_ADDRESS_SETTLE_MS: "10000" } });
  image = h.name("dhcp");
  const before = new Set((await h.client.images.list()).map((i) => i.fingerprint));
  incusCli(["image", "copy", "b:alpine/edge", "local:", "--alias", image]);
  const fingerprint = (await h.client.images.getAlias(image)).value.target;
  // The same image may already be here under another alias (someone else's): then only the alias is ours.
  h.cleanup.add(`image ${image}`, () =>
    before.has(fingerprint) ? h.client.images.deleteAlias(image) : h.client.images.delete(fingerprint),
  );
});

afterAll(async () => {
  await h?.close();
});

test("incus_instance without wait_for on a bridge with DHCP and IPv6 has both addresses after the apply", async () => {
  // Bridge names have at most 15 characters.
  const bridge = `t-addr-wait-${randomBytes(2).toString("hex").slice(0, 3)}`;
  const subnet = `10.${randomInt(200, 250)}.${randomInt(0, 255)}`;
  h.config(`
resource "incus_network" "br" {
  name = "${bridge}"
  config = {
    "ipv4.address" = "${subnet}.1/24"
    "ipv4.nat"     = "false"
    "ipv6.address" = "fd42:${randomInt(0x1000, 0xffff).toString(16)}:${randomInt(0x1000, 0xffff).toString(16)}::1/64"
    "ipv6.nat"     = "false"
  }
}
resource "incus_instance" "c" {
  name     = "${h.name("ct")}"
  image    = "${image}"
  profiles = []
  device {
    name       = "root"
    type       = "disk"
    properties = { path = "/", pool = "${TEST_POOL}" }
  }
  device {
    name       = "eth0"
    type       = "nic"
    properties = { network = incus_network.br.name, name = "eth0" }
  }
}
`);
  await h.apply();
  const values = (await h.ws.resource("incus_instance.c"))?.values as Record<string, string>;
  expect(values.ipv4_address).toMatch(new RegExp(`^${subnet.replace(/\./g, "\\.")}\\.\\d+$`));
  expect(values.ipv6_address).toMatch(/^fd42:/);
});
