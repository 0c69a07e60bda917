// Import through terraform: the CLI `terraform import` command, and an `import {}` block with
// -generate-config-out whose generated configuration then plans no changes.
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TerraformWorkspace } from "../../support/terraform";
import { testfsWorkspace, writeMain } from "./testfs";

jest.setTimeout(60_000);

describe("provider runtime: import through terraform", () => {
  const workspaces: TerraformWorkspace[] = [];
  afterAll(() => workspaces.forEach((w) => w.cleanup()));

  test("terraform import reads the object into state; the plan is then empty", async () => {
    const ws = testfsWorkspace("imp-cli");
    workspaces.push(ws);
    writeFileSync(join(ws.dir, "existing.txt"), "made by hand");
    chmodSync(join(ws.dir, "existing.txt"), 0o600);
    writeMain(
      ws,
      `resource "testfs_file" "e" {\n  path    = "existing.txt"\n  content = "made by hand"\n  mode    = "0600"\n}`,
    );
    await ws.init();
    const r = await ws.import("testfs_file.e", "existing.txt");
    expect(r.output).toMatch(/Import successful/);
    const e = await ws.resource("testfs_file.e");
    expect(e?.values).toMatchObject({
      path: "existing.txt",
      content: "made by hand",
      mode: "0600",
      id: "existing.txt",
    });
    const plan = await ws.plan();
    expect(plan.output).toMatch(/No changes/);
    expect(plan.code).toBe(0);
  });

  test("an import block with -generate-config-out writes a configuration that plans no changes", async () => {
    const ws = testfsWorkspace("imp-gen");
    workspaces.push(ws);
    writeFileSync(join(ws.dir, "legacy.txt"), "legacy content");
    chmodSync(join(ws.dir, "legacy.txt"), 0o640);
    writeMain(ws, `import {\n  to = testfs_file.legacy\n  id = "legacy.txt"\n}`);
    await ws.init();
    const plan = await ws.plan(["-generate-config-out=generated.tf"]);
    expect(plan.output).toMatch(/Plan: 1 to import, 0 to add, 0 to change, 0 to destroy/);
    const generated = readFileSync(join(ws.dir, "generated.tf"), "utf8");
    expect(generated).toMatch(/resource "testfs_file" "legacy" \{/);
    expect(generated).toMatch(/content\s+= "legacy content"/);
    expect(generated).toMatch(/mode\s+= "0640"/);
    expect(generated).toMatch(/path\s+= "legacy\.txt"/);
    expect(generated).not.toMatch(/sha256/); // computed-only attributes are not configuration
    const apply = await ws.apply();
    expect(apply.output).toMatch(/1 imported, 0 added, 0 changed, 0 destroyed/);
    expect((await ws.plan()).code).toBe(0);
    expect(readFileSync(join(ws.dir, "legacy.txt"), "utf8")).toBe("legacy content");
  });

  test("an import ID that does not exist is a clear error", async () => {
    const ws = testfsWorkspace("imp-missing");
    workspaces.push(ws);
    writeMain(ws, `resource "testfs_file" "m" {\n  path    = "missing.txt"\n  content = "x"\n}`);
    await ws.init();
    const r = await ws.run(["import", "-input=false", "testfs_file.m", "missing.txt"]);
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/Cannot import non-existent remote object/);
  });
});
