// The incus commands an apply prints to bring data back run as printed, through a shell, with the real incus CLI:
// the SNAPSHOT policy's final copy and the snapshot taken before a rebuild, on an IncusHost whose construct id ("lab")
// is not a remote the CLI knows. The plan announces the final copy's name as a pattern, not a time that never comes.
import { execFileSync } from "node:child_process";
import type { TerraformStack } from "cdktf";
import { IncusHost, Instance, RemovalPolicy, StoragePool, Volume } from "../../../lib";
import { TEST_IMAGE, TEST_POOL } from "../../support/incus";
import { printedCommands, sh } from "./printed-commands";
import { getVolume, incusConstructsSuite, shIn, StackRun, volumesWithPrefix } from "./support";

const { prefix, runs, image2 } = incusConstructsSuite("rcmd", { secondImage: true });

/** Reads `file` of custom volume `volume` by attaching it to `instance` for a moment. */
function readVolumeFile(instance: string, volume: string, file: string): string {
  execFileSync("incus", [
    "config",
    "device",
    "add",
    instance,
    "check",
    "disk",
    `pool=${TEST_POOL}`,
    `source=${volume}`,
    "path=/check",
  ]);
  try {
    return shIn(instance, `cat /check/${file}`);
  } finally {
    execFileSync("incus", ["config", "device", "remove", instance, "check"]);
  }
}

test("SNAPSHOT on IncusHost 'lab': the plan names the copy's pattern, and the printed restore command restores the bytes", async () => {
  const run = new StackRun(`${prefix}-fin`);
  runs.push(run);
  const name = (id: string) => `${run.stackName}-${id}`;
  const build = (withVolume: boolean) => (stack: TerraformStack) => {
    const host = new IncusHost(stack, "lab");
    const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
    const app = new Instance(stack, "app", { host, incus: { image: TEST_IMAGE, rootDisk: { pool } } });
    if (withVolume)
      app.attach(new Volume(stack, "data", { pool, size: "64MiB", removalPolicy: RemovalPolicy.SNAPSHOT }), {
        path: "/data",
      });
  };
  run.synth(build(true));
  await run.deploy();
  shIn(name("app"), "printf 'precious bytes\\n' > /data/data.txt");

  run.synth(build(false));
  const plan = (await run.plan()).output;
  expect(plan).toContain(`${TEST_POOL}/${name("data")}-final-<yyyymmddThhmmssZ>`);
  const applied = await run.deploy();
  expect(getVolume(TEST_POOL, name("data"))).toBeUndefined();
  const copies = volumesWithPrefix(TEST_POOL, `${name("data")}-final-`, "custom");
  expect(copies).toHaveLength(1);

  const commands = printedCommands(applied, "incus");
  expect(commands).toEqual([`incus storage volume copy ${TEST_POOL}/${copies[0]} ${TEST_POOL}/${name("data")}`]);
  for (const command of commands) sh(command);
  expect(readVolumeFile(name("app"), name("data"), "data.txt")).toBe("precious bytes\n");
  execFileSync("incus", ["storage", "volume", "delete", TEST_POOL, name("data")]);
  expect((await run.destroy()).code).toBe(0);
});

test("snapshotBeforeRebuild on IncusHost 'lab': the apply names the snapshot, and the printed commands bring its bytes back", async () => {
  const run = new StackRun(`${prefix}-sbr`);
  runs.push(run);
  const name = (id: string) => `${run.stackName}-${id}`;
  const build = (image: string) => (stack: TerraformStack) => {
    const host = new IncusHost(stack, "lab");
    const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
    const data = new Volume(stack, "data", { pool, size: "64MiB", removalPolicy: RemovalPolicy.DESTROY });
    new Instance(stack, "app", { host, incus: { image, rootDisk: { pool } } }).attach(data, {
      path: "/data",
      snapshotBeforeRebuild: 1,
    });
  };
  run.synth(build(TEST_IMAGE));
  await run.deploy();
  shIn(name("app"), "printf 'before the rebuild\\n' > /data/file.txt");

  run.synth(build(image2));
  const applied = await run.deploy();
  shIn(name("app"), "printf 'after the rebuild\\n' > /data/file.txt");
  const snapshot = /snapshot (rebuild-\S+-\d{8}T\d{6}Z)/.exec(applied)?.[1];
  expect(snapshot).toMatch(new RegExp(`^rebuild-${name("app")}-\\d{8}T\\d{6}Z$`));

  const commands = printedCommands(applied, "incus");
  const copyTo = `${name("data")}-${snapshot}`;
  expect(commands).toEqual([
    `incus storage volume copy ${TEST_POOL}/${name("data")}/${snapshot} ${TEST_POOL}/${copyTo}`,
    `incus storage volume snapshot restore ${TEST_POOL} ${name("data")} ${snapshot}`,
  ]);
  // The copy: a new volume with the bytes of before the rebuild, the rebuilt instance's data untouched.
  sh(commands[0]);
  expect(readVolumeFile(name("app"), copyTo, "file.txt")).toBe("before the rebuild\n");
  execFileSync("incus", ["storage", "volume", "delete", TEST_POOL, copyTo]);
  // In place: Incus refuses while a running instance uses the volume, as the warning says; stopped, it restores.
  execFileSync("incus", ["stop", name("app"), "--force"]);
  sh(commands[1]);
  execFileSync("incus", ["start", name("app")]);
  expect(shIn(name("app"), "cat /data/file.txt")).toBe("before the rebuild\n");
  expect((await run.destroy()).code).toBe(0);
});
