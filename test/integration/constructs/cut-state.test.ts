// A terraform killed while writing its local state leaves the file cut short (Terraform rewrites it in place), and
// every later terraform command refuses to start. The synth of the next `cdktf deploy` puts Terraform's backup back
// (lib/packaging/local-state.ts): the deploy converges, adopting what the killed run created, the persistent volume
// keeps its bytes, and the cut file is kept. While a terraform holds the state's lock, the file is never touched.
import { readFileSync, readdirSync, truncateSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { TerraformStack } from "cdktf";
import { IncusHost, Instance, StoragePool, Volume, VolumeLifecycle } from "../../../lib";
import { lockedOnLinux } from "../../../lib/packaging";
import { TEST_IMAGE, TEST_POOL } from "../../support/incus";
import { getVolume, incusConstructsSuite, shIn, StackRun } from "./support";

const { prefix, runs } = incusConstructsSuite("cutstate");

/** The stack with `extras` more volumes, each created by a later deploy. */
function stack(extras: number) {
  return (s: TerraformStack) => {
    const host = new IncusHost(s, "local");
    const pool = StoragePool.fromName(s, "pool", host, TEST_POOL);
    const app = new Instance(s, "app", { host, incus: { image: TEST_IMAGE, rootDisk: { pool } } });
    app.attach(new Volume(s, "data", { pool, size: "32MiB", lifecycle: VolumeLifecycle.PERSISTENT }), {
      path: "/data",
    });
    for (let i = 0; i < extras; i++) new Volume(s, `extra${i}`, { pool, size: "32MiB" });
  };
}

const identity = (name: string) => {
  const v = getVolume(TEST_POOL, name);
  return v && `${v.config["volatile.uuid"] ?? ""}|${v.created_at}`;
};

function warningsOf(run: StackRun): string[] {
  const manifest = JSON.parse(readFileSync(join(run.outdir, "manifest.json"), "utf8"));
  return (manifest.stacks[run.stackName].annotations as { level: string; message: string }[])
    .filter((a) => /warn/.test(a.level))
    .map((a) => a.message);
}

const keptFiles = (run: StackRun) =>
  readdirSync(dirname(run.statePath)).filter((f) => f.startsWith(`${basename(run.statePath)}.cut-`));

test("a state file cut short by a killed terraform: the next deploy's synth restores the backup and the deploy converges; a locked file is left alone", async () => {
  const run = new StackRun(`${prefix}-a`);
  runs.push(run);
  run.synth(stack(0));
  await run.deploy();
  shIn(`${run.stackName}-app`, "echo 'kept across the cut' > /data/proof.txt");
  const dataName = `${run.stackName}-data`;
  const dataBefore = identity(dataName);

  // The second deploy creates a volume; Terraform writes the state it started from to the backup first.
  run.synth(stack(1));
  await run.deploy();
  const extraBefore = identity(`${run.stackName}-extra0`);
  expect(extraBefore).toBeDefined();
  const whole = readFileSync(run.statePath);
  truncateSync(run.statePath, Math.floor(whole.length / 2));

  // What a killed write leaves: terraform itself cannot start.
  const refused = await run.plan();
  expect(refused.code).toBe(1);
  expect(refused.output).toMatch(/Unsupported state file format/);

  // The synth of the next deploy restores the backup (the state before the second deploy) and says so.
  run.synth(stack(1));
  expect(warningsOf(run)).toEqual([expect.stringContaining(`The local state file ${run.statePath} could not be read`)]);
  expect(keptFiles(run)).toHaveLength(1);
  expect(readFileSync(join(dirname(run.statePath), keptFiles(run)[0]))).toEqual(whole.subarray(0, whole.length / 2));
  const resumed = await run.deploy();
  expect(resumed).not.toMatch(/Destroying/);
  expect(resumed).toMatch(/Apply complete! Resources: 1 added, 0 changed, 0 destroyed/); // the extra volume, adopted
  expect(identity(dataName)).toBe(dataBefore);
  expect(identity(`${run.stackName}-extra0`)).toBe(extraBefore);
  expect(shIn(`${run.stackName}-app`, "cat /data/proof.txt")).toBe("kept across the cut\n");

  // A terraform holding the state's lock (an apply waiting for its "yes"): its file is never taken for a cut one.
  run.synth(stack(2));
  const waiting = run.spawn(["apply", "-input=true"], {}, "pipe");
  let prompt = "";
  await new Promise<void>((resolve, reject) => {
    waiting.stdout!.on("data", (d: Buffer) => {
      prompt += d;
      if (/Enter a value:/.test(prompt)) resolve();
    });
    waiting.once("close", (code) => reject(new Error(`terraform apply ended (${code}) before its prompt:\n${prompt}`)));
  });
  try {
    expect(lockedOnLinux(run.statePath)).toBe(true);
    const intact = readFileSync(run.statePath);
    truncateSync(run.statePath, Math.floor(intact.length / 2));
    run.synth(stack(2));
    expect(warningsOf(run)).toEqual([]);
    expect(readFileSync(run.statePath).length).toBe(Math.floor(intact.length / 2));
    expect(keptFiles(run)).toHaveLength(1);
    writeFileSync(run.statePath, intact);
  } finally {
    waiting.kill("SIGKILL");
    await new Promise((resolve) => waiting.once("close", resolve));
  }
  expect(lockedOnLinux(run.statePath)).toBe(false);
  expect(getVolume(TEST_POOL, `${run.stackName}-extra1`)).toBeUndefined(); // the unanswered apply did nothing
  run.synth(stack(1));
  expect((await run.plan()).code).toBe(0);
});
