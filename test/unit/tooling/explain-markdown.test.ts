// explain --format markdown, read back by a real Markdown renderer (marked): a heading and the summary line, the
// guard's verdict, the instances replaced with why and a table of what happens to each volume's data, the volumes
// that change on their own with their removal policy and restore command, the rest in collapsible <details>; and
// the GitHub Actions job summary.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { evaluateGuard, explainMain, explainPlan, renderExplainMarkdown } from "../../../lib/tooling";
import { memoryIO } from "./support/io";
import { renderMarkdown } from "./support/markdown";
import type { MarkdownToken } from "./support/markdown";
import {
  change,
  homelabJson,
  homelabPriorState,
  homelabStack,
  imageUpgradePlan,
  NO_INCUS_CLIENT,
  planOf,
  unprotectedDb,
} from "./support/plans";

const headings = (tokens: readonly MarkdownToken[], depth: number) =>
  tokens.filter((t) => t.type === "heading" && t.depth === depth).map((t) => t.text);
const detailsSummaries = (html: string) =>
  [...html.matchAll(/<details>\s*<summary>([^<]*)<\/summary>/g)].map((m) => m[1]);

describe("explain as Markdown: an instance replaced", () => {
  const report = explainPlan(imageUpgradePlan(), homelabStack(unprotectedDb), NO_INCUS_CLIENT);
  const { tokens, html } = renderMarkdown(
    renderExplainMarkdown(report, { stack: "homelab", guard: evaluateGuard(report) }),
  );

  test("a heading, the summary line and the guard's verdict first", () => {
    expect(tokens[0]).toMatchObject({ type: "heading", depth: 2, text: "cdktf-virt explain: stack `homelab`" });
    const paragraphs = tokens.filter((t) => t.type === "paragraph").map((t) => t.text);
    expect(paragraphs[0]).toBe(
      "**Plan**: 1 instance (1 replaced); 1 volume (1 replaced). 2 objects deleted or replaced, 1 volume loses its data.",
    );
    expect(paragraphs[1]).toMatch(/^\*\*Guard: passed\.\*\*/);
  });

  test("the instance replaced, why, and a table of what happens to the data of each of its volumes", () => {
    expect(headings(tokens, 3)).toEqual(["Instances replaced or deleted"]);
    expect(headings(tokens, 4)).toEqual([
      '`incus_instance.db`: instance "homelab-db" will be REPLACED (destroyed and created again)',
    ]);
    const why = tokens.find((t) => t.type === "list");
    expect(why?.items?.map((i) => i.text)).toEqual([
      expect.stringContaining('image: "debian-12" → "debian-13"'),
      expect.stringMatching(/^its generation anchor terraform\\?_data/),
    ]);
    const table = tokens.find((t) => t.type === "table")!;
    expect(table.header!.map((h) => h.text)).toEqual(["Volume", "Kind", "Path", "What happens to its data"]);
    const rows = table.rows!.map((row) => row.map((c) => c.text));
    expect(rows).toContainEqual([
      '`incus_storage_volume.scratch` "homelab-scratch"',
      "ephemeral",
      "`/scratch`",
      expect.stringContaining("its data is DESTROYED"),
    ]);
    expect(rows).toContainEqual([
      '`incus_storage_volume.pgdata` "homelab-pgdata"',
      "persistent, rebuildOnChange",
      "`/var/lib/postgresql`",
      expect.stringContaining("data kept"),
    ]);
    expect(html).toContain("<td>ephemeral</td>");
  });

  test("the rest in collapsible <details> blocks", () => {
    expect(detailsSummaries(html)).toEqual(["Would be deleted (2)"]);
    expect(html).toMatch(
      /<details>\s*<summary>Would be deleted \(2\)<\/summary>[\s\S]*<li><code>incus_storage_volume.scratch<\/code>: ephemeral volume &quot;homelab-scratch&quot; \(replaced by a new one; its data is destroyed\)<\/li>[\s\S]*<\/details>/,
    );
  });
});

