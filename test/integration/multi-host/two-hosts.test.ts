// One stack, two Incus hosts: the local daemon (unix socket) and host "b", a separate incusd in its own network
// namespace that is reached only over HTTPS (scripts/setup-incus-hosts.sh). Through the public constructs and the
// real terraform: deploy across both, an empty plan, a rebuild on both that keeps the persistent data, destroy that
// leaves nothing on either host; a new client enrolled on b with a one-time trust token, as a user would; and a
// volume of one host attached to an instance of the other refused at synth, naming the construct path.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App, TerraformStack } from "cdktf";
import type { IncusClient } from "../../../lib/incus";
import { certificateFingerprint } from "../../../lib/incus";
import { IncusHost, Instance, StoragePool, Volume, VolumeLifecycle } from "../../../lib";
import { TEST_IMAGE, TEST_POOL } from "../../support/incus";
import { hostsFile, httpsClient, incusCli, requireHttpsHost } from "../../support/incus-hosts";
import {
  forceCleanup,
  getInstance,
  getVolume,
  shIn,
  StackRun,
  volumesWithPrefix,
  incusConstructsSuite,
} from "../constructs/support";

jest.setTimeout(300_000);

const suite = incusConstructsSuite("hosts");
const { prefix } = suite;
let b: IncusClient;
const extraDirs: string[] = [];

beforeAll(async () => {
  b = httpsClient(hostsFile().hosts.b.address, "b");
  await requireHttpsHost(b, 'Incus host "b"');
});

afterAll(async () => {
  // Leftovers of a failed test on b, by prefix only (instances first; the local host is the suite's).
  for (const instance of (await b.instances.list()).filter((i) => i.name.startsWith(prefix))) {
    await b.instances
      .patch(instance.name, { config: { "security.protection.delete": "false" } })
      .catch(() => undefined);
    await b.instanceState.stop(instance.name, { force: true }).catch(() => undefined);
    await b.instances.delete(instance.name).catch(() => undefined);
  }
  for (const volume of (await b.storageVolumes.list(TEST_POOL)).filter(
    (v) => v.type === "custom" && v.name.startsWith(prefix),
  )) {
    await b.storageVolumes.delete(TEST_POOL, volume.name).catch(() => undefined);
  }
  for (const cert of (await b.certificates.list()).filter((c) => c.name.startsWith(prefix)))
    await b.certificates.delete(cert.fingerprint);
  await b.close();
  for (const dir of extraDirs) rmSync(dir, { recursive: true, force: true });
  forceCleanup(prefix, [TEST_POOL]);
});

function newRun(suffix: string): StackRun {
  const run = new StackRun(`${prefix}-${suffix}`);
  suite.runs.push(run);
  return run;
}

/** On each host an instance with a persistent data volume (rebuildOnChange) and an ephemeral scratch volume. */
function twoHostStack(stack: TerraformStack, revision: string, protect = true): void {
  const { configDir, hosts } = hostsFile();
  const local = new IncusHost(stack, "local");
  const remote = new IncusHost(stack, "b", { address: hosts.b.address, configDir });
  for (const [id, host] of [
    ["here", local],
    ["there", remote],
  ] as const) {
    const pool = StoragePool.fromName(stack, `${id}-pool`, host, TEST_POOL);
    const data = new Volume(stack, `${id}-data`, {
      pool,
      size: "64MiB",
      protect,
      incus: { config: { "user.revision": revision } },
    });
    const scratch = new Volume(stack, `${id}-scratch`, { pool, size: "64MiB", lifecycle: VolumeLifecycle.EPHEMERAL });
    const vm = new Instance(stack, `${id}-app`, {
      host,
      incus: { image: TEST_IMAGE, rootDisk: { pool }, files: [{ path: "/etc/host-id", content: `${id}\n` }] },
    });
    vm.attach(data, { path: "/data", rebuildOnChange: true });
    vm.attach(scratch, { path: "/scratch" });
  }
}

async function bExec(instance: string, script: string): Promise<string> {
  const r = await b.exec.run(instance, ["sh", "-c", script]);
  if (r.exitCode !== 0) throw new Error(`exec in ${instance} on b failed (${r.exitCode}): ${r.stderr}`);
  return r.stdout;
}

