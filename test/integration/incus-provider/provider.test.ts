// The provider block against the real terraform and incusd: remotes from HCL, config.yml and the INCUS_*
// environment; default_remote; clear errors for unknown remotes and bad settings; an HTTPS remote trusted
// with a one-time token (client certificates generated, server certificate pinned); apply -parallelism=10.
import { execFileSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TEST_POOL } from "../../support/incus";
import { localHttpsUrl } from "../../support/incus-https";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("prov");
});

afterAll(async () => {
  await h?.close();
});

function profiles(names: string[], remote?: string): string {
  return names
    .map(
      (n, i) => `resource "incus_profile" "p${i}" {\n  name = "${n}"\n${remote ? `  remote = "${remote}"\n` : ""}}\n`,
    )
    .join("");
}

function track(name: string): string {
  h.cleanup.add(`profile ${name}`, () => h.client.profiles.delete(name));
  return name;
}

test("remotes from remote blocks, config.yml and the environment; default_remote", async () => {
  const confDir = join(h.ws.root, "incus-conf");
  mkdirSync(confDir);
  writeFileSync(
    join(confDir, "config.yml"),
    "default-remote: fromfile\nremotes:\n  fromfile:\n    addr: unix://\n    protocol: incus\n",
  );
  const [a, b, c] = [track(h.name("a")), track(h.name("b")), track(h.name("c"))];
  h.config(
    `resource "incus_profile" "a" {\n  name = "${a}"\n}\n` +
      `resource "incus_profile" "b" {\n  name = "${b}"\n  remote = "fromfile"\n}\n` +
      `resource "incus_profile" "c" {\n  name = "${c}"\n  remote = "sock"\n}\n`,
    `  config_dir     = "${confDir}"\n  default_remote = "sock"\n  remote {\n    name    = "sock"\n    address = "unix:///var/lib/incus/unix.socket"\n  }`,
  );
  await h.apply();
  for (const n of [a, b, c]) expect(await h.client.profiles.find(n)).toBeDefined();
  await h.expectNoChanges();

  // The INCUS_* environment remote is usable by name.
  h.config(
    `resource "incus_profile" "e" {\n  name = "${a}"\n  remote = "envremote"\n}\n`,
    `  config_dir = "${confDir}"`,
  );
  await h.ws.ok(["state", "rm", "incus_profile.a", "incus_profile.b", "incus_profile.c"]);
  const env = { INCUS_REMOTE: "envremote", INCUS_ADDR: "unix://" };
  await h.ws.ok(["import", "-input=false", "incus_profile.e", `envremote:${a}`], { env });
  const plan = await h.ws.run(["plan", "-detailed-exitcode", "-input=false"], { env });
  expect(plan.code).toBe(0);
  // Without the environment the remote is unknown: the error names it and lists the known ones.
  const missing = await h.run(["plan", "-input=false"]);
  expect(missing.code).not.toBe(0);
  expectOutput(missing, /Unknown remote "envremote".*known remotes: fromfile, local/s);
  await h.ws.ok(["destroy", "-auto-approve", "-input=false"], { env });
  expect(await h.client.profiles.find(a)).toBeUndefined();
});

test("invalid provider settings are reported with their attribute", async () => {
  h.config(
    `resource "incus_profile" "x" {\n  name = "${h.name("x")}"\n}\n`,
    `  wait_timeout = "soon"\n  default_remote = "ghost"`,
  );
  const r = await h.run(["plan", "-input=false"]);
  expect(r.code).not.toBe(0);
  expectOutput(r, /"soon" is not a duration/);
  h.config(`resource "incus_profile" "x" {\n  name = "${h.name("x")}"\n}\n`, `  default_remote = "ghost"`);
  const r2 = await h.run(["plan", "-input=false"]);
  expectOutput(r2, /Unknown default remote/);
  expectOutput(r2, /default_remote is "ghost"/);
});

test("apply -parallelism=10 creates and destroys twenty objects against one daemon", async () => {
  const names = Array.from({ length: 20 }, (_, i) => track(h.name(`par${i}`)));
  h.config(profiles(names));
  await h.apply(["-parallelism=10"]);
  for (const n of names) expect(await h.client.profiles.find(n)).toBeDefined();
  await h.expectNoChanges();
  await h.ws.ok(["destroy", "-auto-approve", "-input=false", "-parallelism=10"]);
  for (const n of names) expect(await h.client.profiles.find(n)).toBeUndefined();
});

