// explain on a planfile saved outside the stack directory (a pipeline's `terraform plan -out=/tmp/...`): terraform
// can only show it where the stack's .terraform and providers are, so explain shows it in the stack directory.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { IncusHost, StoragePool, Volume } from "../../../lib";
import { explainMain, terraformRunner } from "../../../lib/tooling";
import { TEST_POOL, uniqueName } from "../../support/incus";
import { StackRun } from "../constructs/support";
import { memoryIO } from "../../unit/tooling/support/io";

const run = new StackRun(`${uniqueName("tooling")}-pf`);
const planDir = fs.mkdtempSync(path.join(os.tmpdir(), "cdktf-virt-planfile-"));

function runner() {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: path.join(run.root, "home") };
  delete env.TF_CLI_CONFIG_FILE;
  delete env.TF_PLUGIN_CACHE_DIR;
  return terraformRunner({ env });
}

beforeAll(() => {
  run.synth((stack) => {
    const host = new IncusHost(stack, "local");
    const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
    new Volume(stack, "data", { pool, size: "64MiB", protect: false });
  });
});

afterAll(() => {
  run.cleanup();
  fs.rmSync(planDir, { recursive: true, force: true });
});

test("explain reads a planfile saved in /tmp with terraform show run in the stack directory", async () => {
  const planFile = path.join(planDir, "plan.tfplan");
  await run.init();
  await run.ok(["plan", "-input=false", `-out=${planFile}`]); // nothing is applied: the plan only
  const io = memoryIO({ cwd: run.root });
  const code = await explainMain([planFile, "--json"], io, { terraform: runner() });
  expect({ code, stderr: io.err() }).toEqual({
    code: 0,
    stderr: expect.not.stringMatching(/unavailable provider|exited with/),
  });
  const report = JSON.parse(io.out());
  expect(report.lifecycleFrom).toBe("configuration");
  expect(report.volumes).toEqual([expect.objectContaining({ address: "incus_storage_volume.data", action: "create" })]);
}, 180_000);
