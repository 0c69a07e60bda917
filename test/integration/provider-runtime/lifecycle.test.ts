// The resource lifecycle through the real terraform binary and the bundled test provider: offline init from
// the mirror, create, empty plan after apply, in-place update, replacement, drift (edited and deleted by hand),
// a data source, destroy. The steps share one workspace and run in order.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TerraformWorkspace } from "../../support/terraform";
import { sha256, testfsWorkspace, writeMain } from "./testfs";

const resourceBlock = (path: string, content: string) => `
resource "testfs_file" "a" {
  path    = ${JSON.stringify(path)}
  content = ${JSON.stringify(content)}
  tags    = { owner = "tests" }
  section {
    name = "one"
    body = "first"
  }
  section {
    name = "two"
  }
}

data "testfs_file_info" "main" {
  path = "main.tf"
}

output "main_tf_exists" {
  value = data.testfs_file_info.main.exists
}
`;

jest.setTimeout(60_000);

describe("provider runtime: lifecycle through terraform", () => {
  let ws: TerraformWorkspace;
  const file = (name: string) => join(ws.dir, name);
  const body = (content: string) => `${content}\n[one]\nfirst\n[two]\n`;

  beforeAll(() => {
    ws = testfsWorkspace("life");
  });
  afterAll(() => ws?.cleanup());

  test("init installs the provider from the mirror with no network", async () => {
    writeMain(ws, resourceBlock("a.txt", "hello"));
    const r = await ws.init();
    expect(r.output).toMatch(/Installing registry\.cdktf-virt\.local\/cdktf-virt\/testfs v0\.1\.0/);
    expect(readFileSync(join(ws.dir, ".terraform.lock.hcl"), "utf8")).toMatch(/"h1:/);
  });

  test("plan shows a create, apply creates the file and records computed values", async () => {
    const plan = await ws.plan();
    expect(plan.code).toBe(2);
    expect(plan.output).toMatch(/testfs_file\.a will be created/);
    expect(plan.output).toMatch(/sha256\s+= \(known after apply\)/);
    await ws.apply();
    expect(readFileSync(file("a.txt"), "utf8")).toBe(body("hello"));
    const a = await ws.resource("testfs_file.a");
    expect(a?.values).toMatchObject({
      id: "a.txt",
      mode: "0644",
      sha256: sha256(body("hello")),
      size: Buffer.byteLength(body("hello")),
      tags: { owner: "tests" },
      section: [
        { name: "one", body: "first", length: 5 },
        { name: "two", body: null, length: 0 },
      ],
    });
  });

  test("plan after apply is empty", async () => {
    const plan = await ws.plan();
    expect(plan.output).toMatch(/No changes/);
    expect(plan.code).toBe(0);
  });

  test("a content change is an in-place update", async () => {
    writeMain(ws, resourceBlock("a.txt", "hello again"));
    const plan = await ws.plan();
    expect(plan.code).toBe(2);
    expect(plan.output).toMatch(/testfs_file\.a will be updated in-place/);
    expect(plan.output).not.toMatch(/must be replaced/);
    await ws.apply();
    expect(readFileSync(file("a.txt"), "utf8")).toBe(body("hello again"));
    expect((await ws.resource("testfs_file.a"))?.values.sha256).toBe(sha256(body("hello again")));
    expect((await ws.plan()).code).toBe(0);
  });

  test("a path change (RequiresReplace) replaces the file", async () => {
    writeMain(ws, resourceBlock("b.txt", "hello again"));
    const plan = await ws.plan();
    expect(plan.output).toMatch(/testfs_file\.a must be replaced/);
    expect(plan.output).toMatch(/path\s+= "a\.txt" -> "b\.txt" # forces replacement/);
    await ws.apply();
    expect(existsSync(file("a.txt"))).toBe(false);
    expect(readFileSync(file("b.txt"), "utf8")).toBe(body("hello again"));
    expect((await ws.plan()).code).toBe(0);
  });

  test("refresh sees a file edited by hand, apply puts the content back", async () => {
    writeFileSync(file("b.txt"), "edited by hand");
    const plan = await ws.plan();
    expect(plan.code).toBe(2);
    // ReadResource reported the edited content; the plan turns it back.
    expect(plan.output).toMatch(/testfs_file\.a will be updated in-place/);
    expect(plan.output).toMatch(/content = "edited by hand" -> "hello again"/);
    await ws.apply();
    expect(readFileSync(file("b.txt"), "utf8")).toBe(body("hello again"));
  });

  test("refresh sees a file deleted by hand, apply creates it again", async () => {
    rmSync(file("b.txt"));
    const plan = await ws.plan();
    // ReadResource answered "gone": the object left the state and is planned again.
    expect(plan.output).toMatch(/testfs_file\.a will be created/);
    expect(plan.output).toMatch(/Plan: 1 to add, 0 to change, 0 to destroy/);
    await ws.apply();
    expect(readFileSync(file("b.txt"), "utf8")).toBe(body("hello again"));
  });

  test("the data source is read", async () => {
    const out = await ws.ok(["output", "-json", "main_tf_exists"]);
    expect(JSON.parse(out.stdout)).toBe(true);
  });

  test("destroy deletes the file and empties the state", async () => {
    await ws.destroy();
    expect(existsSync(file("b.txt"))).toBe(false);
    expect((await ws.show()).values).toBeUndefined();
  });
});
