// Traffic through OVN with the constructs, on the local OVN (scripts/setup-ovn.sh): a server and a client container of
// the busybox image on an OVN network, the server's httpd on ports 8001 and 8002, a NetworkAcl on the server's NIC
// that lets one of them in, and a NetworkLoadBalancer in front of the server on an address the uplink routes to OVN.
// From the client the allowed port answers and the other is refused; from the host the balancer returns the
// server's page; a deploy that changes the ACL's port swaps what answers, and destroy leaves nothing behind.
import { execFileSync } from "node:child_process";
import { randomInt } from "node:crypto";
import type { TerraformStack } from "cdktf";
import { AclAction, AclProtocol, Instance, NetworkAcl, NetworkLoadBalancer } from "../../../lib";
import { TEST_IMAGE } from "../../support/incus";
import { listenPrefix, ovnStackBase, ovnSubnet } from "./ovn-support";
import { getInstance, incusConstructsSuite, incusQuery, shIn, StackRun } from "./support";

jest.setTimeout(300_000);

const suite = incusConstructsSuite("ovn");
const subnet = ovnSubnet();
const serverAddress = `${subnet}.10`;
/** The balancer's listen address, from the uplink's routed subnet (ipv4.routes), found before the test. */
let balancerAddress = "";
let networkName = "";
let stackName = "";

beforeAll(() => {
  balancerAddress = `${listenPrefix()}.${randomInt(2, 254)}`;
});

function quiet(args: string[]): void {
  try {
    execFileSync("incus", args, { stdio: "ignore" });
  } catch {
    /* already gone */
  }
}

afterAll(() => {
  // Should the test fail before its destroy: the balancer first (it holds the network), then what uses the ACL.
  if (networkName) quiet(["network", "load-balancer", "delete", networkName, balancerAddress]);
  if (!stackName) return;
  for (const name of ["server", "client"]) quiet(["delete", "--force", `${stackName}-${name}`]);
  if (networkName) quiet(["network", "delete", networkName]);
  quiet(["network", "acl", "delete", `${stackName}-web`]);
});

/** The busybox image runs no DHCP client: the exec gives eth0 its fixed address and a default route. */
function networkExec(address: string) {
  return {
    command: ["sh", "-c", `ip addr add ${address}/24 dev eth0 && ip route add default via ${subnet}.1`],
  };
}

/** The stack: the OVN network, the ACL letting TCP `allowedPort` in, server and client, the balancer on port 80. */
function build(stack: TerraformStack, allowedPort: number): void {
  const { host, pool, network } = ovnStackBase(stack, subnet);
  const acl = new NetworkAcl(stack, "web", {
    host,
    ingress: [{ action: AclAction.ALLOW, protocol: AclProtocol.TCP, destinationPorts: [allowedPort] }],
  });
  const page = (n: number) => ({ path: `/srv/${n}/index.html`, content: `page ${n}\n`, createDirectories: true });
  const server = new Instance(stack, "server", {
    host,
    network,
    incus: {
      image: TEST_IMAGE,
      rootDisk: { pool },
      ipv4Address: serverAddress,
      acls: [acl],
      files: [page(8001), page(8002)],
      exec: {
        "10-network": networkExec(serverAddress),
        "20-httpd": {
          command: [
            "sh",
            "-c",
            "for p in 8001 8002; do setsid httpd -p $p -h /srv/$p </dev/null >/dev/null 2>&1; done",
          ],
        },
      },
    },
  });
  new Instance(stack, "client", {
    host,
    network,
    incus: {
      image: TEST_IMAGE,
      rootDisk: { pool },
      ipv4Address: `${subnet}.20`,
      exec: { "10-network": networkExec(`${subnet}.20`) },
    },
  });
  new NetworkLoadBalancer(stack, "lb", {
    network,
    listenAddress: balancerAddress,
    backends: [{ name: "server", target: server, targetPort: 8001 }],
    ports: [{ listenPort: 80, backends: ["server"] }],
  });
}

