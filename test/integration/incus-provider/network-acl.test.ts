// incus_network_acl against the real terraform and incusd: create, read back, update in place, drift, import,
// replace, destroy; ICMP fields on a non-ICMP rule are refused at plan time; and an ACL attached to a bridge this
// file creates (security.acls) lets a container's TCP listener be reached, then not, as its rule changes in place.
import { randomBytes, randomInt } from "node:crypto";
import { connect } from "node:net";
import { createTestContainer } from "../../support/incus";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("acl");
});

afterAll(async () => {
  await h?.close();
});

function aclName(suffix: string): string {
  const name = h.name(suffix);
  h.cleanup.add(`network ACL ${name}`, () => h.client.networkACLs.delete(name));
  return name;
}

function acl(name: string, description: string, extraIngress = ""): string {
  return `resource "incus_network_acl" "a" {
  name        = "${name}"
  description = "${description}"
  config = {
    "user.role" = "web"
  }

  egress = [
    {
      description      = "DNS"
      action           = "allow"
      destination      = "1.1.1.1,1.0.0.1"
      destination_port = "53"
      protocol         = "udp"
      state            = "enabled"
    },
  ]

  ingress = [
    {
      action           = "allow"
      source           = "@external"
      destination_port = "22"
      protocol         = "tcp"
      state            = "logged"
    },
${extraIngress}
  ]
}
`;
}

const PING = `    {
      action    = "allow"
      protocol  = "icmp4"
      icmp_type = "8"
      state     = "enabled"
    },`;

test("incus_network_acl create, no-op plan, update, drift, import, replace, destroy", async () => {
  const name = aclName("a");
  h.config(acl(name, "first"));
  await h.apply();

  const live = (await h.client.networkACLs.get(name)).value;
  expect(live.description).toBe("first");
  expect(live.config).toEqual({ "user.role": "web" });
  expect(live.egress).toEqual([
    expect.objectContaining({
      action: "allow",
      destination: "1.1.1.1,1.0.0.1",
      destination_port: "53",
      protocol: "udp",
      description: "DNS",
      state: "enabled",
    }),
  ]);
  expect(live.ingress).toEqual([
    expect.objectContaining({ action: "allow", source: "@external", destination_port: "22", state: "logged" }),
  ]);
  const state = await h.ws.resource("incus_network_acl.a");
  expect(state?.values.ingress).toEqual([
    {
      action: "allow",
      source: "@external",
      destination: "",
      destination_port: "22",
      source_port: "",
      protocol: "tcp",
      description: "",
      state: "logged",
      icmp_type: "",
      icmp_code: "",
    },
  ]);
  await h.expectNoChanges();

  // In place: a new rule and a new description.
  h.config(acl(name, "second", PING));
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  const updated = (await h.client.networkACLs.get(name)).value;
  expect(updated.description).toBe("second");
  expect(updated.ingress).toHaveLength(2);
  expect(updated.ingress).toContainEqual(
    expect.objectContaining({ protocol: "icmp4", icmp_type: "8", action: "allow", state: "enabled" }),
  );
  await h.expectNoChanges();

  // Drift: a rule changed and a config key added out of band show in the plan; apply puts them back.
  const current = await h.client.networkACLs.get(name);
  await h.client.networkACLs.update(name, {
    description: current.value.description,
    config: { ...current.value.config, "user.extra": "x" },
    egress: (current.value.egress ?? []).map((r) => ({ ...r, action: "drop" })),
    ingress: current.value.ingress ?? [],
  });
  const drift = await h.expectChanges();
  expect(drift).toMatch(/"drop"/);
  expect(drift).toMatch(/"user\.extra"/);
  await h.apply();
  const restored = (await h.client.networkACLs.get(name)).value;
  expect(restored.egress?.[0].action).toBe("allow");
  expect(restored.config["user.extra"]).toBeUndefined();
  await h.expectNoChanges();

  // Import: the plan right after is empty.
  await h.ws.ok(["state", "rm", "incus_network_acl.a"]);
  await h.import("incus_network_acl.a", name);
  await h.expectNoChanges();

  // Deleted out of band: planned for creation again.
  await h.client.networkACLs.delete(name);
  expectOutput(await h.apply(), /1 added, 0 changed, 0 destroyed/);
  expect(await h.client.networkACLs.find(name)).toBeDefined();

  // A new name replaces the ACL.
  const other = aclName("b");
  h.config(acl(other, "second", PING));
  expectOutput(await h.apply(), /1 added, 0 changed, 1 destroyed/);
  expect(await h.client.networkACLs.find(name)).toBeUndefined();
  expect(await h.client.networkACLs.find(other)).toBeDefined();

  await h.ws.destroy();
  expect(await h.client.networkACLs.find(other)).toBeUndefined();
});

