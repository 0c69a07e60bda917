// incus_network_forward against the real terraform and incusd, on a bridge this file creates (10.213.x.0/24,
// no NAT, no DHCP) with a busybox container on it. The forward listens on an address from TEST-NET-2
// (198.51.100.0/24), which nothing routes: Incus's DNAT applies to the host's own connections too, so a TCP
// connection from this process to the listen address reaches the container's listener.
import { randomBytes, randomInt } from "node:crypto";
import { connect } from "node:net";
import { createTestContainer } from "../../support/incus";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;
let bridge: string;
let container: string;
const octet = randomInt(100, 250);
const subnet = `10.213.${octet}`;
const target = `${subnet}.2`;
const listen = `198.51.100.${octet}`;
const otherListen = `198.51.100.${octet + 1}`;

/** Reads what a TCP server at host:port sends before closing; throws on timeout or refusal. */
function readGreeting(host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: 5000 });
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString()));
    socket.on("end", () => resolve(data));
    socket.on("timeout", () => {
      socket.destroy();
      reject(new Error(`timed out connecting to ${host}:${port}`));
    });
    socket.on("error", reject);
  });
}

beforeAll(async () => {
  h = await harness("fwd");
  bridge = `t-f-${randomBytes(4).toString("hex")}`;
  await h.client.networks.create({
    name: bridge,
    config: {
      "ipv4.address": `${subnet}.1/24`,
      "ipv4.nat": "false",
      "ipv4.dhcp": "false",
      "ipv6.address": "none",
    },
  });
  h.cleanup.add(`network ${bridge}`, () => h.client.networks.delete(bridge));
  for (const address of [listen, otherListen]) {
    h.cleanup.add(`forward ${address}`, () => h.client.networkForwards.delete(bridge, address));
  }
  container = h.name("c");
  await createTestContainer(h.client, h.cleanup, container, {
    devices: { eth0: { type: "nic", network: bridge, name: "eth0" } },
  });
  // busybox has no DHCP client running: set the address by hand, then serve a greeting on port 80.
  const setup = await h.client.exec.run(container, [
    "sh",
    "-c",
    `ip addr add ${target}/24 dev eth0 && ip link set eth0 up && ip route add default via ${subnet}.1 && ` +
      `(setsid sh -c 'while true; do echo hello-forward | nc -l -p 80; done' </dev/null >/dev/null 2>&1 &)`,
  ]);
  expect(setup.exitCode).toBe(0);
});

afterAll(async () => {
  await h?.close();
});

function forward(listenAddress: string, description: string, extraPorts = ""): string {
  return `resource "incus_network_forward" "f" {
  network        = "${bridge}"
  listen_address = "${listenAddress}"
  description    = "${description}"
  config = {
    "user.purpose" = "test"
  }

  ports = [
    {
      description    = "web"
      protocol       = "tcp"
      listen_port    = "8080"
      target_port    = "80"
      target_address = "${target}"
    },
${extraPorts}
  ]
}
`;
}

const DNS_PORT = `    {
      protocol       = "udp"
      listen_port    = "5353"
      target_port    = "53"
      target_address = "${target}"
    },`;

