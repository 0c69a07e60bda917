// examples/gitops/pipeline.sh end to end: a stack with its state in a real PostgreSQL (the example's pg backend),
// planned and guarded, deployed on the real incusd; then a plan that deletes the persistent volume is refused and
// cannot be deployed until the destruction is allowed explicitly.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { App, TerraformStack } from "cdktf";
import { IncusHost, Instance, StoragePool, Volume, VolumeLifecycle } from "../../../lib";
import { usePgBackend } from "../../../examples/gitops/backend";
import { requireIncus, TEST_IMAGE, TEST_POOL, testClient, uniqueName } from "../../support/incus";
import { ensureBundledProviders, terraformBinary } from "../../support/terraform";
import { forceCleanup, getInstance, getVolume } from "../constructs/support";
import { TestPostgres } from "./support/postgres";

const ROOT = path.join(__dirname, "..", "..", "..");
const PIPELINE = path.join(ROOT, "examples", "gitops", "pipeline.sh");
const SHIM = path.join(__dirname, "support", "cdktf-virt.js");
const prefix = uniqueName("tooling");
const stackName = `${prefix}-ops`;
const schema = stackName.replace(/\W+/g, "_");
const client = testClient();
const root = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
const outdir = path.join(root, "cdktf.out");
const stackDir = path.join(outdir, "stacks", stackName);
let postgres: TestPostgres | undefined;

/** The pipeline reads cdktf-virt from the build: every compiled file of the commands it runs must be current. */
function requireCurrentBuild(): void {
  const stale: string[] = [];
  const visit = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const source = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(source);
      else if (source.endsWith(".ts")) {
        const built = path.join(ROOT, "dist", source.replace(/\.ts$/, ".js"));
        if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < fs.statSync(path.join(ROOT, source)).mtimeMs)
          stale.push(source);
      }
    }
  };
  for (const dir of ["common", "stack", "explain", "graph", "doctor"]) visit(path.join("lib", "tooling", dir));
  if (stale.length > 0) {
    throw new Error(`dist/ is older than ${stale.join(", ")}: run \`npm run build\` before the integration tests.`);
  }
}

/** The stack with its data volume attached to db, kept but detached, or removed from the code. */
function synth(data: "attached" | "detached" | "none"): void {
  const app = new App({ outdir });
  const stack = new TerraformStack(app, stackName);
  const host = new IncusHost(stack, "local");
  const pool = StoragePool.fromName(stack, "pool", host, TEST_POOL);
  const scratch = new Volume(stack, "scratch", { pool, size: "64MiB", lifecycle: VolumeLifecycle.EPHEMERAL });
  const db = new Instance(stack, "db", { host, image: TEST_IMAGE, rootDisk: { pool } });
  db.attach(scratch, { path: "/scratch" });
  if (data !== "none") {
    const volume = new Volume(stack, "data", { pool, size: "64MiB", protect: false });
    if (data === "attached") db.attach(volume, { path: "/data" });
  }
  usePgBackend(stack, { schemaName: schema });
  app.synth();
}

function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: path.join(root, "home"),
    PG_CONN_STR: postgres!.connectionString,
    STACK_DIR: stackDir,
    SKIP_SYNTH: "1",
    CDKTF_VIRT: `${process.execPath} ${SHIM}`,
    PATH: `${path.dirname(terraformBinary())}:${process.env.PATH}`,
    ...extra,
  };
  delete e.TF_CLI_CONFIG_FILE;
  return e;
}

/** Runs a pipeline stage; fails with its output when the exit code is not the expected one. */
function pipeline(stage: string, expectedCode: number, extra: NodeJS.ProcessEnv = {}) {
  const r = spawnSync("bash", [PIPELINE, stage], { env: env(extra), encoding: "utf8", timeout: 300_000 });
  if (r.status !== expectedCode) {
    throw new Error(
      `pipeline.sh ${stage} exited with ${r.status}, expected ${expectedCode}:\n${r.stdout}\n${r.stderr}`,
    );
  }
  return { stdout: r.stdout, stderr: r.stderr };
}

beforeAll(async () => {
  await requireIncus(client);
  requireCurrentBuild();
  ensureBundledProviders(["incus"]);
  fs.mkdirSync(path.join(root, "home"));
  postgres = TestPostgres.start(prefix);
});

afterAll(async () => {
  try {
    if (postgres && fs.existsSync(stackDir)) {
      spawnSync(terraformBinary(), ["-chdir=" + stackDir, "destroy", "-auto-approve", "-input=false", "-no-color"], {
        env: env(),
        encoding: "utf8",
      });
    }
  } finally {
    forceCleanup(prefix, [TEST_POOL]);
    postgres?.stop();
    fs.rmSync(root, { recursive: true, force: true });
    await client.close();
  }
});

describe("examples/gitops/pipeline.sh", () => {
  test("plan explains and approves a plan that destroys nothing; deploy applies it with the state in PostgreSQL", () => {
    synth("attached");
    // No credentials in the synthesized configuration: terraform takes them from PG_CONN_STR.
    expect(JSON.parse(fs.readFileSync(path.join(stackDir, "cdk.tf.json"), "utf8")).terraform.backend).toEqual({
      pg: { schema_name: schema },
    });

    const plan = pipeline("plan", 0);
    expect(plan.stdout).toContain(`incus_instance.db: instance "${stackName}-db" will be created`);
    expect(plan.stderr).toContain("explain --guard: passed");
    const report = JSON.parse(fs.readFileSync(path.join(stackDir, "explain.json"), "utf8"));
    expect(report.summary.instances).toEqual({ create: 1 });
    expect(fs.existsSync(path.join(stackDir, "plan.json"))).toBe(false);

    pipeline("deploy", 0);
    expect(getInstance(`${stackName}-db`).status).toBe("Running");
    expect(getVolume(TEST_POOL, `${stackName}-data`)).toBeDefined();
    expect(postgres!.query(`select name from ${schema}.states`)).toEqual(["default"]);
  });

  test("a plan deleting the persistent volume is refused and cannot be deployed; detached first, it goes with GUARD_ALLOW", () => {
    const data = `${stackName}-data`;
    synth("none");
    const refused = pipeline("plan", 2);
    expect(refused.stderr).toContain(`- incus_storage_volume.data: persistent volume "${data}" would be DESTROYED`);
    expect(refused.stderr).toContain("nothing is deployed");
    // Deleting an attached volume in the same apply that detaches it: explain says what the provider does about it.
    expect(refused.stdout).toContain(
      "incus_storage_volume.data is deleted while incus_instance.db still has it attached",
    );
    expect(pipeline("deploy", 1).stderr).toContain("has not passed explain --guard");
    expect(getVolume(TEST_POOL, data)).toBeDefined();

    synth("detached");
    const detach = pipeline("plan", 0);
    expect(detach.stdout).toContain(
      `persistent volume "${data}" (incus_storage_volume.data) at /data: detached; data kept`,
    );
    expect(detach.stdout).toContain('why: device["data"] removed');
    pipeline("deploy", 0);
    expect(Object.keys(getInstance(`${stackName}-db`).devices)).not.toContain("data");
    expect(getVolume(TEST_POOL, data)).toBeDefined();

    synth("none");
    const allowed = pipeline("plan", 0, { GUARD_ALLOW: "incus_storage_volume.data" });
    expect(allowed.stderr).toContain("allowed by --allow: incus_storage_volume.data");
    pipeline("deploy", 0);
    expect(getVolume(TEST_POOL, data)).toBeUndefined();
  });
});
