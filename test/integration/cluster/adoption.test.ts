// Interrupted runs on the real three-member cluster: terraform SIGKILLed in the middle of a deploy of instances and
// volumes placed on every member, then the same deploy again adopts what the dead run created (found through its
// owner marker on whichever member it is) and finishes, with an empty plan after it; finally the state file is lost
// altogether and a deploy adopts every object where it is — no object re-created, none destroyed.
import { rmSync } from "node:fs";
import type { TerraformStack } from "cdktf";
import type { IncusClient } from "../../../lib/incus";
import { Instance, StoragePool, Volume, VolumeLifecycle } from "../../../lib";
import { TEST_IMAGE, TEST_POOL, uniqueName } from "../../support/incus";
import { StackRun } from "../constructs/support";
import { cleanupCluster, clusterClient, clusterHost, MEMBERS, requireCluster } from "./support";

jest.setTimeout(400_000);

const prefix = uniqueName("cadopt");
let client: IncusClient;
const runs: StackRun[] = [];

beforeAll(async () => {
  client = clusterClient();
  await requireCluster(client);
});

afterAll(async () => {
  for (const run of runs) run.cleanup();
  try {
    await cleanupCluster(client, prefix, TEST_POOL);
  } finally {
    await client.close();
  }
});

const PER_MEMBER = 2;

/** On every member: PER_MEMBER instances, each with a persistent and an ephemeral volume on its member. */
function fleet(stack: TerraformStack): void {
  const host = clusterHost(stack);
  const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
  for (const member of MEMBERS) {
    for (let i = 0; i < PER_MEMBER; i++) {
      const id = `${member}-${i}`;
      const data = new Volume(stack, `data-${id}`, { pool, size: "32MiB", protect: false, incus: { target: member } });
      const scratch = new Volume(stack, `scratch-${id}`, { pool, size: "32MiB", lifecycle: VolumeLifecycle.EPHEMERAL, incus: { target: member } });
      const app = new Instance(stack, `app-${id}`, { host, incus: { image: TEST_IMAGE, rootDisk: { pool }, target: member } });
      app.attach(data, { path: "/data" });
      app.attach(scratch, { path: "/scratch" });
    }
  }
}

/** name → "location|created_at" of the stack's instances and custom volumes, on every member. */
async function identities(stackName: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const i of await client.instances.list()) if (i.name.startsWith(stackName)) out[i.name] = `${i.location}|${i.created_at}`;
  for (const v of await client.storageVolumes.list(TEST_POOL)) {
    if (v.type === "custom" && v.name.startsWith(stackName)) out[`volume ${v.name}`] = `${v.location}|${v.created_at}`;
  }
  return out;
}

test("a deploy SIGKILLed half way, then run again, adopts what it left on every member; a lost state file too", async () => {
  const run = new StackRun(`${prefix}-f`);
  runs.push(run);
  run.synth(fleet);
  await run.init();

  // Kill terraform once the first objects exist on the cluster (the dead run never records them in its state).
  const child = run.spawn(["apply", "-auto-approve", "-input=false", "-parallelism=4"]);
  const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));
  for (let i = 0; Object.keys(await identities(run.stackName)).filter((n) => !n.startsWith("volume ")).length < 2; i++) {
    if (i > 600) throw new Error("the deploy created no instance within 60 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  await exited;
  // The provider processes of the killed run finish their calls and exit on their own.
  await new Promise((r) => setTimeout(r, 5_000));
  const leftBehind = await identities(run.stackName);
  const total = MEMBERS.length * PER_MEMBER * 3;
  expect(Object.keys(leftBehind).length).toBeGreaterThan(0);
  expect(Object.keys(leftBehind).length).toBeLessThan(total);

  const resumed = await run.ok(["apply", "-auto-approve", "-input=false"]);
  expect(resumed.output).not.toContain("already exists");
  expect(resumed.output).not.toMatch(/Destroying\.\.\./);
  expect((await run.plan()).code).toBe(0);
  const deployed = await identities(run.stackName);
  expect(Object.keys(deployed)).toHaveLength(total);
  // What the killed run created is the same object now (adopted, not re-created).
  for (const [name, id] of Object.entries(leftBehind)) {
    if (!name.startsWith("volume ") || !name.includes("-scratch-")) expect(deployed[name]).toBe(id);
  }
  for (const member of MEMBERS) {
    for (let i = 0; i < PER_MEMBER; i++) expect(deployed[`${run.stackName}-app-${member}-${i}`]).toMatch(new RegExp(`^${member}\\|`));
  }

  // Lose the whole state: the next deploy adopts every object where it is, re-creating and destroying nothing.
  rmSync(run.statePath, { force: true });
  rmSync(`${run.statePath}.backup`, { force: true });
  const adopted = await run.ok(["apply", "-auto-approve", "-input=false"]);
  expect(adopted.output).not.toMatch(/Destroying\.\.\./);
  expect(await identities(run.stackName)).toEqual(deployed);
  expect((await run.plan()).code).toBe(0);

  const destroyed = await run.run(["destroy", "-auto-approve", "-input=false"]);
  expect(destroyed.code).toBe(0);
  expect(await identities(run.stackName)).toEqual({});
});
