// How terraform finds the bundled providers: a `terraform.d/plugins` directory in the working directory with
// no CLI configuration at all, a fresh cdktf stack directory deployed with `cdktf deploy` (the providers and
// their lock entries written as at synth time), and state written by an older schema version upgraded through
// UpgradeResourceState.
import { spawn, spawnSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PROVIDER_VERSION, prepareWorkingDirectory, providerSource } from "../../../lib/packaging";
import { ensureBundledProviders, terraformBinary } from "../../support/terraform";
import type { TerraformWorkspace } from "../../support/terraform";
import { sha256, testfsWorkspace, writeMain } from "./testfs";

jest.setTimeout(60_000);

describe("provider runtime: installation and state upgrades", () => {
  const workspaces: TerraformWorkspace[] = [];
  afterAll(() => workspaces.forEach((w) => w.cleanup()));

  test("terraform.d/plugins in the working directory is found with no CLI config and an empty HOME", async () => {
    const ws = testfsWorkspace("cwd", "cwd-plugins");
    workspaces.push(ws);
    writeMain(ws, `resource "testfs_file" "c" {\n  path    = "c.txt"\n  content = "from cwd mirror"\n}`);
    const init = await ws.init();
    expect(init.output).toMatch(/Installing registry\.cdktf-virt\.local\/cdktf-virt\/testfs v0\.1\.0/);
    const installed = join(
      ws.dir,
      ".terraform",
      "providers",
      "registry.cdktf-virt.local",
      "cdktf-virt",
      "testfs",
      "0.1.0",
      "linux_amd64",
    );
    // Terraform links the unpacked mirror entry instead of copying it.
    expect(lstatSync(installed).isSymbolicLink()).toBe(true);
    expect(readlinkSync(installed)).toMatch(
      /terraform\.d\/plugins\/registry\.cdktf-virt\.local\/cdktf-virt\/testfs\/0\.1\.0\/linux_amd64$/,
    );
    await ws.apply();
    expect(readFileSync(join(ws.dir, "c.txt"), "utf8")).toBe("from cwd mirror");
    expect((await ws.plan()).code).toBe(0);
  });

  test('an app whose package.json says "type": "module" still starts the providers (they are CommonJS)', async () => {
    const ws = testfsWorkspace("esm-app", "cwd-plugins");
    workspaces.push(ws);
    // The providers live under the app's folder (cdktf.out/stacks/<stack>/terraform.d/plugins); Node reads the
    // nearest package.json to decide how to load a file without a .js/.cjs extension.
    writeFileSync(join(ws.dir, "package.json"), JSON.stringify({ name: "infra", private: true, type: "module" }));
    writeMain(ws, `resource "testfs_file" "m" {\n  path    = "m.txt"\n  content = "from an ESM app"\n}`);
    expect((await ws.init()).code).toBe(0);
    const applied = await ws.apply();
    expect(applied.output).not.toMatch(/ERR_UNKNOWN_FILE_EXTENSION/);
    expect(readFileSync(join(ws.dir, "m.txt"), "utf8")).toBe("from an ESM app");
  });

  test("state from schema version 0 is upgraded by the resource's upgradeState", async () => {
    const ws = testfsWorkspace("upgrade");
    workspaces.push(ws);
    writeFileSync(join(ws.dir, "old.txt"), "old");
    writeMain(ws, `resource "testfs_file" "old" {\n  path    = "old.txt"\n  content = "old"\n}`);
    await ws.init();
    // A state as an older provider version wrote it: schema_version 0, the checksum under its old name "hash".
    const state = {
      version: 4,
      terraform_version: "1.11.4",
      serial: 1,
      lineage: "3f1c2a3e-0000-4000-8000-000000000001",
      outputs: {},
      resources: [
        {
          mode: "managed",
          type: "testfs_file",
          name: "old",
          provider: 'provider["registry.cdktf-virt.local/cdktf-virt/testfs"]',
          instances: [
            {
              schema_version: 0,
              attributes: {
                path: "old.txt",
                content: "old",
                mode: "0644",
                id: "old.txt",
                hash: "legacy-hash",
                size: 3,
              },
              sensitive_attributes: [],
            },
          ],
        },
      ],
      check_results: null,
    };
    writeFileSync(join(ws.dir, "terraform.tfstate"), JSON.stringify(state));
    // Without refresh, the plan's prior state is exactly what UpgradeResourceState returned.
    const plan = await ws.plan(["-refresh=false", "-out=upgrade.plan"]);
    expect(plan.output).toMatch(/No changes/);
    const planJson = JSON.parse((await ws.ok(["show", "-json", "upgrade.plan"])).stdout);
    const prior = planJson.prior_state.values.root_module.resources[0].values;
    expect(prior.sha256).toBe("legacy-hash");
    expect(prior).not.toHaveProperty("hash");
    await ws.apply(["-refresh-only"]);
    const saved = JSON.parse(readFileSync(join(ws.dir, "terraform.tfstate"), "utf8"));
    const instance = saved.resources[0].instances[0];
    expect(instance.schema_version).toBe(1);
    expect(instance.attributes.hash).toBeUndefined();
    expect(instance.attributes.sha256).toBe(sha256("old"));
  });
});