describe("explain as Markdown: a volume removed from the code", () => {
  const archive = {
    name: "homelab-archive",
    pool: "homelab-pool",
    type: "custom",
    remote: "lab",
    config: {
      "user.cdktf-virt.owner": "homelab/archive",
      "user.cdktf-virt.lifecycle": "persistent",
      "user.cdktf-virt.removal-policy": "snapshot",
    },
  };
  const plan = planOf(
    [change("incus_storage_volume.archive", "delete", archive, null, { reason: "delete_because_no_resource_config" })],
    [...homelabPriorState(), { address: "incus_storage_volume.archive", values: archive }],
  );
  const report = explainPlan(plan, homelabStack(), NO_INCUS_CLIENT);
  const { tokens, html } = renderMarkdown(renderExplainMarkdown(report));

  test("its data's fate, its removal policy and the restore command as code to copy", () => {
    expect(headings(tokens, 3)).toEqual(["Volumes"]);
    const item = tokens.find((t) => t.type === "list")!.items![0].text;
    expect(item).toMatch(
      /^`incus_storage_volume.archive`: persistent volume "homelab-archive" in pool "homelab-pool" will be DELETED; a final copy of its data is kept/,
    );
    expect(html).toContain(
      "<code>incus storage volume copy &#39;homelab-pool/homelab-archive-final-&lt;yyyymmddThhmmssZ&gt;&#39; homelab-pool/homelab-archive</code>",
    );
    expect(html).toContain(
      "removal policy snapshot: deleted after a final copy homelab-archive-final-&lt;yyyymmddThhmmssZ&gt;",
    );
  });
});

describe("explain --format markdown on the command line", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "explain-md-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const planFile = path.join(dir, "plan.json");
  const configFile = path.join(dir, "cdk.tf.json");
  fs.writeFileSync(planFile, JSON.stringify(imageUpgradePlan()));
  const config = homelabJson();
  unprotectedDb(config);
  fs.writeFileSync(configFile, JSON.stringify(config));

  test("prints the Markdown report, and appends it to GITHUB_STEP_SUMMARY", async () => {
    const summary = path.join(dir, "summary.md");
    fs.writeFileSync(summary, "earlier step\n");
    const io = memoryIO({ cwd: dir, env: { ...NO_INCUS_CLIENT, GITHUB_STEP_SUMMARY: summary } });
    expect(await explainMain(["plan.json", "--format", "markdown", "--guard"], io)).toBe(0);
    expect(io.out()).toMatch(/^## cdktf-virt explain: stack `[^`]+`\n\n\*\*Plan\*\*: 1 instance/);
    expect(io.out()).toContain("**Guard: passed.**");
    expect(fs.readFileSync(summary, "utf8")).toBe(`earlier step\n${io.out()}\n`);
    expect(io.err()).toContain(`explain: added the report to the job summary (${summary})`);
  });

  test("the text report stays the default; the job summary gets Markdown all the same", async () => {
    const summary = path.join(dir, "summary-text.md");
    const io = memoryIO({ cwd: dir, env: { ...NO_INCUS_CLIENT, GITHUB_STEP_SUMMARY: summary } });
    expect(await explainMain(["plan.json"], io)).toBe(0);
    expect(io.out()).toMatch(/^Plan: 1 instance/);
    expect(fs.readFileSync(summary, "utf8")).toMatch(/^## cdktf-virt explain/);
  });

  test("an unknown format, or --json with another format, is a usage error", async () => {
    const io = memoryIO({ cwd: dir, env: NO_INCUS_CLIENT });
    expect(await explainMain(["plan.json", "--format", "html"], io)).toBe(1);
    expect(io.err()).toMatch(/^explain: unknown --format "html"; use one of text, markdown, json/);
    const both = memoryIO({ cwd: dir, env: NO_INCUS_CLIENT });
    expect(await explainMain(["plan.json", "--json", "--format", "markdown"], both)).toBe(1);
    expect(both.err()).toMatch(/^explain: --json and --format markdown contradict each other/);
  });
});
