// attach(volume, { snapshotBeforeRebuild }) through the constructs and terraform on the real incusd: an image change
// rebuilds the container, and the data volume then has a snapshot "rebuild-<instance>-<stamp>" taken before it.
import type { TerraformStack } from "cdktf";
import { IncusHost, Instance, RemovalPolicy, StoragePool, Volume } from "../../../lib";
import { TEST_IMAGE, TEST_POOL } from "../../support/incus";
import { getInstance, getVolume, incusConstructsSuite, incusQuery, shIn, StackRun } from "./support";

const { prefix, runs, image2 } = incusConstructsSuite("sbr", { secondImage: true });

test("an image change rebuilds the container after a snapshot of its data volume", async () => {
  const run = new StackRun(`${prefix}-r`);
  runs.push(run);
  const name = (id: string) => `${run.stackName}-${id}`;
  const build = (image: string) => (stack: TerraformStack) => {
    const host = new IncusHost(stack, "local");
    const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
    const data = new Volume(stack, "data", { pool, size: "64MiB", removalPolicy: RemovalPolicy.DESTROY });
    new Instance(stack, "app", { host, incus: { image, rootDisk: { pool } } }).attach(data, {
      path: "/data",
      snapshotBeforeRebuild: 2,
    });
  };
  run.synth(build(TEST_IMAGE));
  await run.deploy();
  expect(getVolume(TEST_POOL, name("data")).config["user.cdktf-virt.snapshot-before-rebuild"]).toBe("2");
  shIn(name("app"), "echo v1 > /data/file.txt");
  const uuid = getInstance(name("app")).config["volatile.uuid"];

  run.synth(build(image2));
  await run.deploy();
  expect(getInstance(name("app")).config["volatile.uuid"]).not.toBe(uuid);
  const snapshots: string[] = (
    incusQuery(`/1.0/storage-pools/${TEST_POOL}/volumes/custom/${name("data")}/snapshots`) ?? []
  ).map((u: string) => decodeURIComponent(u.split("/").pop()!));
  expect(snapshots).toHaveLength(1);
  expect(snapshots[0]).toMatch(new RegExp(`^rebuild-${name("app")}-\\d{8}T\\d{6}Z$`));

  expect((await run.destroy()).code).toBe(0);
});
