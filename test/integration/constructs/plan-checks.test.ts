// Plan-time checks through the constructs and terraform on the real incusd: a new stack whose image is misspelt
// fails at plan with the closest image named, and nothing of it (network, profile, pool, volumes, generation
// anchor, instance) exists afterwards; with the image fixed, the same stack creates its own pool, network,
// profile, ephemeral volume and instance in a single apply.
import type { TerraformStack } from "cdktf";
import { IncusHost, Instance, Network, Profile, StoragePool, Volume, VolumeLifecycle } from "../../../lib";
import { TEST_IMAGE, TEST_POOL } from "../../support/incus";
import { getInstance, incusConstructsSuite, incusQuery, StackRun, volumesWithPrefix } from "./support";

const { prefix, runs } = incusConstructsSuite("plchk");
jest.setTimeout(300_000);

/** Terraform wraps long messages; compare with whitespace collapsed. */
const flat = (text: string): string => text.replace(/\s+/g, " ");

function build(image: string) {
  return (stack: TerraformStack) => {
    const host = new IncusHost(stack, "local");
    const pool = new StoragePool(stack, "pool", { host, driver: "dir" });
    const network = new Network(stack, "net", { host });
    const profile = new Profile(stack, "limits", { host, config: { "limits.cpu": "1" } });
    const app = new Instance(stack, "app", {
      host,
      network,
      incus: { image, rootDisk: { pool }, profiles: [profile] },
    });
    app.attach(
      new Volume(stack, "scratch", {
        pool: StoragePool.fromName(stack, "test-pool", host, TEST_POOL),
        lifecycle: VolumeLifecycle.EPHEMERAL,
      }),
      { path: "/scratch" },
    );
  };
}

test("a new stack with a misspelt image fails at plan and leaves nothing; fixed, it creates its own objects in one apply", async () => {
  const run = new StackRun(`${prefix}-s`);
  runs.push(run);
  const name = `${run.stackName}-app`;
  const typo = `${TEST_IMAGE}-typo`;
  run.synth(build(typo));
  await run.init();
  const plan = await run.plan();
  expect(plan.code).toBe(1);
  expect(flat(plan.output)).toMatch(new RegExp(`image "${typo}" does not exist`));
  expect(flat(plan.output)).toMatch(new RegExp(`Did you mean "${TEST_IMAGE}"`));
  const applied = await run.run(["apply", "-auto-approve", "-input=false"]);
  expect(applied.code).toBe(1);
  expect(flat(applied.output)).not.toMatch(/Creation complete/);
  expect(getInstance(name)).toBeUndefined();
  expect(volumesWithPrefix(TEST_POOL, prefix)).toEqual([]);
  const named = (path: string) =>
    ((incusQuery(path) as string[]) ?? [])
      .map((u) => decodeURIComponent(u.split("/").pop()!))
      .filter((n) => n.startsWith(prefix));
  expect(named("/1.0/storage-pools")).toEqual([]);
  expect(named("/1.0/profiles")).toEqual([]);
  const show = await run.run(["show", "-json"]);
  expect(JSON.parse(show.stdout).values).toBeUndefined(); // no terraform_data anchor, nothing in state

  run.synth(build(TEST_IMAGE));
  await run.deploy();
  const live = getInstance(name);
  expect(live.status).toBe("Running");
  expect(live.profiles).toHaveLength(1);
  expect((await run.destroy()).code).toBe(0);
});