describe("provider runtime: a cdktf stack directory", () => {
  let root: string;
  afterAll(() => root && rmSync(root, { recursive: true, force: true }));

  test("`cdktf deploy` of a fresh stack finds the provider with no manual step (prepareWorkingDirectory)", async () => {
    terraformBinary();
    ensureBundledProviders(["testfs"]);
    root = mkdtempSync(join(tmpdir(), "t-runtime-cdktf-"));
    const app = join(root, "app");
    mkdirSync(join(root, "home"), { recursive: true });
    mkdirSync(app);
    const cdktf = require.resolve("cdktf");
    writeFileSync(
      join(app, "cdktf.json"),
      JSON.stringify({ language: "typescript", app: "node main.js", output: "cdktf.out" }),
    );
    writeFileSync(
      join(app, "main.js"),
      `const { App, TerraformStack, TerraformProvider, TerraformResource } = require(${JSON.stringify(cdktf)});
const app = new App();
const stack = new TerraformStack(app, "demo");
new TerraformProvider(stack, "testfs", {
  terraformResourceType: "testfs",
  terraformGeneratorMetadata: { providerName: "testfs", providerVersionConstraint: ${JSON.stringify(
    PROVIDER_VERSION,
  )} },
  terraformProviderSource: ${JSON.stringify(providerSource("testfs"))},
}).addOverride("root", ${JSON.stringify(app)});
new TerraformResource(stack, "f", { terraformResourceType: "testfs_file", terraformGeneratorMetadata: { providerName: "testfs" } })
  .addOverride("path", "deployed.txt");
stack.node.findChild("f").addOverride("content", "deployed by cdktf");
app.synth();
`,
    );
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: join(root, "home"), CI: "1", CHECKPOINT_DISABLE: "1" };
    delete env.TF_CLI_CONFIG_FILE;
    delete env.TF_PLUGIN_CACHE_DIR;
    const synth = spawnSync(process.execPath, ["main.js"], { cwd: app, env, encoding: "utf8" });
    expect(synth.status).toBe(0);
    // What the constructs do at synth time for every stack.
    prepareWorkingDirectory(join(app, "cdktf.out", "stacks", "demo"), { types: ["testfs"] });
    const bin = join(__dirname, "..", "..", "..", "node_modules", ".bin", "cdktf");
    const deploy = await runChild(spawn(bin, ["deploy", "--skip-synth", "--auto-approve"], { cwd: app, env }), 120_000);
    const out = deploy.replace(/\x1b\[[0-9;]*[A-Za-z]/g, "");
    expect(out).not.toMatch(/Could not retrieve providers for locking/);
    expect(out).toMatch(
      /Reusing previous version of registry\.cdktf-virt\.local\/cdktf-virt\/testfs from the dependency lock file/,
    );
    expect(out).toMatch(/Apply complete! Resources: 1 added/);
    expect(readFileSync(join(app, "deployed.txt"), "utf8")).toBe("deployed by cdktf");
  });
});

function runChild(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => (out += d));
    child.stderr!.on("data", (d) => (out += d));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`timed out:\n${out}`));
    }, timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`exit ${code}:\n${out}`));
    });
  });
}
