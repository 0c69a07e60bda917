// incus_network_lb against the real terraform and incusd, off OVN: load balancers need an OVN network, so what is
// checked here is the plan-time refusal on an existing bridge, the same refusal for a bridge the same run creates
// (once it exists; both reported at `network`, nothing recorded in state), and the other plan-time checks. The
// lifecycle on a real OVN network (update, drift, import) is in ovn-resources.test.ts.
import { randomBytes } from "node:crypto";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;
let bridge: string;

beforeAll(async () => {
  h = await harness("lb");
  bridge = `t-l-${randomBytes(4).toString("hex")}`;
  await h.client.networks.create({ name: bridge, config: { "ipv4.address": "none", "ipv6.address": "none" } });
  h.cleanup.add(`network ${bridge}`, () => h.client.networks.delete(bridge));
});

afterAll(async () => {
  await h?.close();
});

function lb(backendNames: readonly string[], portTargets: readonly string[]): string {
  const backends = backendNames
    .map(
      (name, i) => `  backend {
    name           = "${name}"
    target_address = "10.0.0.${i + 2}"
    target_port    = "80"
  }
`,
    )
    .join("");
  return `resource "incus_network_lb" "lb" {
  network        = "${bridge}"
  listen_address = "198.51.100.40"
  description    = "web"

${backends}
  port {
    listen_port    = "80"
    target_backend = ${JSON.stringify(portTargets)}
  }
}
`;
}

test("incus_network_lb on an existing bridge is refused at plan time, at network", async () => {
  h.config(lb(["b1", "b2"], ["b1", "b2"]));
  const plan = await h.run(["plan", "-input=false", "-no-color"]);
  expect(plan.code).toBe(1);
  const text = plan.output.replace(/\s+/g, " ");
  expect(text).toContain(`incus_network_lb cannot be created on network "${bridge}"`);
  expect(text).toContain(`Load balancers need an OVN network. Network "${bridge}" is of type "bridge"`);
  // The diagnostic points at the attribute: terraform quotes its line.
  expectOutput(plan, new RegExp(`network\\s+= "${bridge}"`));
});

// Terraform plans the resource again once the network exists, so the check refuses it then, before any request.
test("incus_network_lb on a bridge the same run creates is refused once the network exists, at network", async () => {
  const sameRun = `t-l-${randomBytes(4).toString("hex")}`;
  h.cleanup.add(`network ${sameRun}`, () => h.client.networks.delete(sameRun));
  h.config(
    `resource "incus_network" "br" {
  name   = "${sameRun}"
  config = { "ipv4.address" = "none", "ipv6.address" = "none" }
}
` + lb(["b1"], ["b1"]).replace(`network        = "${bridge}"`, "network        = incus_network.br.name"),
  );
  const r = await h.applyFails();
  const text = r.output.replace(/\s+/g, " ");
  expect(text).toContain(`incus_network_lb cannot be created on network "${sameRun}"`);
  expect(text).toContain(`Load balancers need an OVN network. Network "${sameRun}" is of type "bridge"`);
  expectOutput(r, /network\s+= incus_network\.br\.name/);
  expect(await h.ws.resource("incus_network_lb.lb")).toBeUndefined();
  // Incus keeps no load balancers on a bridge at all: even reading them is refused.
  await expect(h.client.networkLoadBalancers.list(sameRun)).rejects.toThrow(/does not support load balancers/);
  // Terraform's destroy plans the configuration first and would stop at the same refusal: skip that refresh.
  await h.destroyWithoutRefresh();
  expect(await h.client.networks.find(sameRun)).toBeUndefined();
});

test("incus_network_lb: a port targeting an undeclared backend is refused at plan time", async () => {
  h.config(lb(["b1"], ["b1", "nope"]));
  const r = await h.run(["validate", "-no-color"]);
  expect(r.code).toBe(1);
  expectOutput(r, /Unknown load balancer backend/);
  expectOutput(r, /targets "nope", which no backend block declares \(declared: b1\)/);
});

test("incus_network_lb: protocol and target_backend are checked at plan time", async () => {
  h.config(lb(["b1"], []).replace('listen_port    = "80"', 'listen_port    = "80"\n    protocol       = "sctp"'));
  const r = await h.run(["validate", "-no-color"]);
  expect(r.code).toBe(1);
  expectOutput(r, /expected one of: "tcp", "udp"/);
  expectOutput(r, /Got 0 elements/);
});
