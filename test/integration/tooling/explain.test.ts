// explain and --guard on real plans: constructs → synth → terraform with the bundled incus provider → incusd.
// An image change replaces the instance and its ephemeral volume and keeps the persistent one; removing the
// persistent volume from the code makes --guard refuse the plan. The plans come from terraform itself, both
// through a stack directory (explain runs plan) and through a planfile.
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import type { TerraformStack } from "cdktf";
import { IncusHost, Instance, RemovalPolicy, StoragePool, Volume, VolumeLifecycle } from "../../../lib";
import { explainMain, terraformRunner } from "../../../lib/tooling";
import { Cleanup, requireIncus, TEST_IMAGE, TEST_POOL, testClient, uniqueName } from "../../support/incus";
import { forceCleanup, getVolume, StackRun } from "../constructs/support";
import { memoryIO } from "../../unit/tooling/support/io";

const prefix = uniqueName("tooling");
const client = testClient();
const cleanup = new Cleanup();
const image2 = `${prefix}-img2`;
const run = new StackRun(`${prefix}-x`);
const name = (id: string) => `${run.stackName}-${id}`;

/** terraform as StackRun runs it: no CLI configuration, providers from the stack's terraform.d/plugins. */
function runner() {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: path.join(run.root, "home") };
  delete env.TF_CLI_CONFIG_FILE;
  delete env.TF_PLUGIN_CACHE_DIR;
  return terraformRunner({ env });
}

/**
 * db with a persistent data volume, an ephemeral scratch volume and a RETAIN volume `kept`; `withData: false`
 * drops the data volume, `withKept: false` the retained one.
 */
function app(stack: TerraformStack, opts: { image: string; withData: boolean; withKept?: boolean }): void {
  const host = new IncusHost(stack, "local");
  const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
  const scratch = new Volume(stack, "scratch", { pool, size: "64MiB", lifecycle: VolumeLifecycle.EPHEMERAL });
  const db = new Instance(stack, "db", { host, image: opts.image, rootDisk: { pool } });
  db.attach(scratch, { path: "/scratch" });
  if (opts.withData) {
    // protect: false so the test can clean up with terraform destroy; the guard refuses it all the same.
    const data = new Volume(stack, "data", { pool, size: "64MiB", protect: false });
    db.attach(data, { path: "/data" });
  }
  if (opts.withKept ?? true) {
    const kept = new Volume(stack, "kept", { pool, size: "64MiB", removalPolicy: RemovalPolicy.RETAIN });
    db.attach(kept, { path: "/kept" });
  }
}

beforeAll(async () => {
  await requireIncus(client);
  const fingerprint = JSON.parse(
    execFileSync("incus", ["query", `/1.0/images/aliases/${TEST_IMAGE}`], { encoding: "utf8" }),
  ).target;
  execFileSync("incus", ["image", "alias", "create", image2, fingerprint]);
  cleanup.add(`image alias ${image2}`, async () => execFileSync("incus", ["image", "alias", "delete", image2]));
  run.synth((stack) => app(stack, { image: TEST_IMAGE, withData: true }));
  await run.deploy();
});

afterAll(async () => {
  await run.destroy().catch(() => undefined);
  run.cleanup();
  forceCleanup(prefix, [TEST_POOL]);
  await cleanup.run();
  await client.close();
});