/**
 * Open vSwitch's userspace datapath (this host has no openvswitch kernel module) does not finish checksums a veth
 * leaves to transmit offload: without this, TCP from the container is dropped (ping still works). Done from the host
 * in the container's network namespace, since the busybox image has no ethtool; harmless with the kernel datapath.
 */
function computeChecksums(instance: string): void {
  const pid = incusQuery(`/1.0/instances/${instance}/state`).pid;
  execFileSync("nsenter", ["-t", String(pid), "-n", "ethtool", "-K", "eth0", "tx", "off"], { stdio: "pipe" });
}

/** What the client sees fetching the server's port: the page or wget's error, and wget's exit code. */
function fetchFromClient(port: number): string {
  return shIn(
    `${stackName}-client`,
    `timeout 5 wget -q -O - http://${serverAddress}:${port}/ 2>&1; echo "exit $?"`,
  ).trim();
}

/** GET of the balancer's port 80 from the host: the body, or the error. */
async function fetchThroughBalancer(): Promise<string> {
  try {
    const res = await fetch(`http://${balancerAddress}/`, { signal: AbortSignal.timeout(5000) });
    return `${res.status} ${await res.text()}`;
  } catch (err) {
    return `error: ${(err as Error).message}`;
  }
}

/** Polls `probe` until it returns `expected` (OVN applies a changed ACL a moment later), at most 10 more times. */
async function settle<T>(probe: () => T | Promise<T>, expected: T): Promise<T> {
  let last = await probe();
  for (let i = 0; i < 10 && last !== expected; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    last = await probe();
  }
  return last;
}

const REFUSED = /Connection refused\nexit 1$/;

test("OVN traffic: an ACL on the server's NIC lets one port in, the balancer reaches the server, an ACL change swaps the ports", async () => {
  const run = new StackRun(`${suite.prefix}-tr`);
  suite.runs.push(run);
  stackName = run.stackName;

  run.synth((stack) => build(stack, 8001));
  await run.deploy();
  const server = getInstance(`${stackName}-server`);
  networkName = server.devices.eth0.network;
  expect(incusQuery(`/1.0/networks/${networkName}`).type).toBe("ovn");
  expect(server.devices.eth0["security.acls"]).toBe(`${stackName}-web`);
  for (const name of ["server", "client"]) computeChecksums(`${stackName}-${name}`);

  // Both servers answer inside the server; from the client only the port the ACL allows does.
  expect(shIn(`${stackName}-server`, "wget -q -O - http://127.0.0.1:8002/")).toBe("page 8002\n");
  expect(await settle(() => fetchFromClient(8001), "page 8001\nexit 0")).toBe("page 8001\nexit 0");
  expect(fetchFromClient(8002)).toMatch(REFUSED);
  // From the host through the balancer's listen address to the server's port 8001.
  expect(await settle(fetchThroughBalancer, "200 page 8001\n")).toBe("200 page 8001\n");

  // The ACL now allows 8002 only: updated in place, the traffic follows (the balancer's port 8001 is shut too).
  run.synth((stack) => build(stack, 8002));
  const plan = await run.plan();
  expect(plan.output).toMatch(/Plan: 0 to add, 1 to change, 0 to destroy/);
  expect(plan.output).toMatch(/incus_network_acl\.web will be updated in-place/);
  await run.deploy();
  expect(await settle(() => fetchFromClient(8002), "page 8002\nexit 0")).toBe("page 8002\nexit 0");
  expect(fetchFromClient(8001)).toMatch(REFUSED);
  expect(await fetchThroughBalancer()).toMatch(/^error: /);

  expect((await run.destroy()).code).toBe(0);
  expect(incusQuery(`/1.0/networks/${networkName}`)).toBeUndefined();
  expect(incusQuery(`/1.0/network-acls/${stackName}-web`)).toBeUndefined();
  expect(getInstance(`${stackName}-server`)).toBeUndefined();
});
