// How terraform finds the bundled providers: a `terraform.d/plugins` directory in the working directory with
// no CLI configuration at all (what a cdktf stack directory gets at synth time), and state written by an older
// schema version upgraded through UpgradeResourceState.
import { lstatSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
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
    const installed = join(ws.dir, ".terraform", "providers", "registry.cdktf-virt.local", "cdktf-virt", "testfs", "0.1.0", "linux_amd64");
    // Terraform links the unpacked mirror entry instead of copying it.
    expect(lstatSync(installed).isSymbolicLink()).toBe(true);
    expect(readlinkSync(installed)).toMatch(/terraform\.d\/plugins\/registry\.cdktf-virt\.local\/cdktf-virt\/testfs\/0\.1\.0\/linux_amd64$/);
    await ws.apply();
    expect(readFileSync(join(ws.dir, "c.txt"), "utf8")).toBe("from cwd mirror");
    expect((await ws.plan()).code).toBe(0);
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
              attributes: { path: "old.txt", content: "old", mode: "0644", id: "old.txt", hash: "legacy-hash", size: 3 },
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
