// `cdktf-virt import` round trip on the real incusd and terraform: objects created out of band with the REST client
// (a container with a root disk, a custom volume mounted in it, an isolated network, a profile, a network zone with
// a record, a network ACL with rules, a network forward to the container's fixed address) → import with
// --prefix → the generated TypeScript type-checks, runs and synthesizes → terraform apply imports everything and
// only adds the ownership marker (no create, no destroy, same instance) → the plan after it is empty.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { main } from "../../../lib/tooling/import-host";
import type { IncusClient } from "../../../lib/incus";
import { Cleanup, createTestContainer, requireIncus, TEST_POOL, testClient } from "../../support/incus";
import { ensureBundledProviders, terraformBinary } from "../../support/terraform";

/** A resource's values before or after a planned change, as `terraform show -json` prints them. */
interface ResourceValues {
  config: Record<string, string> | null;
  [key: string]: unknown;
}

const ROOT = join(__dirname, "..", "..", "..");
const LIB = join(ROOT, "lib");
const NODE_MODULES = join(ROOT, "node_modules");
// Short enough that the network name (prefix + "n") stays within Incus's 15 characters.
const prefix = `t-imp${randomBytes(3).toString("hex")}-`;
const names = {
  instance: `${prefix}c1`,
  volume: `${prefix}vol`,
  network: `${prefix}n`,
  profile: `${prefix}prof`,
  zone: `${prefix}z.example.org`,
  acl: `${prefix}acl`,
};
// A subnet of its own for the network (the container has a fixed address in it, which the forward targets) and a
// listen address from TEST-NET-2, which nothing routes, so the forward reaches nothing outside the host.
const octet = (n: number) => 2 + (randomBytes(1)[0] % n);
const subnet = `10.${octet(250)}.${octet(250)}`;
const fixedAddress = `${subnet}.10`;
const listenAddress = `198.51.100.${octet(250)}`;
/** The logical id of the zone's resource: its construct id without the dots. */
const zoneId = names.zone.replace(/\./g, "");
/** The logical id of the forward's resource (its construct id is "<network>-<listen address>"). */
const forwardId = `${names.network}-${listenAddress}`.replace(/\./g, "");

let client: IncusClient;
const cleanup = new Cleanup();
let dir: string;

