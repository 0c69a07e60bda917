// drift --format markdown, read back by a real Markdown renderer (marked): a heading and a summary line, a section
// and a table per drifted object, long values in collapsible <details>; and the GitHub Actions job summary.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { buildDriftReport, driftMain, renderDriftMarkdown } from "../../../lib/tooling";
import type { TerraformRunner } from "../../../lib/tooling";
import { driftPlan, driftStack, driftStackJson } from "./support/drift-fixtures";
import type { DriftPlanName } from "./support/drift-fixtures";
import { memoryIO } from "./support/io";
import { renderMarkdown } from "./support/markdown";
import type { MarkdownToken } from "./support/markdown";

const headings = (tokens: readonly MarkdownToken[], depth: number) =>
  tokens.filter((t) => t.type === "heading" && t.depth === depth).map((t) => t.text);
const tables = (tokens: readonly MarkdownToken[]) => tokens.filter((t) => t.type === "table");

describe("drift as Markdown", () => {
  const report = buildDriftReport(driftPlan("incus-changed"), driftStack("drift-lab"), { stackName: "drift-lab" });
  const markdown = renderDriftMarkdown(report);
  const { tokens, html } = renderMarkdown(markdown);

  test("a heading and a summary line first", () => {
    expect(tokens[0]).toMatchObject({ type: "heading", depth: 2, text: "cdktf-virt drift: stack `drift-lab`" });
    expect(tokens.find((t) => t.type === "paragraph")?.text).toBe(
      "**Drift**: 3 objects changed outside the code since the last deploy (2 changed, 1 deleted).",
    );
    expect(html).toContain("<strong>Drift</strong>: 3 objects changed outside the code");
  });

  test("a section per drifted object", () => {
    expect(headings(tokens, 3)).toEqual(report.findings.map((f) => expect.stringContaining(`\`${f.address}\``)));
    expect(headings(tokens, 3)).toContain(
      '`incus_storage_volume.spare`: volume "drift-lab-spare" in pool "cdktf-virt-test" deleted outside the code',
    );
    expect(html).toContain(
      "<strong>Deleted outside the code.</strong> The code still has it: a deploy creates it again",
    );
  });

  test("a table per changed object: one row per change, before and after", () => {
    const [db] = tables(tokens);
    expect(db.header!.map((h) => h.text)).toEqual(["What", "Before", "After"]);
    const rows = db.rows!.map((row) => row.map((c) => c.text));
    const instance = report.findings.find((f) => f.address === "incus_instance.db")!;
    expect(rows).toHaveLength(instance.changes.length);
    expect(rows[0]).toEqual(["power state", "running", "stopped (Stopped)"]);
    expect(rows).toContainEqual(["config key `user.x`", "_(none)_", "`y`"]);
    expect(rows).toContainEqual(["config key `user.note`", "`from-code`", "`changed-by-hand`"]);
  });

  test("a long value goes into a collapsible <details> block, in full", () => {
    const details = tokens.filter((t) => t.type === "html" && t.raw.startsWith("<details>"));
    expect(details.length).toBeGreaterThan(0);
    const rows = tables(tokens)[0].rows!.map((row) => row.map((c) => c.text));
    expect(rows).toContainEqual(['`device["data"]`', "_in full below_", "_(none)_"]);
    // The rendered HTML holds a <details> with a <summary> and the block's JSON in a code block.
    expect(html).toMatch(
      /<details>\s*<summary>device\["data"\]: before and after<\/summary>[\s\S]*<pre><code class="language-json">\{\n {2}&quot;name&quot;: &quot;data&quot;,[\s\S]*<\/code><\/pre>[\s\S]*<\/details>/,
    );
  });

  test("no drift is one line under the heading", () => {
    const clean = renderMarkdown(
      renderDriftMarkdown(
        buildDriftReport(driftPlan("incus-clean"), driftStack("drift-lab"), { stackName: "drift-lab" }),
      ),
    );
    expect(clean.tokens.filter((t) => t.type !== "space").map((t) => t.type)).toEqual(["heading", "paragraph"]);
    expect(clean.html).toContain("<strong>No drift</strong>: all 5 objects are as the last deploy left them.");
  });
});

describe("cdktf-virt drift: --format markdown, the job summary, an empty state", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "t-tooling-drift-md-"));
    const stack = path.join(dir, "cdktf.out", "stacks", "drift-lab");
    fs.mkdirSync(stack, { recursive: true });
    fs.writeFileSync(path.join(stack, "cdk.tf.json"), JSON.stringify(driftStackJson("drift-lab")));
    fs.mkdirSync(path.join(stack, ".terraform"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /**
   * A stand-in terraform: `show -json` answers with the plan fixture; with `pulledState` the refresh finds no objects
   * (no prior_state) and `state pull` prints `pulledState` ("" when there is no state).
   */
  function terraform(plan: DriftPlanName, pulledState?: string, calls: string[] = []): TerraformRunner {
    return {
      run: async (args) => {
        calls.push(args.slice(0, 2).join(" "));
        const out = args.find((a) => a.startsWith("-out="));
        if (out) fs.writeFileSync(out.slice("-out=".length), "fake planfile");
        if (args[0] === "state") return { stdout: pulledState ?? "", stderr: "" };
        const json = driftPlan(plan) as { prior_state?: unknown };
        if (pulledState !== undefined) delete json.prior_state;
        return { stdout: args[0] === "show" ? JSON.stringify(json) : "", stderr: "" };
      },
    };
  }

  test("an empty refresh asks `terraform state pull`: an existing empty state was destroyed, none was never deployed", async () => {
    const calls: string[] = [];
    const destroyed = memoryIO({ cwd: dir, env: {} });
    expect(
      await driftMain(["--json"], destroyed, {
        terraform: terraform("incus-clean", '{"version":4,"serial":7,"lineage":"x","resources":[]}', calls),
      }),
    ).toBe(0);
    expect(JSON.parse(destroyed.out())).toMatchObject({ summary: { checked: 0 }, nothingDeployed: "destroyed" });
    expect(calls).toEqual(["plan -refresh-only", "show -json", "state pull"]);
    const never = memoryIO({ cwd: dir, env: {} });
    expect(await driftMain(["--format", "markdown"], never, { terraform: terraform("incus-clean", "") })).toBe(0);
    expect(never.out()).toBe(
      "## cdktf-virt drift: stack `drift-lab`\n\nNothing to compare in stack drift-lab: it was never deployed (there is no state yet).\n",
    );
  });

  test("objects in the state: no `terraform state pull`", async () => {
    const calls: string[] = [];
    expect(
      await driftMain([], memoryIO({ cwd: dir, env: {} }), { terraform: terraform("incus-clean", undefined, calls) }),
    ).toBe(0);
    expect(calls).toEqual(["plan -refresh-only", "show -json"]);
  });

  test("--format markdown prints the Markdown report; the exit code still says drift", async () => {
    const io = memoryIO({ cwd: dir, env: {} });
    expect(await driftMain(["--format", "markdown"], io, { terraform: terraform("incus-changed") })).toBe(2);
    expect(io.out()).toBe(
      renderDriftMarkdown(
        buildDriftReport(driftPlan("incus-changed"), driftStack("drift-lab"), { stackName: "drift-lab" }),
      ),
    );
  });

  test("GITHUB_STEP_SUMMARY: the Markdown report is appended to that file, whatever --format prints", async () => {
    const summary = path.join(dir, "step-summary.md");
    fs.writeFileSync(summary, "## An earlier step\n\n");
    const io = memoryIO({ cwd: dir, env: { GITHUB_STEP_SUMMARY: summary } });
    expect(await driftMain([], io, { terraform: terraform("incus-changed") })).toBe(2);
    expect(io.out()).toContain("Drift in stack drift-lab:");
    const written = fs.readFileSync(summary, "utf8");
    expect(written.startsWith("## An earlier step\n\n## cdktf-virt drift: stack `drift-lab`\n")).toBe(true);
    expect(headings(renderMarkdown(written).tokens, 2)).toEqual([
      "An earlier step",
      "cdktf-virt drift: stack `drift-lab`",
    ]);
    expect(io.err()).toContain(`drift: added the report to the job summary (${summary})`);
  });

  test("a job summary that cannot be written is a warning; the report and exit code stand", async () => {
    const io = memoryIO({ cwd: dir, env: { GITHUB_STEP_SUMMARY: path.join(dir, "no-such-dir", "summary.md") } });
    expect(await driftMain([], io, { terraform: terraform("incus-clean") })).toBe(0);
    expect(io.out()).toContain("No drift");
    expect(io.err()).toContain("drift: warning: cannot append the report to GITHUB_STEP_SUMMARY");
  });

  test("an unknown format, and --json with another format, are usage errors", async () => {
    const io = memoryIO({ cwd: dir, env: {} });
    expect(await driftMain(["--format", "html"], io, { terraform: terraform("incus-clean") })).toBe(1);
    expect(io.err()).toContain('drift: unknown --format "html"; use one of text, markdown, json');
    const both = memoryIO({ cwd: dir, env: {} });
    expect(await driftMain(["--json", "--format", "markdown"], both, { terraform: terraform("incus-clean") })).toBe(1);
    expect(both.err()).toContain("--json and --format markdown contradict each other");
  });
});
