// An instance attached to a volume with rebuildOnChange follows the volume's real changes only, through the
// constructs and the real terraform on the real incusd: lifting `protect` (or setting a removal policy, or a
// snapshot-before-rebuild count) is an in-place update of the volume and leaves the container as it is; growing the
// volume rebuilds the container.
import type { TerraformStack } from "cdktf";
import { IncusHost, Instance, RemovalPolicy, StoragePool, Volume } from "../../../lib";
import { TEST_IMAGE, TEST_POOL } from "../../support/incus";
import { getInstance, getVolume, incusConstructsSuite, StackRun } from "./support";

const { prefix, runs } = incusConstructsSuite("follow");

interface Shape {
  readonly size: string;
  readonly removalPolicy?: RemovalPolicy;
  readonly snapshotBeforeRebuild?: number;
}

test("bookkeeping updates of a followed volume plan in place; a real change rebuilds the instance", async () => {
  const run = new StackRun(`${prefix}-fol`);
  runs.push(run);
  const name = (id: string) => `${run.stackName}-${id}`;
  const build = (shape: Shape) => (stack: TerraformStack) => {
    const host = new IncusHost(stack, "local");
    const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
    const app = new Instance(stack, "app", { host, incus: { image: TEST_IMAGE, rootDisk: { pool } } });
    const data = new Volume(stack, "data", { pool, size: shape.size, removalPolicy: shape.removalPolicy });
    app.attach(data, { path: "/data", rebuildOnChange: true, snapshotBeforeRebuild: shape.snapshotBeforeRebuild });
  };
  run.synth(build({ size: "64MiB" }));
  await run.deploy();
  expect(getVolume(TEST_POOL, name("data")).config["user.cdktf-virt.protect"]).toBe("true");
  const created = getInstance(name("app")).created_at;

  // Lifting protect: the marker goes away in place; the container is not replaced.
  run.synth(build({ size: "64MiB", removalPolicy: RemovalPolicy.DESTROY }));
  const lifted = await run.plan();
  expect(lifted.code).toBe(2);
  expect(lifted.output).toMatch(/incus_storage_volume\.data will be updated in-place/);
  expect(lifted.output).toMatch(/- "user\.cdktf-virt\.protect"\s+= "true" -> null/);
  expect(lifted.output).not.toMatch(/must be replaced/);
  expect(lifted.output).toMatch(/Plan: 0 to add, 1 to change, 0 to destroy/);
  await run.deploy();
  expect(getVolume(TEST_POOL, name("data")).config["user.cdktf-virt.protect"]).toBeUndefined();

  // A removal policy and a snapshot-before-rebuild count: bookkeeping too.
  run.synth(build({ size: "64MiB", removalPolicy: RemovalPolicy.SNAPSHOT, snapshotBeforeRebuild: 2 }));
  const policy = await run.plan();
  expect(policy.output).not.toMatch(/must be replaced/);
  expect(policy.output).toMatch(/Plan: 0 to add, 1 to change, 0 to destroy/);
  await run.deploy();
  expect(getInstance(name("app")).created_at).toBe(created);

  // Growing the volume is a real change: the container is rebuilt (and the volume snapshotted first).
  run.synth(build({ size: "128MiB", removalPolicy: RemovalPolicy.SNAPSHOT, snapshotBeforeRebuild: 2 }));
  const grown = await run.plan();
  expect(grown.output).toMatch(/incus_instance\.app will be replaced due to changes in replace_triggered_by/);
  await run.deploy();
  expect(getInstance(name("app")).created_at).not.toBe(created);
  expect(getVolume(TEST_POOL, name("data")).config.size).toBe("128MiB");

  run.synth(build({ size: "128MiB", removalPolicy: RemovalPolicy.DESTROY }));
  await run.deploy();
  expect((await run.destroy()).code).toBe(0);
});
