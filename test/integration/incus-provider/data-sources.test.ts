// The incus data sources added for parity with the official provider, against the real terraform and incusd: each
// reads an object the test made through the REST API and its outputs show the object's attributes; a missing
// object, or a kind of object the server cannot have, is an error that names it.
import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestContainer, makeCertificate } from "../../support/incus";
import type { Harness } from "./provider-harness";
import { harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("ds");
});

afterAll(async () => {
  await h?.close();
});

/** POST to a collection (project-scoped unless told otherwise) and register the object's deletion. */
async function createObject(collection: string, body: { readonly name: string }, project = true): Promise<void> {
  const scope = project ? { project: true } : {};
  await h.client.api.write("POST", `/1.0/${collection}`, undefined, scope, { json: body });
  h.cleanup.add(`${collection} ${body.name}`, () =>
    h.client.api.write("DELETE", `/1.0/${collection}/${encodeURIComponent(body.name)}`, undefined, scope),
  );
}

/** A managed bridge with its own /24 (no NAT, no DHCP) and a forward of `listen` port 80 to .5:8080 in it. */
async function bridgeWithForward(listen: string): Promise<{ readonly name: string; readonly target: string }> {
  const name = `t-d-${randomBytes(4).toString("hex")}`;
  const subnet = `10.${randomInt(200, 250)}.${randomInt(0, 255)}`;
  h.cleanup.add(`network ${name}`, () => h.client.networks.delete(name));
  await h.client.networks.create({
    name,
    config: {
      "ipv4.address": `${subnet}.1/24`,
      "ipv4.nat": "false",
      "ipv4.dhcp": "false",
      "ipv6.address": "none",
    },
  });
  const target = `${subnet}.5`;
  const forwards = `/1.0/networks/${encodeURIComponent(name)}/forwards`;
  await h.client.api.write(
    "POST",
    forwards,
    undefined,
    { project: true },
    {
      json: {
        listen_address: listen,
        description: "web",
        config: { "user.role": "test" },
        ports: [
          { protocol: "tcp", listen_port: "80", target_address: target, target_port: "8080", description: "http" },
        ],
      },
    },
  );
  h.cleanup.add(`forward ${listen}`, () => h.client.api.write("DELETE", `${forwards}/${listen}`, undefined, {}));
  return { name, target };
}

