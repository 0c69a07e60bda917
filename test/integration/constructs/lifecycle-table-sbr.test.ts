// A cell of the lifecycle table (docs/lifecycle.md, "What happens to the data, per policy and path") through the
// public constructs and the real terraform on incusd: an instance removed from the code snapshots its
// snapshotBeforeRebuild volume first ("rebuild-<instance>-<stamp>", with the bytes); the snapshot lives on the volume
// and goes with it when `cdktf destroy` deletes that DESTROY volume.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import type { TerraformStack } from "cdktf";
import { IncusHost, Instance, RemovalPolicy, StoragePool, Volume } from "../../../lib";
import { TEST_IMAGE, TEST_POOL } from "../../support/incus";
import { getInstance, getVolume, incusConstructsSuite, shIn, StackRun } from "./support";

const { prefix, runs } = incusConstructsSuite("tablesbr");

/** The test pool is a dir pool: volumes and their snapshots are directories here. */
const POOL_DIR = `/var/lib/incus/storage-pools/${TEST_POOL}`;

test("snapshotBeforeRebuild: an instance removed from the code snapshots the volume first; destroy deletes the DESTROY volume with it", async () => {
  const run = new StackRun(`${prefix}-s`);
  runs.push(run);
  const name = (id: string) => `${run.stackName}-${id}`;
  const build = (withInstance: boolean) => (stack: TerraformStack) => {
    const host = new IncusHost(stack, "local");
    const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
    const data = new Volume(stack, "data", { pool, size: "64MiB", removalPolicy: RemovalPolicy.DESTROY });
    if (withInstance)
      new Instance(stack, "app", { host, incus: { image: TEST_IMAGE, rootDisk: { pool } } }).attach(data, {
        path: "/data",
        snapshotBeforeRebuild: 1,
      });
  };
  run.synth(build(true));
  await run.deploy();
  shIn(name("app"), "echo before-delete > /data/f.txt && sync");

  run.synth(build(false));
  await run.deploy();
  expect(getInstance(name("app"))).toBeUndefined();
  const snapshots = readdirSync(`${POOL_DIR}/custom-snapshots/default_${name("data")}`);
  expect(snapshots).toHaveLength(1);
  expect(snapshots[0]).toMatch(new RegExp(`^rebuild-${name("app")}-\\d{8}T\\d{6}Z$`));
  expect(readFileSync(`${POOL_DIR}/custom-snapshots/default_${name("data")}/${snapshots[0]}/f.txt`, "utf8")).toBe(
    "before-delete\n",
  );

  expect((await run.destroy()).code).toBe(0);
  expect(getVolume(TEST_POOL, name("data"))).toBeUndefined();
  expect(existsSync(`${POOL_DIR}/custom-snapshots/default_${name("data")}`)).toBe(false);
});
