// drift on a real stack: constructs → synth → terraform with the bundled incus provider → incusd, then changes made
// by hand with the incus CLI on the test's own objects. A config key set and the instance stopped: exit 2 with both
// named; put back: exit 0. A volume deleted by hand is named too, and a deploy brings it back. A plan that cannot
// reach Incus fails with terraform's own error (exit 1). examples/gitops/pipeline.sh drift passes the exit code on.
import { execFileSync, spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { buildSync } from "esbuild";
import type { TerraformStack } from "cdktf";
import { IncusHost, Instance, StoragePool, Volume } from "../../../lib";
import { driftMain, terraformRunner } from "../../../lib/tooling";
import type { DriftReport } from "../../../lib/tooling";
import { requireIncus, TEST_IMAGE, TEST_POOL, testClient, uniqueName } from "../../support/incus";
import { terraformBinary } from "../../support/terraform";
import { forceCleanup, getInstance, getVolume, StackRun } from "../constructs/support";
import { memoryIO } from "../../unit/tooling/support/io";

const prefix = uniqueName("drift");
const client = testClient();
const run = new StackRun(`${prefix}-x`);
const name = (id: string) => `${run.stackName}-${id}`;
const ROOT = path.join(__dirname, "..", "..", "..");

/** The environment StackRun runs terraform in: no CLI configuration, providers from the stack's terraform.d/plugins. */
function terraformEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: path.join(run.root, "home"), ...extra };
  delete env.TF_CLI_CONFIG_FILE;
  delete env.TF_PLUGIN_CACHE_DIR;
  return env;
}

function runner(extraEnv: NodeJS.ProcessEnv = {}) {
  return terraformRunner({ env: terraformEnv(extraEnv) });
}

function incus(...args: string[]): void {
  execFileSync("incus", args, { stdio: ["ignore", "ignore", "pipe"] });
}

/** A container with a data volume, and a spare volume nothing uses. */
function app(stack: TerraformStack): void {
  const host = new IncusHost(stack, "local");
  const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
  const data = new Volume(stack, "data", { pool, size: "64MiB", protect: false });
  new Volume(stack, "spare", { pool, size: "32MiB", protect: false });
  const db = new Instance(stack, "db", { host, image: TEST_IMAGE, rootDisk: { pool } });
  db.attach(data, { path: "/data" });
}

/** drift on the test's stack, picked by name from the app directory as a user would. */
async function drift(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = memoryIO({ cwd: run.root });
  const code = await driftMain([run.stackName, ...args], io, { terraform: runner() });
  return { code, out: io.out(), err: io.err() };
}

beforeAll(async () => {
  await requireIncus(client);
  run.synth(app);
  await run.deploy();
});

afterAll(async () => {
  await run.destroy().catch(() => undefined);
  run.cleanup();
  forceCleanup(prefix, [TEST_POOL]);
  await client.close();
});

