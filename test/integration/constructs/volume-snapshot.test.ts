// VolumeSnapshot through the constructs and terraform on the real incusd: the snapshot is taken on deploy, holds
// the volume's description and expiry, and goes with `cdktf destroy`.
import type { TerraformStack } from "cdktf";
import { IncusHost, RemovalPolicy, StoragePool, Volume, VolumeSnapshot } from "../../../lib";
import { TEST_POOL } from "../../support/incus";
import { getVolume, incusConstructsSuite, incusQuery, StackRun } from "./support";

const { prefix, runs } = incusConstructsSuite("vsnap");

test("a VolumeSnapshot is taken on deploy and removed with the stack", async () => {
  const run = new StackRun(`${prefix}-s`);
  runs.push(run);
  const volume = `${run.stackName}-data`;
  run.synth((stack: TerraformStack) => {
    const host = new IncusHost(stack, "local");
    const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
    const data = new Volume(stack, "data", { pool, size: "64MiB", removalPolicy: RemovalPolicy.DESTROY });
    new VolumeSnapshot(stack, "snap", {
      volume: data,
      name: "before-upgrade",
      description: "kept",
      expiresAt: "2040-01-01T00:00:00Z",
    });
  });
  await run.deploy();
  const snapshot = incusQuery(`/1.0/storage-pools/${TEST_POOL}/volumes/custom/${volume}/snapshots/before-upgrade`);
  expect(snapshot.description).toBe("kept");
  expect(new Date(snapshot.expires_at).toISOString()).toBe("2040-01-01T00:00:00.000Z");
  expect((await run.destroy()).code).toBe(0);
  expect(getVolume(TEST_POOL, volume)).toBeUndefined();
});