test("each data source reads a real object and shows its attributes", async () => {
  const instance = h.name("c");
  await createTestContainer(h.client, h.cleanup, instance, { start: false });
  const created = (await h.client.instances.get(instance)).value;
  await h.client.instances.update(instance, {
    ...created,
    description: "read me",
    config: { ...created.config, "user.role": "test" },
  });
  const acl = h.name("acl");
  await createObject("network-acls", {
    name: acl,
    description: "acl",
    config: { "user.role": "test" },
    ingress: [{ action: "allow", source: "192.0.2.0/24", protocol: "tcp", destination_port: "22", state: "enabled" }],
    egress: [{ action: "reject", destination: "198.51.100.1", state: "disabled", description: "no" }],
  } as { name: string });
  const zone = `${h.name("z")}.example.test`;
  await createObject("network-zones", { name: zone, description: "zone", config: { "user.role": "test" } } as {
    name: string;
  });
  const integration = h.name("i");
  await createObject(
    "network-integrations",
    { name: integration, type: "ovn", description: "ovn" } as { name: string },
    false,
  );
  const listen = `192.0.2.${randomInt(2, 250)}`;
  const bridge = await bridgeWithForward(listen);

  h.config(`
data "incus_instance" "c" { name = "${instance}" }
data "incus_network_acl" "acl" { name = "${acl}" }
data "incus_network_zone" "z" { name = "${zone}" }
data "incus_network_integration" "i" { name = "${integration}" }
data "incus_network_forward" "f" {
  network        = "${bridge.name}"
  listen_address = "${listen}"
}
data "incus_cluster" "this" {}
output "all" {
  value = {
    instance = {
      description  = data.incus_instance.c.description
      status       = data.incus_instance.c.status
      type         = data.incus_instance.c.type
      profiles     = data.incus_instance.c.profiles
      ephemeral    = data.incus_instance.c.ephemeral
      stateful     = data.incus_instance.c.stateful
      role         = data.incus_instance.c.config["user.role"]
      architecture = data.incus_instance.c.architecture
      devices      = [for d in data.incus_instance.c.device : "\${d.name}:\${d.type}:\${d.properties["pool"]}"]
    }
    acl = {
      description = data.incus_network_acl.acl.description
      config      = data.incus_network_acl.acl.config
      ingress     = data.incus_network_acl.acl.ingress
      egress      = data.incus_network_acl.acl.egress
    }
    zone        = [data.incus_network_zone.z.description, data.incus_network_zone.z.config]
    integration = [data.incus_network_integration.i.description, data.incus_network_integration.i.type]
    forward = {
      description = data.incus_network_forward.f.description
      config      = data.incus_network_forward.f.config
      ports       = data.incus_network_forward.f.ports
    }
    cluster = [data.incus_cluster.this.is_clustered, data.incus_cluster.this.members == null]
  }
}
`);
  await h.apply();
  const out = JSON.parse((await h.run(["output", "-json", "all"])).stdout);
  const live = (await h.client.instances.get(instance)).value;
  const rule = {
    action: null,
    source: null,
    destination: null,
    protocol: null,
    source_port: null,
    destination_port: null,
    icmp_type: null,
    icmp_code: null,
    description: null,
    state: null,
  };
  // Incus leaves empty rule fields out; they read as null, as with the official provider.
  expect(out).toEqual({
    instance: {
      description: "read me",
      status: "Stopped",
      type: "container",
      profiles: ["default"],
      ephemeral: false,
      stateful: false,
      role: "test",
      architecture: live.architecture,
      devices: ["root:disk:cdktf-virt-test"],
    },
    acl: {
      description: "acl",
      config: { "user.role": "test" },
      ingress: [
        {
          ...rule,
          action: "allow",
          source: "192.0.2.0/24",
          protocol: "tcp",
          destination_port: "22",
          state: "enabled",
        },
      ],
      egress: [{ ...rule, action: "reject", destination: "198.51.100.1", state: "disabled", description: "no" }],
    },
    zone: ["zone", { "user.role": "test" }],
    integration: ["ovn", "ovn"],
    forward: {
      description: "web",
      config: { "user.role": "test" },
      ports: [
        {
          description: "http",
          protocol: "tcp",
          listen_port: "80",
          target_address: bridge.target,
          target_port: "8080",
          snat: null,
        },
      ],
    },
    cluster: [false, true],
  });
});

