// drift on a stack that holds nothing: one that was never deployed says so, and one that was deployed and then
// destroyed says it was destroyed (its state exists, empty) instead of "never deployed". Real incusd and terraform.
import * as path from "node:path";
import type { TerraformStack } from "cdktf";
import { IncusHost, StoragePool, Volume } from "../../../lib";
import { driftMain, terraformRunner } from "../../../lib/tooling";
import { requireIncus, TEST_POOL, testClient, uniqueName } from "../../support/incus";
import { forceCleanup, getVolume, StackRun } from "../constructs/support";
import { memoryIO } from "../../unit/tooling/support/io";

const prefix = uniqueName("driftgone");
const client = testClient();
const run = new StackRun(`${prefix}-x`);

function app(stack: TerraformStack): void {
  const host = new IncusHost(stack, "local");
  const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
  new Volume(stack, "tiny", { pool, size: "16MiB", protect: false });
}

async function drift(): Promise<{ code: number; out: string; err: string }> {
  // No GITHUB_STEP_SUMMARY: the report must not land in the summary of the CI job running this test.
  const io = memoryIO({ cwd: run.root, env: {} });
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: path.join(run.root, "home") };
  delete env.TF_CLI_CONFIG_FILE;
  delete env.TF_PLUGIN_CACHE_DIR;
  const code = await driftMain([run.stackName], io, { terraform: terraformRunner({ env }) });
  return { code, out: io.out(), err: io.err() };
}

beforeAll(async () => {
  await requireIncus(client);
  run.synth(app);
});

afterAll(async () => {
  await run.destroy().catch(() => undefined);
  run.cleanup();
  forceCleanup(prefix, [TEST_POOL]);
  await client.close();
});

describe("drift when nothing is deployed", () => {
  test("a stack never deployed: says so, exit 0", async () => {
    const result = await drift();
    expect(result.out).toBe(
      `Nothing to compare in stack ${run.stackName}: it was never deployed (there is no state yet).\n`,
    );
    expect(result.code).toBe(0);
  });

  test("a stack deployed and then destroyed: says destroyed, not never deployed", async () => {
    await run.deploy();
    expect(getVolume(TEST_POOL, `${run.stackName}-tiny`)).toBeDefined();
    const destroyed = await run.destroy();
    expect(destroyed.code).toBe(0);
    expect(getVolume(TEST_POOL, `${run.stackName}-tiny`)).toBeUndefined();

    const result = await drift();
    expect(result.out).not.toContain("never deployed");
    expect(result.out).toBe(
      `Nothing deployed in stack ${run.stackName}: its state holds no objects (the stack was destroyed, or every object was removed from it).\n`,
    );
    expect(result.code).toBe(0);
  });
});
