// attach(volume, { snapshotBeforeRebuild }) through the constructs and terraform on the real incusd: an image change
// rebuilds the container (replaced with `changes: { image: REPLACE }`, rebuilt in place by default), and the data
// volume then has a snapshot "rebuild-<instance>-<stamp>" taken before it.
import type { TerraformStack } from "cdktf";
import { ImageChange, IncusHost, Instance, RemovalPolicy, StoragePool, Volume } from "../../../lib";
import { TEST_IMAGE, TEST_POOL } from "../../support/incus";
import { getInstance, getVolume, incusConstructsSuite, incusQuery, shIn, StackRun } from "./support";

const { prefix, runs, image2 } = incusConstructsSuite("sbr", { secondImage: true });

test.each([
  [ImageChange.REPLACE, "replaces"],
  [ImageChange.REBUILD, "rebuilds in place"],
])("an image change (%s) %s the container after a snapshot of its data volume", async (imageChange) => {
  const run = new StackRun(`${prefix}-${imageChange === ImageChange.REPLACE ? "r" : "b"}`);
  runs.push(run);
  const name = (id: string) => `${run.stackName}-${id}`;
  const build = (image: string) => (stack: TerraformStack) => {
    const host = new IncusHost(stack, "local");
    const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
    const data = new Volume(stack, "data", { pool, size: "64MiB", removalPolicy: RemovalPolicy.DESTROY });
    new Instance(stack, "app", {
      host,
      incus: { image, rootDisk: { pool }, changes: { image: imageChange } },
    }).attach(data, {
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
  const plan = await run.plan();
  expect(plan.output).toMatch(
    imageChange === ImageChange.REPLACE
      ? /incus_instance\.app must be replaced/
      : /incus_instance\.app will be updated in-place/,
  );
  await run.deploy();
  const after = getInstance(name("app")).config;
  if (imageChange === ImageChange.REPLACE) expect(after["volatile.uuid"]).not.toBe(uuid);
  else expect(after["volatile.uuid"]).toBe(uuid);
  expect(shIn(name("app"), "cat /data/file.txt")).toBe("v1\n");
  const snapshots: string[] = (
    incusQuery(`/1.0/storage-pools/${TEST_POOL}/volumes/custom/${name("data")}/snapshots`) ?? []
  ).map((u: string) => decodeURIComponent(u.split("/").pop()!));
  expect(snapshots).toHaveLength(1);
  expect(snapshots[0]).toMatch(new RegExp(`^rebuild-${name("app")}-\\d{8}T\\d{6}Z$`));

  expect((await run.destroy()).code).toBe(0);
});