test("an HTTPS remote trusted with a token: certificates generated and pinned, later runs need no token", async () => {
  // HTTPS needs the daemon to listen on the network: its own listener, or the one of this test run.
  const url = await localHttpsUrl(h.client);
  const server = (await h.client.server.get()).value;
  const certName = h.name("cert");
  const token = execFileSync("incus", ["config", "trust", "add", certName, "--quiet"], { encoding: "utf8" }).trim();
  h.cleanup.add("unused trust token", async () => {
    try {
      execFileSync("incus", ["config", "trust", "revoke-token", certName], { stdio: "ignore" });
    } catch {
      // already used by the test: nothing to revoke
    }
  });
  const confDir = join(h.ws.root, "tls-conf");
  h.cleanup.add("trusted client certificate", async () => {
    const pem = readFileSync(join(confDir, "client.crt"), "utf8");
    const fp = new X509Certificate(pem).fingerprint256.replace(/:/g, "").toLowerCase();
    await h.client.certificates.delete(fp);
  });
  const name = track(h.name("tls"));
  const provider = (withToken: boolean) =>
    `  config_dir = "${confDir}"\n  generate_client_certificates = true\n  remote {\n    name    = "tls"\n    address = "${url}"\n${
      withToken ? `    token   = "${token}"\n` : ""
    }  }`;
  h.config(profiles([name], "tls"), provider(true));
  await h.apply();

  expect(await h.client.profiles.find(name)).toBeDefined();
  // The server certificate was accepted because it matched the token's fingerprint, and pinned like the CLI does.
  const pinned = readFileSync(join(confDir, "servercerts", "tls.crt"), "utf8");
  expect(new X509Certificate(pinned).fingerprint256.replace(/:/g, "").toLowerCase()).toBe(
    server.environment?.certificate_fingerprint,
  );
  expect(existsSync(join(confDir, "client.key"))).toBe(true);
  const clientFp = new X509Certificate(readFileSync(join(confDir, "client.crt"), "utf8")).fingerprint256
    .replace(/:/g, "")
    .toLowerCase();
  expect((await h.client.certificates.list()).some((c) => c.fingerprint === clientFp)).toBe(true);

  // The token is spent; the pinned certificate and the trusted client certificate carry later runs.
  h.config(profiles([name], "tls"), provider(false));
  await h.expectNoChanges();
  await h.ws.destroy();
  expect(await h.client.profiles.find(name)).toBeUndefined();
});

test("data sources read existing pools, volumes, profiles, projects and networks", async () => {
  const volume = h.name("dsvol");
  const network = `t-d-${h.name().slice(-8)}`;
  h.cleanup.add(`volume ${volume}`, () => h.client.storageVolumes.delete(TEST_POOL, volume));
  h.cleanup.add(`network ${network}`, () => h.client.networks.delete(network));
  await h.client.storageVolumes.create(TEST_POOL, { name: volume, content_type: "block", config: { size: "8MiB" } });
  await h.client.networks.create({
    name: network,
    description: "ds",
    config: { "ipv4.address": "none", "ipv6.address": "none" },
  });
  h.config(`
data "incus_storage_pool" "pool" { name = "${TEST_POOL}" }
data "incus_storage_volume" "vol" {
  name         = "${volume}"
  type         = "custom"
  storage_pool = data.incus_storage_pool.pool.name
}
data "incus_profile" "default" { name = "default" }
data "incus_project" "default" { name = "default" }
data "incus_network" "net" { name = "${network}" }
output "all" {
  value = {
    driver       = data.incus_storage_pool.pool.driver
    content_type = data.incus_storage_volume.vol.content_type
    size         = data.incus_storage_volume.vol.config["size"]
    profile      = data.incus_profile.default.name
    project_cfg  = data.incus_project.default.config
    net_type     = data.incus_network.net.type
    net_managed  = data.incus_network.net.managed
    net_desc     = data.incus_network.net.description
  }
}
`);
  await h.apply();
  const out = JSON.parse((await h.run(["output", "-json", "all"])).stdout);
  const project = (await h.client.projects.get("default")).value;
  expect(out).toEqual({
    driver: "dir",
    content_type: "block",
    size: "8MiB",
    profile: "default",
    project_cfg: project.config,
    net_type: "bridge",
    net_managed: true,
    net_desc: "ds",
  });
  // A missing object is an error that names it.
  h.config(`data "incus_profile" "missing" { name = "${h.name("nope")}" }\n`);
  const r = await h.run(["plan", "-input=false"]);
  expect(r.code).not.toBe(0);
  expectOutput(r, /not found/i);
});
