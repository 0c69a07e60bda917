// The SNAPSHOT policy's restore command on an HTTPS host (host "b" of scripts/setup-incus-hosts.sh) runs as printed
// with the user's own incus client configuration, which knows b under another name ("bee") than the construct id
// ("far", the provider's remote name): the command names "bee", the CLI's remote at b's address.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TerraformStack } from "cdktf";
import type { IncusClient } from "../../../lib/incus";
import { IncusHost, Instance, RemovalPolicy, StoragePool, Volume } from "../../../lib";
import { TEST_IMAGE, TEST_POOL } from "../../support/incus";
import { hostsFile, httpsClient, incusCli, requireHttpsHost } from "../../support/incus-hosts";
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

beforeAll(async () => {
  b = httpsClient(hostsFile().hosts.b.address, "b");
  await requireHttpsHost(b, 'Incus host "b"');
});

afterAll(async () => {
  for (const instance of (await b.instances.list()).filter((i) => i.name.startsWith(prefix))) {
    await b.instanceState.stop(instance.name, { force: true }).catch(() => undefined);
    await b.instances.delete(instance.name).catch(() => undefined);
  }
  for (const volume of (await b.storageVolumes.list(TEST_POOL)).filter((v) => v.type === "custom" && v.name.startsWith(prefix))) {
    await b.storageVolumes.delete(TEST_POOL, volume.name).catch(() => undefined);
  }
  await b.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test("SNAPSHOT on an HTTPS host: the restore command names the incus CLI's remote at that address and restores the bytes", async () => {
  const address = hostsFile().hosts.b.address;
  const providerDir = configDirFor("far");
  const cliDir = configDirFor("bee", `default-remote: local\nremotes:\n  bee:\n    addr: ${address}\n    protocol: incus\n    auth_type: tls\n`);
  const run = new StackRun(`${prefix}-fin`);
  runs.push(run);
  const name = (id: string) => `${run.stackName}-${id}`;
  const build = (withVolume: boolean) => (stack: TerraformStack) => {
    const host = new IncusHost(stack, "far", { address, configDir: providerDir });
    const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
    const app = new Instance(stack, "app", { host, incus: { image: TEST_IMAGE, rootDisk: { pool } } });
    if (withVolume) app.attach(new Volume(stack, "data", { pool, size: "64MiB", removalPolicy: RemovalPolicy.SNAPSHOT }), { path: "/data" });
  };
  const env = { INCUS_CONF: cliDir };
  const apply = async () => (await run.ok(["apply", "-auto-approve", "-input=false"], env)).output;
  run.synth(build(true));
  await run.init();
  await apply();
  const written = await b.exec.run(name("app"), ["sh", "-c", "printf 'bytes on b\\n' > /data/data.txt"]);
  expect(written.exitCode).toBe(0);

  run.synth(build(false));
  const applied = await apply();
  const copies = (await b.storageVolumes.list(TEST_POOL)).filter((v) => v.type === "custom" && v.name.startsWith(`${name("data")}-final-`));
  expect(copies).toHaveLength(1);
  const commands = printedCommands(applied, "incus");
  expect(commands).toEqual([`incus storage volume copy bee:${TEST_POOL}/${copies[0].name} bee:${TEST_POOL}/${name("data")}`]);
  for (const command of commands) sh(command, env);

  // The restored volume on b holds the bytes.
  incusCli(["config", "device", "add", `b:${name("app")}`, "check", "disk", `pool=${TEST_POOL}`, `source=${name("data")}`, "path=/check"]);
  expect(incusCli(["exec", `b:${name("app")}`, "--", "cat", "/check/data.txt"])).toBe("bytes on b\n");
  incusCli(["config", "device", "remove", `b:${name("app")}`, "check"]);
  await b.storageVolumes.delete(TEST_POOL, name("data"));
  await b.storageVolumes.delete(TEST_POOL, copies[0].name);
  expect((await run.run(["destroy", "-auto-approve", "-input=false"], { env })).code).toBe(0);
});
