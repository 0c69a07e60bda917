// A NetworkLoadBalancer and a NetworkForward built with the constructs on an OVN network of the local OVN
// (scripts/setup-ovn.sh): two containers at fixed addresses as the balancer's backends, deployed with the real
// terraform; the balancer in Incus has the listen address, backends and port, the plan after apply is empty, a
// changed backend port is an in-place update, and destroy leaves nothing behind.
import { execFileSync } from "node:child_process";
import { randomInt } from "node:crypto";
import type { TerraformStack } from "cdktf";
import { Instance, NetworkForward, NetworkLoadBalancer } from "../../../lib";
import { TEST_IMAGE } from "../../support/incus";
import { listenPrefix, ovnStackBase, ovnSubnet } from "./ovn-support";
import { getInstance, incusConstructsSuite, incusQuery, StackRun } from "./support";

jest.setTimeout(300_000);

const suite = incusConstructsSuite("ovnlb");
const subnet = ovnSubnet();
/** Listen addresses come from the uplink's routed subnet (ipv4.routes), found before the test. */
let balancerAddress = "";
let forwardAddress = "";
let networkName = "";

beforeAll(() => {
  const prefix = listenPrefix();
  const last = randomInt(2, 250);
  balancerAddress = `${prefix}.${last}`;
  forwardAddress = `${prefix}.${last + 1}`;
});

afterAll(() => {
  // The balancer and forward go with the network only if terraform removed them: delete them first.
  if (!networkName) return;
  for (const args of [
    ["network", "load-balancer", "delete", networkName, balancerAddress],
    ["network", "forward", "delete", networkName, forwardAddress],
  ]) {
    try {
      execFileSync("incus", args, { stdio: "ignore" });
    } catch {
      /* already gone */
    }
  }
});

/** The stack: an OVN network, containers b1 and b2 at .11 and .12, the balancer on port 80 and a forward on 8080. */
function build(stack: TerraformStack, backendPort: number): void {
  const { host, pool, network } = ovnStackBase(stack, subnet);
  const backends = [1, 2].map(
    (n) =>
      new Instance(stack, `b${n}`, {
        host,
        network,
        incus: { image: TEST_IMAGE, rootDisk: { pool }, ipv4Address: `${subnet}.1${n}` },
      }),
  );
  new NetworkLoadBalancer(stack, "lb", {
    network,
    listenAddress: balancerAddress,
    description: "two backends",
    backends: backends.map((target, i) => ({ name: `b${i + 1}`, target, targetPort: backendPort })),
    ports: [{ listenPort: 80, backends: ["b1", "b2"] }],
  });
  new NetworkForward(stack, "fwd", {
    network,
    listenAddress: forwardAddress,
    ports: [{ listenPort: 8080, target: backends[0], targetPort: 80 }],
  });
}

test("an OVN balancer and forward from the constructs: in Incus, empty plans, a port change in place, destroyed", async () => {
  const run = new StackRun(`${suite.prefix}-lb`);
  suite.runs.push(run);
  const b1 = `${run.stackName}-b1`;

  run.synth((stack) => build(stack, 8080));
  await run.deploy();
  networkName = getInstance(b1).devices.eth0.network;
  expect(incusQuery(`/1.0/networks/${networkName}`).type).toBe("ovn");
  const lbPath = `/1.0/networks/${networkName}/load-balancers/${balancerAddress}`;
  const lb = incusQuery(lbPath);
  expect(lb).toMatchObject({ listen_address: balancerAddress, description: "two backends" });
  expect(lb.backends).toEqual([
    expect.objectContaining({ name: "b1", target_address: `${subnet}.11`, target_port: "8080" }),
    expect.objectContaining({ name: "b2", target_address: `${subnet}.12`, target_port: "8080" }),
  ]);
  expect(lb.ports).toEqual([
    expect.objectContaining({ protocol: "tcp", listen_port: "80", target_backend: ["b1", "b2"] }),
  ]);
  const forward = incusQuery(`/1.0/networks/${networkName}/forwards/${forwardAddress}`);
  expect(forward.ports).toEqual([
    expect.objectContaining({ listen_port: "8080", target_address: `${subnet}.11`, target_port: "80" }),
  ]);

  // Another backend port: the balancer is updated in place, nothing is replaced.
  run.synth((stack) => build(stack, 8081));
  const plan = await run.plan();
  expect(plan.code).toBe(2);
  expect(plan.output).toMatch(/Plan: 0 to add, 1 to change, 0 to destroy/);
  // backend is a set of blocks: the plan shows the old ones out and the new ones in, on the same resource.
  expect(plan.output).toMatch(/incus_network_lb\.lb will be updated in-place/);
  expect(plan.output).toMatch(/\+ target_port += "8081"/);
  await run.deploy();
  expect(incusQuery(lbPath).backends.map((b: { target_port: string }) => b.target_port)).toEqual(["8081", "8081"]);

  const destroyed = await run.destroy();
  expect(destroyed.code).toBe(0);
  expect(incusQuery(lbPath)).toBeUndefined();
  expect(incusQuery(`/1.0/networks/${networkName}`)).toBeUndefined();
  expect(getInstance(b1)).toBeUndefined();
  expect(getInstance(`${run.stackName}-b2`)).toBeUndefined();
});
