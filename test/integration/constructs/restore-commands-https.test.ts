// The SNAPSHOT policy's restore command on an HTTPS host (host "b" of scripts/setup-incus-hosts.sh) runs as printed
// with the user's own incus client configuration, which knows b under another name ("bee") than the construct id
// ("far", the provider's remote name): the command names "bee", the CLI's remote at b's address. The same for the
// commands that bring back a snapshot taken before a rebuild.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TerraformStack } from "cdktf";
import type { IncusClient } from "../../../lib/incus";
import { IncusHost, Instance, RemovalPolicy, StoragePool, Volume } from "../../../lib";
import { TEST_IMAGE, TEST_POOL } from "../../support/incus";
import { shellIn } from "../../support/incus-exec";
import { hostsCliEnv, hostsFile, httpsClient, incusCli, requireHttpsHost } from "../../support/incus-hosts";
import { printedCommands, sh } from "./printed-commands";
import { incusConstructsSuite, StackRun } from "./support";

jest.setTimeout(300_000);

const { prefix, runs } = incusConstructsSuite("rcmdh");
let b: IncusClient;
const dirs: string[] = [];

/** A configuration directory with the tests' client identity and b's pinned certificate saved as `remote`. */
function configDirFor(remote: string, configYml?: string): string {
  const { configDir } = hostsFile();
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-conf-`));
  dirs.push(dir);
  mkdirSync(join(dir, "servercerts"));
  for (const f of ["client.crt", "client.key"]) copyFileSync(join(configDir, f), join(dir, f));
  copyFileSync(join(configDir, "servercerts", "b.crt"), join(dir, "servercerts", `${remote}.crt`));
  if (configYml) writeFileSync(join(dir, "config.yml"), configYml);
  return dir;
}

const image2 = `${prefix}-img2`;

/** stdout of `script` in an instance of host b, through the CLI's remote "b". */
const inB = (instance: string, script: string): string =>
  shellIn(instance, script, { remote: "b", cliEnv: hostsCliEnv() });

beforeAll(async () => {
  b = httpsClient(hostsFile().hosts.b.address, "b");
  await requireHttpsHost(b, 'Incus host "b"');
  // A second alias of the test image: changing an instance's image to it rebuilds the instance.
  const fingerprint = JSON.parse(incusCli(["query", `b:/1.0/images/aliases/${TEST_IMAGE}`])).target;
  incusCli(["image", "alias", "create", `b:${image2}`, fingerprint]);
});

afterAll(async () => {
  for (const instance of (await b.instances.list()).filter((i) => i.name.startsWith(prefix))) {
    await b.instanceState.stop(instance.name, { force: true }).catch(() => undefined);
    await b.instances.delete(instance.name).catch(() => undefined);
  }
  for (const volume of (await b.storageVolumes.list(TEST_POOL)).filter(
    (v) => v.type === "custom" && v.name.startsWith(prefix),
  )) {
    await b.storageVolumes.delete(TEST_POOL, volume.name).catch(() => undefined);
  }
  try {
    incusCli(["image", "alias", "delete", `b:${image2}`]);
  } catch {
    /* never made */
  }
  await b.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Config directories for the provider (remote "far") and for the user's incus CLI (remote "bee"), both at b. */
function configDirs(): { address: string; providerDir: string; env: NodeJS.ProcessEnv } {
  const address = hostsFile().hosts.b.address;
  const providerDir = configDirFor("far");
  const cliDir = configDirFor(
    "bee",
    `default-remote: local\nremotes:\n  bee:\n    addr: ${address}\n    protocol: incus\n    auth_type: tls\n`,
  );
  return { address, providerDir, env: { INCUS_CONF: cliDir } };
}

test("SNAPSHOT on an HTTPS host: the restore command names the incus CLI's remote at that address and restores the bytes", async () => {
  const { address, providerDir, env } = configDirs();
  const run = new StackRun(`${prefix}-fin`);
  runs.push(run);
  const name = (id: string) => `${run.stackName}-${id}`;
  const build = (withVolume: boolean) => (stack: TerraformStack) => {
    const host = new IncusHost(stack, "far", { address, configDir: providerDir });
    const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
    const app = new Instance(stack, "app", { host, incus: { image: TEST_IMAGE, rootDisk: { pool } } });
    if (withVolume)
      app.attach(new Volume(stack, "data", { pool, size: "64MiB", removalPolicy: RemovalPolicy.SNAPSHOT }), {
        path: "/data",
      });
  };
  const apply = async () => (await run.ok(["apply", "-auto-approve", "-input=false"], env)).output;
  run.synth(build(true));
  await run.init();
  await apply();
  const written = await b.exec.run(name("app"), ["sh", "-c", "printf 'bytes on b\\n' > /data/data.txt"]);
  expect(written.exitCode).toBe(0);

  run.synth(build(false));
  const applied = await apply();
  const copies = (await b.storageVolumes.list(TEST_POOL)).filter(
    (v) => v.type === "custom" && v.name.startsWith(`${name("data")}-final-`),
  );
  expect(copies).toHaveLength(1);
  const commands = printedCommands(applied, "incus");
  expect(commands).toEqual([
    `incus storage volume copy bee:${TEST_POOL}/${copies[0].name} bee:${TEST_POOL}/${name("data")}`,
  ]);
  for (const command of commands) sh(command, env);

  // The restored volume on b holds the bytes.
  incusCli([
    "config",
    "device",
    "add",
    `b:${name("app")}`,
    "check",
    "disk",
    `pool=${TEST_POOL}`,
    `source=${name("data")}`,
    "path=/check",
  ]);
  expect(inB(name("app"), "cat /check/data.txt")).toBe("bytes on b\n");
  incusCli(["config", "device", "remove", `b:${name("app")}`, "check"]);
  await b.storageVolumes.delete(TEST_POOL, name("data"));
  await b.storageVolumes.delete(TEST_POOL, copies[0].name);
  expect((await run.run(["destroy", "-auto-approve", "-input=false"], { env })).code).toBe(0);
});

test("snapshotBeforeRebuild on an HTTPS host: the printed commands name the CLI's remote and bring the bytes back", async () => {
  const { address, providerDir, env } = configDirs();
  const run = new StackRun(`${prefix}-sbr`);
  runs.push(run);
  const name = (id: string) => `${run.stackName}-${id}`;
  const build = (image: string) => (stack: TerraformStack) => {
    const host = new IncusHost(stack, "far", { address, configDir: providerDir });
    const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
    const data = new Volume(stack, "data", { pool, size: "64MiB", removalPolicy: RemovalPolicy.DESTROY });
    new Instance(stack, "app", { host, incus: { image, rootDisk: { pool } } }).attach(data, {
      path: "/data",
      snapshotBeforeRebuild: 1,
    });
  };
  const apply = async () => (await run.ok(["apply", "-auto-approve", "-input=false"], env)).output;
  const inApp = (script: string) => inB(name("app"), script);
  run.synth(build(TEST_IMAGE));
  await run.init();
  await apply();
  inApp("printf 'before the rebuild on b\\n' > /data/file.txt");

  run.synth(build(image2));
  const applied = await apply();
  inApp("printf 'after\\n' > /data/file.txt");
  const snapshot = /snapshot (rebuild-\S+-\d{8}T\d{6}Z)/.exec(applied)?.[1];
  expect(snapshot).toMatch(new RegExp(`^rebuild-${name("app")}-\\d{8}T\\d{6}Z$`));
  const copyTo = `${name("data")}-${snapshot}`;
  const commands = printedCommands(applied, "incus");
  expect(commands).toEqual([
    `incus storage volume copy bee:${TEST_POOL}/${name("data")}/${snapshot} bee:${TEST_POOL}/${copyTo}`,
    `incus storage volume snapshot restore bee:${TEST_POOL} ${name("data")} ${snapshot}`,
  ]);
  sh(commands[0], env);
  incusCli([
    "config",
    "device",
    "add",
    `b:${name("app")}`,
    "check",
    "disk",
    `pool=${TEST_POOL}`,
    `source=${copyTo}`,
    "path=/check",
  ]);
  expect(inApp("cat /check/file.txt")).toBe("before the rebuild on b\n");
  incusCli(["config", "device", "remove", `b:${name("app")}`, "check"]);
  await b.storageVolumes.delete(TEST_POOL, copyTo);
  incusCli(["stop", `b:${name("app")}`, "--force"]);
  sh(commands[1], env);
  incusCli(["start", `b:${name("app")}`]);
  expect(inApp("cat /data/file.txt")).toBe("before the rebuild on b\n");
  expect((await run.run(["destroy", "-auto-approve", "-input=false"], { env })).code).toBe(0);
});