test("incus_network_forward create, traffic, no-op plan, update, drift, import, replace, destroy", async () => {
  h.config(forward(listen, "first"));
  await h.apply();

  const live = (await h.client.networkForwards.get(bridge, listen)).value;
  expect(live.description).toBe("first");
  expect(live.config).toEqual({ "user.purpose": "test" });
  expect(live.ports).toEqual([
    { description: "web", protocol: "tcp", listen_port: "8080", target_port: "80", target_address: target },
  ]);
  await h.expectNoChanges();

  // The forward carries traffic: the listen address reaches the container's listener.
  expect(await readGreeting(listen, 8080)).toBe("hello-forward\n");

  // In place: a second port (no description: null in state) and a new description.
  h.config(forward(listen, "second", DNS_PORT));
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  const updated = (await h.client.networkForwards.get(bridge, listen)).value;
  expect(updated.description).toBe("second");
  expect(updated.ports).toHaveLength(2);
  expect(updated.ports).toContainEqual(expect.objectContaining({ protocol: "udp", listen_port: "5353" }));
  const state = await h.ws.resource("incus_network_forward.f");
  expect(state?.values.ports).toContainEqual({
    description: null,
    protocol: "udp",
    listen_port: "5353",
    target_port: "53",
    target_address: target,
  });
  await h.expectNoChanges();

  // Drift: ports removed and the description changed out of band; the plan shows it and apply restores it.
  await h.client.networkForwards.update(bridge, listen, { description: "tampered", config: live.config, ports: [] });
  const drift = await h.expectChanges();
  expect(drift).toMatch(/"tampered" -> "second"/);
  expect(drift).toMatch(/listen_port\s+= "8080"/);
  await h.apply();
  const restored = (await h.client.networkForwards.get(bridge, listen)).value;
  expect(restored.description).toBe("second");
  expect(restored.ports).toHaveLength(2);
  expect(await readGreeting(listen, 8080)).toBe("hello-forward\n");
  await h.expectNoChanges();

  // Import with the official ID format: the plan right after is empty.
  await h.ws.ok(["state", "rm", "incus_network_forward.f"]);
  await h.import("incus_network_forward.f", `/${bridge}/${listen}`);
  await h.expectNoChanges();

  // A new listen address replaces the forward.
  h.config(forward(otherListen, "second", DNS_PORT));
  expectOutput(await h.apply(), /1 added, 0 changed, 1 destroyed/);
  expect(await h.client.networkForwards.find(bridge, listen)).toBeUndefined();
  expect(await h.client.networkForwards.find(bridge, otherListen)).toBeDefined();
  expect(await readGreeting(otherListen, 8080)).toBe("hello-forward\n");

  await h.ws.destroy();
  expect(await h.client.networkForwards.find(bridge, otherListen)).toBeUndefined();
});

test("incus_network_forward with only a default target address (config) and no ports", async () => {
  h.config(`resource "incus_network_forward" "f" {
  network        = "${bridge}"
  listen_address = "${listen}"
  config = {
    target_address = "${target}"
  }
}
`);
  await h.apply();
  const live = (await h.client.networkForwards.get(bridge, listen)).value;
  expect(live.config).toEqual({ target_address: target });
  expect(live.ports ?? []).toEqual([]);
  const state = await h.ws.resource("incus_network_forward.f");
  expect(state?.values).toMatchObject({ ports: null, description: "" });
  await h.expectNoChanges();
  // Every port goes to the target: port 80 on the listen address reaches the listener.
  expect(await readGreeting(listen, 80)).toBe("hello-forward\n");
  await h.ws.destroy();
  expect(await h.client.networkForwards.find(bridge, listen)).toBeUndefined();
});

test("incus_network_forward on a missing network fails at network with Incus's reason, and leaves no state", async () => {
  h.config(`resource "incus_network_forward" "f" {
  network        = "${bridge}-none"
  listen_address = "${listen}"
}
`);
  const r = await h.applyFails();
  const text = r.output.replace(/\s+/g, " ");
  expect(text).toContain(`incus_network_forward cannot be created: network "${bridge}-none" does not exist`);
  expect(text).toContain("Failed loading network: Network not found");
  // At the attribute: terraform quotes its line.
  expectOutput(r, new RegExp(`network\\s+= "${bridge}-none"`));
  const state = await h.ws.resource("incus_network_forward.f");
  expect(state).toBeUndefined();
});

test("incus_network_forward refuses a listen address that is not an IP address at plan time, at the attribute", async () => {
  h.config(`resource "incus_network_forward" "f" {
  network        = "${bridge}"
  listen_address = "${listen}/32"
}
`);
  const plan = await h.run(["plan", "-input=false", "-no-color"]);
  expect(plan.code).toBe(1);
  expectOutput(plan, /is not an IP address/);
  expectOutput(plan, new RegExp(`listen_address = "${listen.replace(/\./g, "\\.")}/32"`));
  expect(await h.client.networkForwards.find(bridge, listen)).toBeUndefined();
});