describe("explain on real plans", () => {
  test("an image change: the instance and its ephemeral volume are replaced, the persistent volume is kept", async () => {
    run.synth((stack) => app(stack, { image: image2, withData: true }));
    const io = memoryIO();
    const code = await explainMain([run.stackDir, "--json", "--guard"], io, { terraform: runner() });
    expect(io.err()).toContain("explain --guard: passed");
    expect(code).toBe(0);
    const report = JSON.parse(io.out());
    expect(report.lifecycleFrom).toBe("configuration");
    const db = report.instances.find((i: { address: string }) => i.address === "incus_instance.db");
    expect(db).toMatchObject({ name: name("db"), action: "replace" });
    // An instance with an EPHEMERAL volume is not rebuilt in place: its generation anchor, which holds the image,
    // replaces it together with the volume, and explain names the image change as the anchor's cause.
    expect(db.causes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: "trigger",
          role: "generation-anchor",
          causes: expect.arrayContaining([
            expect.objectContaining({ path: "triggers_replace.instance.image", before: TEST_IMAGE, after: image2 }),
          ]),
        }),
      ]),
    );
    const volumes = Object.fromEntries(db.volumes.map((v: { name: string }) => [v.name, v]));
    expect(volumes[name("scratch")]).toMatchObject({
      kind: "ephemeral",
      action: "replace",
      effect: "replaced-with-instance",
      dataDestroyed: true,
    });
    expect(volumes[name("data")]).toMatchObject({
      kind: "persistent",
      action: "no-op",
      effect: "detached-reattached",
      dataDestroyed: false,
    });
    expect(report.deletions.map((d: { address: string }) => d.address).sort()).toEqual([
      "incus_instance.db",
      "incus_storage_volume.scratch",
    ]);
  });

  test("the same plan from a planfile, in words", async () => {
    const planned = await run.run(["plan", "-input=false", "-out=upgrade.tfplan"]);
    expect(planned.code).toBe(0);
    const io = memoryIO({ cwd: run.stackDir });
    expect(await explainMain(["upgrade.tfplan"], io, { terraform: runner() })).toBe(0);
    const text = io.out();
    expect(text).toContain(`incus_instance.db: instance "${name("db")}" will be REPLACED`);
    expect(text).toContain(
      `ephemeral volume "${name(
        "scratch",
      )}" (incus_storage_volume.scratch) at /scratch: replaced together with the instance`,
    );
    expect(text).toContain(
      `persistent volume "${name(
        "data",
      )}" (incus_storage_volume.data) at /data: detached and re-attached to the new instance; data kept`,
    );
    // explain only reads: nothing was applied.
    expect(getVolume(TEST_POOL, name("scratch"))).toBeDefined();
  });

  test("--guard refuses a plan that deletes the persistent volume", async () => {
    run.synth((stack) => app(stack, { image: TEST_IMAGE, withData: false }));
    const io = memoryIO();
    const code = await explainMain([run.stackDir, "--guard"], io, { terraform: runner() });
    expect(code).toBe(2);
    expect(io.err()).toContain(
      `- incus_storage_volume.data: persistent volume "${name(
        "data",
      )}" would be DESTROYED, because it was removed from the configuration`,
    );
    expect(io.out()).toContain(
      `incus_storage_volume.data: persistent volume "${name(
        "data",
      )}" in pool "${TEST_POOL}" will be DELETED; its data is DESTROYED`,
    );
    expect(getVolume(TEST_POOL, name("data"))).toBeDefined();
  });

  test("--guard lets a RETAIN volume's removal through: its removal policy, read from the state, keeps the data", async () => {
    run.synth((stack) => app(stack, { image: TEST_IMAGE, withData: true, withKept: false }));
    const io = memoryIO();
    const code = await explainMain([run.stackDir, "--guard", "--json"], io, { terraform: runner() });
    expect(io.err()).toContain(
      `explain --guard: not refused: incus_storage_volume.kept (persistent volume "${name("kept")}") is deleted`,
    );
    expect(code).toBe(0);
    const report = JSON.parse(io.out());
    const kept = report.volumes.find((v: { address: string }) => v.address === "incus_storage_volume.kept");
    expect(kept).toMatchObject({
      action: "delete",
      dataDestroyed: false,
      removal: {
        policy: "retain",
        policyFrom: "state",
        outcome: "kept",
        released: { owner: `released:${run.stackName}/kept` },
      },
    });
    expect(report.guard).toMatchObject({ passed: true, offenders: [] });
    expect(getVolume(TEST_POOL, name("kept"))).toBeDefined();
  });
});