test("incus_network_acl rules removed in place leave null sets and an empty ACL", async () => {
  const name = aclName("empty");
  h.config(acl(name, "with rules"));
  await h.apply();
  expect((await h.client.networkACLs.get(name)).value.ingress).toHaveLength(1);

  h.config(`resource "incus_network_acl" "a" {\n  name = "${name}"\n}\n`);
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  const live = (await h.client.networkACLs.get(name)).value;
  expect(live.ingress ?? []).toEqual([]);
  expect(live.egress ?? []).toEqual([]);
  expect(live.description).toBe("");
  expect(live.config).toEqual({});
  const state = await h.ws.resource("incus_network_acl.a");
  expect(state?.values).toMatchObject({ egress: null, ingress: null, description: "", config: {} });
  await h.expectNoChanges();
  await h.ws.destroy();
  expect(await h.client.networkACLs.find(name)).toBeUndefined();
});

test("incus_network_acl refuses icmp_type on a tcp rule at plan time, at the attribute", async () => {
  const name = aclName("icmp");
  h.config(`resource "incus_network_acl" "bad" {
  name = "${name}"
  ingress = [
    {
      action    = "allow"
      protocol  = "tcp"
      icmp_type = "8"
      state     = "enabled"
    },
  ]
}
`);
  const plan = await h.run(["plan", "-input=false", "-no-color"]);
  expect(plan.code).toBe(1);
  expectOutput(plan, /ICMP type and code apply only to icmp4 and icmp6 rules/);
  // Terraform cannot address one element of a set: the diagnostic points at the resource.
  expectOutput(plan, /with incus_network_acl\.bad/);
  expect(await h.client.networkACLs.find(name)).toBeUndefined();
});

/** What a TCP server at host:port sends before closing, or "timeout" when nothing answers within 3 s. */
function greeting(host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: 3000 });
    let data = "";
    socket.on("data", (chunk) => (data += chunk.toString()));
    socket.on("end", () => resolve(data));
    socket.on("timeout", () => {
      socket.destroy();
      resolve("timeout");
    });
    socket.on("error", reject);
  });
}

/** greeting(), asked again while the port refuses: the listener starts in the background and may not be up yet. */
async function greetingOnceListening(host: string, port: number): Promise<string> {
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      return await greeting(host, port);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ECONNREFUSED" || Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

test("incus_network_acl attached to a bridge filters traffic: allow, then drop after an in-place update", async () => {
  const acl = aclName("traffic");
  const bridge = `t-a-${randomBytes(4).toString("hex")}`;
  h.cleanup.add(`network ${bridge}`, () => h.client.networks.delete(bridge));
  const subnet = `10.214.${randomInt(100, 250)}`;
  const config = (action: string): string => `resource "incus_network_acl" "web" {
  name = "${acl}"
  ingress = [
    {
      action           = "${action}"
      protocol         = "tcp"
      destination_port = "80"
      state            = "enabled"
    },
  ]
}

resource "incus_network" "br" {
  name = "${bridge}"
  config = {
    "ipv4.address"  = "${subnet}.1/24"
    "ipv4.nat"      = "false"
    "ipv4.dhcp"     = "false"
    "ipv6.address"  = "none"
    "security.acls" = incus_network_acl.web.name
  }
}
`;
  h.config(config("allow"));
  await h.apply();
  expect((await h.client.networks.get(bridge)).value.config["security.acls"]).toBe(acl);

  const container = h.name("acl-c");
  await createTestContainer(h.client, h.cleanup, container, {
    devices: { eth0: { type: "nic", network: bridge, name: "eth0" } },
  });
  const setup = await h.client.exec.run(container, [
    "sh",
    "-c",
    `ip addr add ${subnet}.2/24 dev eth0 && ip link set eth0 up && ` +
      `(setsid sh -c 'while true; do echo hello-acl | nc -l -p 80; done' </dev/null >/dev/null 2>&1 &)`,
  ]);
  expect(setup.exitCode).toBe(0);
  expect(await greetingOnceListening(`${subnet}.2`, 80)).toBe("hello-acl\n");

  h.config(config("drop"));
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  expect(await greeting(`${subnet}.2`, 80)).toBe("timeout");

  h.config(config("allow"));
  await h.apply();
  expect(await greeting(`${subnet}.2`, 80)).toBe("hello-acl\n");

  await h.client.instanceState.stop(container, { force: true });
  await h.client.instances.delete(container);
  await h.ws.destroy();
  expect(await h.client.networkACLs.find(acl)).toBeUndefined();
});