describe("drift on a deployed Incus stack", () => {
  test("an untouched stack: no drift, exit 0", async () => {
    const result = await drift();
    // The pool is only named (fromName): the state holds the container and the two volumes.
    expect(result.out).toBe(`No drift in stack ${run.stackName}: all 3 objects are as the last deploy left them.\n`);
    expect(result.code).toBe(0);
  });

  test("a config key set and the instance stopped with the incus CLI: exit 2, both named", async () => {
    incus("config", "set", name("db"), "user.x=y");
    incus("stop", "--force", name("db"));

    const text = await drift();
    expect(text.code).toBe(2);
    expect(text.out).toContain(
      `Drift in stack ${run.stackName}: 1 object changed outside the code since the last deploy (1 changed).`,
    );
    expect(text.out).toContain(`  incus_instance.db (${run.stackName}/db): instance "${name("db")}" changed\n`);
    expect(text.out).toContain(
      "    - stopped outside the code (status Running → Stopped); the code keeps it running: a deploy starts it again\n",
    );
    expect(text.out).toContain('    - config key "user.x" added: "y"\n');

    const json = await drift("--json");
    expect(json.code).toBe(2);
    const report = JSON.parse(json.out) as DriftReport;
    expect(report.findings).toEqual([
      expect.objectContaining({
        address: "incus_instance.db",
        constructPath: `${run.stackName}/db`,
        action: "changed",
        changes: [
          expect.objectContaining({ kind: "power", before: true, after: false, statusAfter: "Stopped" }),
          expect.objectContaining({ kind: "config", key: "user.x", after: "y" }),
        ],
      }),
    ]);
    // drift only reads: the instance is still stopped and still has the key.
    expect(getInstance(name("db"))).toMatchObject({
      status: "Stopped",
      config: expect.objectContaining({ "user.x": "y" }),
    });
  });

  test("after putting it back by hand: exit 0", async () => {
    incus("config", "unset", name("db"), "user.x");
    incus("start", name("db"));
    const result = await drift();
    expect(result.out).toContain("No drift");
    expect(result.code).toBe(0);
  });

  test("a volume deleted by hand is named; a deploy creates it again and the drift is gone", async () => {
    incus("storage", "volume", "delete", TEST_POOL, name("spare"));
    const result = await drift();
    expect(result.code).toBe(2);
    expect(result.out).toContain(
      `  incus_storage_volume.spare (${run.stackName}/spare): volume "${name(
        "spare",
      )}" in pool "${TEST_POOL}" was DELETED outside the code\n` +
        "    - the code still has it: a deploy creates it again (a new volume: the data that was on the old one is gone)\n",
    );
    await run.deploy();
    expect(getVolume(TEST_POOL, name("spare"))).toBeDefined();
    expect((await drift()).code).toBe(0);
  });

  test("a plan that cannot reach Incus: exit 1 with terraform's own error", async () => {
    const io = memoryIO({ cwd: run.root });
    const missing = path.join(run.root, "no-incus.socket");
    const code = await driftMain([run.stackName], io, { terraform: runner({ INCUS_SOCKET: missing }) });
    expect(code).toBe(1);
    expect(io.out()).toBe("");
    expect(io.err()).toMatch(/`terraform plan -refresh-only .*` in .* exited with 1:/);
    expect(io.err()).toContain("Error:");
    expect(io.err()).toContain(missing);
  });

  test("examples/gitops/pipeline.sh drift: the report in drift.txt, exit 2 on drift and 0 without", () => {
    incus("stop", "--force", name("db"));
    const drifted = pipelineDrift();
    expect(drifted.status).toBe(2);
    expect(drifted.stdout).toContain(`incus_instance.db (${run.stackName}/db): instance "${name("db")}" changed`);
    expect(drifted.stderr).toContain(
      "pipeline: objects changed outside the code (cdktf-virt drift exited 2); see drift.txt",
    );
    expect(fs.readFileSync(path.join(run.root, "reports", "drift.txt"), "utf8")).toContain("stopped outside the code");
    incus("start", name("db"));
    const clean = pipelineDrift();
    expect(clean.status).toBe(0);
    expect(clean.stdout).toContain("No drift");
  });
});

/**
 * Runs the example pipeline's drift stage on the test's stack (synthesized already; its state is local, so the
 * pg connection string the pipeline insists on is never used). cdktf-virt is drift from these sources, bundled.
 */
function pipelineDrift(): { status: number | null; stdout: string; stderr: string } {
  const shim = path.join(run.root, "cdktf-virt.js");
  if (!fs.existsSync(shim)) {
    buildSync({
      stdin: {
        contents:
          "const [command, ...args] = process.argv.slice(2);\n" +
          'if (command !== "drift") throw new Error(`shim: only drift, not ${command}`);\n' +
          'require("./lib/tooling/drift").main(args, { stdout: process.stdout, stderr: process.stderr }).then((code) => (process.exitCode = code));\n',
        resolveDir: ROOT,
        loader: "js",
      },
      bundle: true,
      platform: "node",
      outfile: shim,
      logLevel: "error",
    });
  }
  const env = terraformEnv({
    PG_CONN_STR: "unused: the test stack keeps its state in a local file",
    STACK_DIR: run.stackDir,
    SKIP_SYNTH: "1",
    REPORT_DIR: path.join(run.root, "reports"),
    CDKTF_VIRT: `${process.execPath} ${shim}`,
    PATH: `${path.dirname(terraformBinary())}:${process.env.PATH}`,
  });
  const r = spawnSync("bash", [path.join(ROOT, "examples", "gitops", "pipeline.sh"), "drift"], {
    env,
    encoding: "utf8",
    timeout: 300_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