test("a missing object is an error naming it, its parent and project; a missing API extension says so", async () => {
  const missing = h.name("nope");
  h.config(`
data "incus_instance" "c" {
  name    = "${missing}"
  project = "default"
}
data "incus_network_acl" "acl" { name = "${missing}-acl" }
data "incus_network_zone" "z" { name = "${missing}.example.test" }
data "incus_network_integration" "i" { name = "${missing}-int" }
data "incus_network_forward" "f" {
  network        = "${missing}-net"
  listen_address = "192.0.2.1"
}
data "incus_network_peer" "p" {
  network = "${missing}-net"
  name    = "${missing}-peer"
}
data "incus_network_load_balancer" "lb" {
  network        = "${missing}-net"
  listen_address = "192.0.2.2"
}
data "incus_storage_bucket" "b" {
  storage_pool = "cdktf-virt-test"
  name         = "${missing}-bucket"
}
data "incus_network_address_set" "as" { name = "${missing}-set" }
data "incus_profile" "p" { name = "${missing}-profile" }
data "incus_certificate" "c" { fingerprint = "00000000deadbeef" }
data "incus_project" "p" { name = "${missing}-project" }
data "incus_network" "n" { name = "${missing}-network" }
data "incus_storage_pool" "p" { name = "${missing}-pool" }
data "incus_storage_volume" "v" {
  storage_pool = "cdktf-virt-test"
  type         = "custom"
  name         = "${missing}-volume"
}
`);
  const r = await h.run(["plan", "-input=false", "-no-color"]);
  expect(r.code).not.toBe(0);
  // Terraform wraps diagnostics and frames them with "│"; match on the words.
  const text = r.output.replace(/[\s│]+/g, " ");
  const said = (pattern: RegExp): void => {
    if (!pattern.test(text)) throw new Error(`expected terraform output to match ${pattern}:\n${r.output}`);
  };
  const q = (s: string) => JSON.stringify(s).replace(/[.]/g, "\\.");
  said(new RegExp(`Instance ${q(missing)} not found`));
  said(new RegExp(`no instance ${q(missing)} in project "default", remote "[^"]+"`));
  said(new RegExp(`Network ACL ${q(`${missing}-acl`)} not found`));
  said(new RegExp(`Network zone ${q(`${missing}.example.test`)} not found`));
  said(new RegExp(`no network integration ${q(`${missing}-int`)} in remote`));
  said(new RegExp(`Network forward "192\\.0\\.2\\.1" not found`));
  said(new RegExp(`in network ${q(`${missing}-net`)}, project "default"`));
  said(new RegExp(`Network peer ${q(`${missing}-peer`)} not found`));
  said(new RegExp(`Network load balancer "192\\.0\\.2\\.2" not found`));
  said(new RegExp(`Storage bucket ${q(`${missing}-bucket`)} not found`));
  said(new RegExp(`Profile ${q(`${missing}-profile`)} not found`));
  said(/Certificate "00000000deadbeef" not found/);
  said(new RegExp(`no project ${q(`${missing}-project`)} in remote`));
  said(new RegExp(`Network ${q(`${missing}-network`)} not found`));
  said(new RegExp(`no storage pool ${q(`${missing}-pool`)} in remote`));
  said(new RegExp(`no storage volume ${q(`${missing}-volume`)} in storage pool "cdktf-virt-test" \\(type "custom"\\)`));
  // Incus 6.0 has no network address sets: the server is too old, not the name wrong.
  const server = (await h.client.server.get()).value;
  expect(server.api_extensions).not.toContain("network_address_set");
  said(/The Incus server does not support network address sets/);
  said(/lacks the API extension "network_address_set"/);
});

test("incus_certificate reads a trusted certificate by fingerprint prefix", async () => {
  const dir = mkdtempSync(join(tmpdir(), "t-ds-cert-"));
  const pem = makeCertificate(dir, h.name("cert")).cert;
  rmSync(dir, { recursive: true, force: true });
  const fingerprint = await h.client.certificates.add({
    certificate: pem,
    name: h.name("cert"),
    description: "read me",
    restricted: true,
    projects: ["default"],
  });
  h.cleanup.add(`certificate ${fingerprint}`, () => h.client.certificates.delete(fingerprint));
  h.config(`
data "incus_certificate" "c" { fingerprint = "${fingerprint.slice(0, 16)}" }
output "c" {
  value = {
    fingerprint = data.incus_certificate.c.fingerprint
    name        = data.incus_certificate.c.name
    description = data.incus_certificate.c.description
    type        = data.incus_certificate.c.type
    restricted  = data.incus_certificate.c.restricted
    projects    = data.incus_certificate.c.projects
    pem         = startswith(data.incus_certificate.c.certificate, "-----BEGIN CERTIFICATE-----")
  }
}
`);
  await h.apply();
  expect(JSON.parse((await h.run(["output", "-json", "c"])).stdout)).toEqual({
    fingerprint,
    name: h.name("cert"),
    description: "read me",
    type: "client",
    restricted: true,
    projects: ["default"],
    pem: true,
  });
});

test("an empty project or target is refused at plan time, at the argument", async () => {
  h.config(`
data "incus_network_acl" "acl" {
  name    = "any"
  project = ""
}
data "incus_storage_bucket" "b" {
  storage_pool = "cdktf-virt-test"
  name         = "any"
  target       = ""
}
`);
  const r = await h.run(["plan", "-input=false", "-no-color"]);
  expect(r.code).not.toBe(0);
  const text = r.output.replace(/[\s│]+/g, " ");
  // The error points at the argument: Terraform quotes its line.
  const at = (block: string, line: string): RegExp =>
    new RegExp(
      `with ${block.replace(/[.]/g, "\\.")}, on main\\.tf line \\d+, in data [^:]+: \\d+: ${line} The value must not be empty`,
    );
  expect(text).toMatch(at("data.incus_network_acl.acl", 'project = ""'));
  expect(text).toMatch(at("data.incus_storage_bucket.b", 'target = ""'));
});