test("a stack across the local host and an HTTPS host deploys, plans empty, rebuilds both and destroys both", async () => {
  const run = newRun("two");
  const name = (id: string) => `${run.stackName}-${id}`;
  run.synth((stack) => twoHostStack(stack, "1"));
  await run.deploy(); // throws unless the plan right after is empty

  // Each instance is on its own host and only there.
  expect(getInstance(name("here-app"))?.status).toBe("Running");
  expect(getInstance(name("there-app"))).toBeUndefined();
  const there = (await b.instances.get(name("there-app"))).value;
  expect(there.status).toBe("Running");
  expect(await b.instances.find(name("here-app"))).toBeUndefined();
  expect(shIn(name("here-app"), "cat /etc/host-id")).toBe("here\n");
  expect(await bExec(name("there-app"), "cat /etc/host-id")).toBe("there\n");
  expect((await b.storageVolumes.get(TEST_POOL, name("there-data"))).value.config["user.cdktf-virt.owner"]).toBe(
    `${run.stackName}/there-data`,
  );
  expect(getVolume(TEST_POOL, name("there-data"))).toBeUndefined();

  // Data on both persistent volumes, then a change of both volumes rebuilds both instances.
  shIn(name("here-app"), "echo kept-here > /data/keep");
  await bExec(name("there-app"), "echo kept-there > /data/keep");
  const before = { here: getInstance(name("here-app")).config["volatile.uuid"], there: there.config["volatile.uuid"] };
  // The change also lifts the volumes' protection, so the destroy below may delete them.
  run.synth((stack) => twoHostStack(stack, "2", false));
  const plan = await run.plan();
  expect(plan.code).toBe(2);
  expect(plan.output).toContain("incus_instance.here-app will be replaced");
  expect(plan.output).toContain("incus_instance.there-app will be replaced");
  await run.deploy();
  const after = {
    here: getInstance(name("here-app")).config["volatile.uuid"],
    there: (await b.instances.get(name("there-app"))).value.config["volatile.uuid"],
  };
  expect(after.here).not.toBe(before.here);
  expect(after.there).not.toBe(before.there);
  expect(shIn(name("here-app"), "cat /data/keep")).toBe("kept-here\n");
  expect(await bExec(name("there-app"), "cat /data/keep")).toBe("kept-there\n");

  // Destroy: nothing of the stack is left on either host.
  const destroyed = await run.destroy();
  expect(destroyed.output).toContain("Destroy complete");
  expect(destroyed.code).toBe(0);
  expect(getInstance(name("here-app"))).toBeUndefined();
  expect(volumesWithPrefix(TEST_POOL, run.stackName)).toEqual([]);
  expect((await b.instances.list()).filter((i) => i.name.startsWith(run.stackName))).toEqual([]);
  expect(
    (await b.storageVolumes.list(TEST_POOL)).filter((v) => v.name.startsWith(run.stackName)).map((v) => v.name),
  ).toEqual([]);
});

test("a new client enrols on the HTTPS host with a one-time trust token given to IncusHost, and deploys there", async () => {
  const run = newRun("token");
  const clientName = `${prefix}-ci`;
  // The host's admin issues the token (here over HTTPS with the tests' trusted identity).
  const token = incusCli(["config", "trust", "add", `b:${clientName}`, "--quiet"]).trim();
  expect(token).toMatch(/^[A-Za-z0-9+/=]{40,}$/);
  const configDir = mkdtempSync(join(tmpdir(), `${prefix}-conf-`));
  extraDirs.push(configDir);
  run.synth((stack) => {
    const host = new IncusHost(stack, "b", {
      address: hostsFile().hosts.b.address,
      token,
      configDir,
      generateClientCertificates: true,
    });
    const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
    new Instance(stack, "app", { host, incus: { image: TEST_IMAGE, rootDisk: { pool } } });
  });
  await run.deploy();
  // The client certificate the provider generated is now trusted under the token's name; the server is pinned.
  const cert = readFileSync(join(configDir, "client.crt"), "utf8");
  const entry = (await b.certificates.get(certificateFingerprint(cert))).value;
  expect(entry.name).toBe(clientName);
  expect(readFileSync(join(configDir, "servercerts", "b.crt"), "utf8")).toBe(
    readFileSync(join(hostsFile().configDir, "servercerts", "b.crt"), "utf8"),
  );
  expect((await b.instances.get(`${run.stackName}-app`)).value.status).toBe("Running");
  const destroyed = await run.destroy();
  expect(destroyed.code).toBe(0);
  expect(await b.instances.find(`${run.stackName}-app`)).toBeUndefined();
});

test("a volume of one host attached to an instance of the other is a synth error naming both construct paths", () => {
  const app = new App({ outdir: mkdtempSync(join(tmpdir(), `${prefix}-synth-`)) });
  extraDirs.push(app.outdir);
  const stack = new TerraformStack(app, "mixed");
  const { configDir, hosts } = hostsFile();
  const local = new IncusHost(stack, "local");
  const remote = new IncusHost(stack, "b", { address: hosts.b.address, configDir });
  const data = new Volume(stack, "data", {
    pool: StoragePool.fromName(stack, "b-pool", remote, TEST_POOL),
    size: "64MiB",
  });
  const vm = new Instance(stack, "app", { host: local, incus: { image: TEST_IMAGE } });
  expect(() => vm.attach(data, { path: "/data" })).toThrow(
    /mixed\/app.*the volume "mixed\/data" is in the pool "mixed\/b-pool" of the host "mixed\/b", but this instance runs on the host "mixed\/local"/,
  );
});
