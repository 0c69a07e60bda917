// Failures as the user sees them through terraform: a validator error pointing at the attribute's line, a
// resource that fails after creating its object (kept in state, tainted), and an apply interrupted with SIGINT
// (StopProvider reaches the resource, which stops at once and is kept in state).
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { TerraformWorkspace } from "../../support/terraform";
import { waitFor } from "../../support/terraform";
import { testfsWorkspace, writeMain } from "./testfs";

jest.setTimeout(60_000);

describe("provider runtime: errors and interrupts through terraform", () => {
  let ws: TerraformWorkspace;

  beforeAll(async () => {
    ws = testfsWorkspace("err");
    writeMain(ws, "");
    await ws.init();
  });
  afterAll(() => ws?.cleanup());

  test("a validator error is a diagnostic on the attribute's line", async () => {
    writeMain(ws, `resource "testfs_file" "bad" {\n  path    = "bad.txt"\n  content = "x"\n  mode    = "999"\n}`);
    const r = await ws.plan();
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/Error: Invalid value/);
    expect(r.output).toMatch(/"999" is not valid: an octal file mode such as 0644/);
    // Terraform resolved our attribute path to the configuration line.
    expect(r.output).toMatch(
      /with testfs_file\.bad,\s+on main\.tf line \d+, in resource "testfs_file" "bad":\s+\d+:\s+mode\s+= "999"/,
    );
  });

  test("resource validateConfig errors carry their path too", async () => {
    writeMain(ws, `resource "testfs_file" "up" {\n  path    = "../up.txt"\n  content = "x"\n}`);
    const r = await ws.plan();
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/Error: Invalid path/);
    expect(r.output).toMatch(/\d+:\s+path\s+= "\.\.\/up\.txt"/);
  });

  test("a failure after the object exists keeps it in state as tainted", async () => {
    writeMain(
      ws,
      `resource "testfs_file" "half" {\n  path      = "half.txt"\n  content   = "x"\n  fail_with = "disk on fire"\n}`,
    );
    const r = await ws.run(["apply", "-auto-approve", "-input=false"]);
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/Error: File written, then failed on purpose/);
    expect(r.output).toMatch(/disk on fire/);
    expect(r.output).toMatch(/\d+:\s+fail_with = "disk on fire"/);
    expect(existsSync(join(ws.dir, "half.txt"))).toBe(true);
    const half = await ws.resource("testfs_file.half");
    expect(half?.tainted).toBe(true);
    expect(half?.values.id).toBe("half.txt");
    // Tainted: the next plan replaces it, so no object is ever orphaned.
    const plan = await ws.plan();
    expect(plan.output).toMatch(/testfs_file\.half is tainted, so must be replaced/);
    await ws.destroy();
    expect(existsSync(join(ws.dir, "half.txt"))).toBe(false);
  });

  test("SIGINT during apply: StopProvider cancels the resource's work and terraform stops cleanly", async () => {
    writeMain(ws, `resource "testfs_file" "slow" {\n  path     = "slow.txt"\n  content  = "x"\n  delay_ms = 60000\n}`);
    const child = ws.spawn(["apply", "-auto-approve", "-input=false"]);
    const result = waitFor(child, 45_000);
    let seen = "";
    await new Promise<void>((resolve) => {
      child.stdout!.on("data", (d: Buffer) => {
        seen += d.toString();
        if (seen.includes("testfs_file.slow: Creating...")) resolve();
      });
    });
    await new Promise((r) => setTimeout(r, 700)); // let ApplyResourceChange reach the sleep
    const interruptedAt = Date.now();
    child.kill("SIGINT");
    const r = await result;
    const stopMs = Date.now() - interruptedAt;
    expect(r.output).toMatch(/Interrupt received/);
    expect(r.output).toMatch(/Error: Creating testfs_file: interrupted/);
    expect(r.output).toMatch(/Terraform asked the provider to stop/);
    expect(r.code).toBe(1);
    expect(stopMs).toBeLessThan(10_000); // far less than the 60 s delay: the sleep was cancelled
    // The file was written before the delay: the object is in state (tainted), not orphaned.
    const slow = await ws.resource("testfs_file.slow");
    expect(slow?.tainted).toBe(true);
    writeMain(ws, "");
    await ws.apply();
    expect(existsSync(join(ws.dir, "slow.txt"))).toBe(false);
  });
});