/** Runs a program, returning its output; throws with everything it printed when it fails. */
function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  const r = spawnSync(cmd, args, { cwd, env: { ...process.env, ...env }, encoding: "utf8", timeout: 240_000 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited with ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

function terraform(stackDir: string, args: string[], okCodes = [0]): { code: number; out: string } {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: join(dir, "home"),
    CHECKPOINT_DISABLE: "1",
    TF_IN_AUTOMATION: "1",
  };
  delete env.TF_CLI_CONFIG_FILE;
  delete env.TF_PLUGIN_CACHE_DIR;
  const r = spawnSync(terraformBinary(), [...args, "-no-color"], {
    cwd: stackDir,
    env,
    encoding: "utf8",
    timeout: 240_000,
  });
  if (!okCodes.includes(r.status ?? -1))
    throw new Error(`terraform ${args.join(" ")} exited with ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

beforeAll(async () => {
  client = testClient();
  await requireIncus(client);
  terraformBinary();
  ensureBundledProviders(["incus"]);
  dir = mkdtempSync(join(tmpdir(), "t-imp-"));
  mkdirSync(join(dir, "home"));

  cleanup.add(`network zone ${names.zone}`, () => client.networkZones.delete(names.zone));
  await client.networkZones.create({ name: names.zone, description: "imported zone" });
  await client.networkZoneRecords.create(names.zone, {
    name: "www",
    entries: [{ type: "A", value: "10.0.0.1", ttl: 120 }],
  });
  cleanup.add(`network ACL ${names.acl}`, () => client.networkACLs.delete(names.acl));
  await client.networkACLs.create({
    name: names.acl,
    description: "imported ACL",
    ingress: [
      { action: "allow", state: "enabled", protocol: "tcp", source: "10.0.0.0/24", destination_port: "80,8000-8080" },
      { action: "drop", state: "logged", protocol: "icmp4", icmp_type: "8", description: "no ping" },
    ],
    egress: [{ action: "reject", state: "enabled", destination: "192.0.2.1" }],
  });
  cleanup.add(`profile ${names.profile}`, () => client.profiles.delete(names.profile));
  await client.profiles.create({ name: names.profile, description: "imported profile", config: { "limits.cpu": "1" } });
  cleanup.add(`network ${names.network}`, () => client.networks.delete(names.network));
  await client.networks.create({
    name: names.network,
    type: "bridge",
    config: { "ipv4.address": `${subnet}.1/24`, "ipv4.nat": "false", "ipv6.address": "none" },
  });
  cleanup.add(`volume ${names.volume}`, () => client.storageVolumes.delete(TEST_POOL, names.volume));
  await client.storageVolumes.create(TEST_POOL, { name: names.volume, config: { size: "64MiB" } });
  // Registered last, so it is deleted first (it uses the others).
  await createTestContainer(client, cleanup, names.instance, {
    devices: {
      data: { type: "disk", pool: TEST_POOL, source: names.volume, path: "/data" },
      eth0: { type: "nic", network: names.network, name: "eth0", "ipv4.address": fixedAddress },
    },
  });
  cleanup.add(`network forward ${listenAddress}`, () => client.networkForwards.delete(names.network, listenAddress));
  await client.networkForwards.create(names.network, {
    listen_address: listenAddress,
    description: "imported forward",
    ports: [{ protocol: "tcp", listen_port: "80", target_address: fixedAddress, target_port: "8080" }],
  });
  const live = (await client.instances.get(names.instance)).value;
  await client.instances.update(names.instance, { ...live, profiles: ["default", names.profile] });
});

afterAll(async () => {
  try {
    await cleanup.run();
  } finally {
    await client?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
});

test("import round trip: generated code adopts the objects and the next plan is empty", async () => {
  const before = (await client.instances.get(names.instance)).value;
  const app = join(dir, "app");
  let out = "";
  let err = "";
  const io = { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (err += s) } };
  const code = await main(["--remote", "local", "--prefix", prefix, "--out", app, "--package", LIB], io as never);
  expect({ code, err }).toMatchObject({ code: 0 });
  expect(err).toMatch(/reading instances… 1/);
  expect(err).toMatch(/reading volumes… 1/);
  expect(err).toMatch(/reading network zones… 1/);
  expect(err).toMatch(/reading network ACLs… 1/);
  expect(err).toMatch(/reading network forwards… 1/);
  expect(out).toMatch(/8 objects to adopt/);
  const stackFile = readFileSync(join(app, "imported-stack.ts"), "utf8");
  for (const name of Object.values(names)) expect(stackFile).toContain(JSON.stringify(name));
  // The Incus-only settings are grouped; the volume has none (its size is top-level), so it has no group.
  expect(stackFile).toMatch(/new Instance\(this, [^\n]*\n(?: {6}[^\n]*\n)*? {6}incus: \{\n {8}image: /);
  expect(stackFile).toMatch(
    new RegExp(
      `new Volume\\(this, ${JSON.stringify(names.volume)}, \\{ pool: \\w+, name: ${JSON.stringify(
        names.volume,
      )}, size: "64MiB" \\}\\);`,
    ),
  );

  // Type-check the generated code against the package sources, then run it (esbuild transpiles on require).
  run(
    join(NODE_MODULES, ".bin", "tsc"),
    [
      "--noEmit",
      "--strict",
      "--esModuleInterop",
      "--skipLibCheck",
      "--module",
      "commonjs",
      "--moduleResolution",
      "node",
      "--target",
      "es2022",
      "--types",
      "node",
      "--typeRoots",
      join(NODE_MODULES, "@types"),
      "--baseUrl",
      NODE_MODULES,
      "main.ts",
      "imported-stack.ts",
    ],
    app,
  );
  writeFileSync(
    join(app, "ts-hook.js"),
    `const fs = require("fs");\nconst { transformSync } = require(${JSON.stringify(
      join(NODE_MODULES, "esbuild"),
    )});\n` +
      `require.extensions[".ts"] = (m, f) => m._compile(transformSync(fs.readFileSync(f, "utf8"), { loader: "ts", format: "cjs", target: "node20", sourcefile: f }).code, f);\n`,
  );
  run(process.execPath, ["-r", "./ts-hook.js", "main.ts"], app, { NODE_PATH: NODE_MODULES });
  const stackDir = join(app, "cdktf.out", "stacks", "imported");
  // The generated code writes the current props: synthesis records no warning (deprecated flat props or other).
  const manifest = JSON.parse(readFileSync(join(app, "cdktf.out", "manifest.json"), "utf8")) as {
    stacks: { [name: string]: { annotations: { level: string; message: string }[] } };
  };
  expect(manifest.stacks.imported.annotations.filter((a) => a.level !== "@cdktf/info").map((a) => a.message)).toEqual(
    [],
  );

  terraform(stackDir, ["init", "-input=false"]);
  terraform(stackDir, ["plan", "-input=false", "-out=import.tfplan"]);
  const plan = JSON.parse(terraform(stackDir, ["show", "-json", "import.tfplan"]).out) as {
    resource_changes: {
      address: string;
      change: { actions: string[]; importing?: unknown; before: ResourceValues; after: ResourceValues };
    }[];
  };
  const changes = plan.resource_changes.filter((c) => c.address.startsWith("incus_"));
  expect(changes.map((c) => c.address).sort()).toEqual([
    `incus_instance.${names.instance}`,
    `incus_network.${names.network}`,
    `incus_network_acl.${names.acl}`,
    `incus_network_forward.${forwardId}`,
    `incus_network_zone.${zoneId}`,
    `incus_network_zone_record.${zoneId}-www`,
    `incus_profile.${names.profile}`,
    `incus_storage_volume.${names.volume}`,
  ]);
  for (const c of changes) {
    expect({ address: c.address, importing: c.change.importing !== undefined }).toEqual({
      address: c.address,
      importing: true,
    });
    expect({ address: c.address, actions: c.change.actions }).toEqual({ address: c.address, actions: ["update"] });
    // The only change: the cdktf-virt ownership marker (and a volume's protection flag) joins the config.
    // An imported network's state leaves out the subnet (the provider cannot tell a chosen subnet from one Incus
    // generated), so the code's value shows as added; the apply writes the value the network has already.
    const stripAddress = (config: Record<string, string>) =>
      c.address.startsWith("incus_network.") && config["ipv4.address"] === `${subnet}.1/24`
        ? Object.fromEntries(Object.entries(config).filter(([k]) => k !== "ipv4.address"))
        : config;
    const strip = (config: Record<string, string> | null) =>
      stripAddress(Object.fromEntries(Object.entries(config ?? {}).filter(([k]) => !k.startsWith("user.cdktf-virt."))));
    expect({ address: c.address, config: strip(c.change.after.config) }).toEqual({
      address: c.address,
      config: strip(c.change.before.config),
    });
    for (const key of Object.keys(c.change.before)) {
      if (key === "config" || c.change.after[key] === undefined) continue;
      expect({ address: c.address, key, value: c.change.after[key] }).toEqual({
        address: c.address,
        key,
        value: c.change.before[key],
      });
    }
  }

  const applied = terraform(stackDir, ["apply", "-input=false", "import.tfplan"]).out;
  expect(applied).toMatch(/Resources: 8 imported, 0 added, 8 changed, 0 destroyed/);
  const after = terraform(stackDir, ["plan", "-input=false", "-detailed-exitcode"], [0, 2]);
  expect({ code: after.code, out: after.code === 0 ? "" : after.out }).toEqual({ code: 0, out: "" });

  // Same objects, now carrying the marker: the instance was not recreated, the volume keeps its content.
  const live = (await client.instances.get(names.instance)).value;
  expect(live.config["volatile.uuid"]).toBe(before.config["volatile.uuid"]);
  expect(live.config["user.cdktf-virt.owner"]).toBe(`imported/${names.instance}`);
  expect(live.profiles).toEqual(["default", names.profile]);
  const volume = (await client.storageVolumes.get(TEST_POOL, names.volume)).value;
  expect(volume.config).toMatchObject({ size: "64MiB", "user.cdktf-virt.protect": "true" });
  expect((await client.networks.get(names.network)).value.config).toMatchObject({
    "ipv4.address": `${subnet}.1/24`,
    "user.cdktf-virt.owner": `imported/${names.network}`,
  });
  const zone = (await client.networkZones.get(names.zone)).value;
  expect(zone).toMatchObject({
    description: "imported zone",
    config: { "user.cdktf-virt.owner": `imported/${names.zone}` },
  });
  expect((await client.networkZoneRecords.get(names.zone, "www")).value.entries).toEqual([
    { type: "A", value: "10.0.0.1", ttl: 120 },
  ]);
  const forward = (await client.networkForwards.get(names.network, listenAddress)).value;
  expect(forward).toMatchObject({ description: "imported forward" });
  expect(forward.ports).toEqual([
    expect.objectContaining({ protocol: "tcp", listen_port: "80", target_address: fixedAddress, target_port: "8080" }),
  ]);
  const acl = (await client.networkACLs.get(names.acl)).value;
  expect(acl).toMatchObject({
    description: "imported ACL",
    config: { "user.cdktf-virt.owner": `imported/${names.acl}` },
  });
  expect(acl.ingress?.map((r) => [r.action, r.state, r.protocol, r.destination_port ?? "", r.icmp_type ?? ""])).toEqual(
    [
      ["allow", "enabled", "tcp", "80,8000-8080", ""],
      ["drop", "logged", "icmp4", "", "8"],
    ],
  );
});
