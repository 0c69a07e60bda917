// `cdktf-virt graph --format html` opened in a real browser: a stack with two hosts, a pool, a project, volumes of
// every lifecycle and removal policy and instances is synthesized as `cdktf synth` does, drawn with the built command
// line (no Graphviz installed), and the page is opened in headless chromium. Every host, pool, volume and instance
// name, and every legend entry, must be visible as text; the page must fetch nothing but itself.
import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { App, TerraformStack } from "cdktf";
import { EDGE_STYLES, LIFECYCLE_FILLS, NODE_STYLES, REMOVAL_BORDERS } from "../../../lib/tooling/graph/graph-style";
import { graphApp } from "../../unit/tooling/support/graph-stack";
import { launchChromium } from "./support/browser";
import type { Browser, Page } from "./support/browser";

const ROOT = path.join(__dirname, "..", "..", "..");
const root = fs.mkdtempSync(path.join(os.tmpdir(), "t-graph-html-"));
const page = path.join(root, "stack.html");
let browser: Browser | undefined;
let tab: Page;
const requests: string[] = [];
const problems: string[] = [];

/** The command line runs the built code: it must be built from the current sources. */
function requireFreshBuild(): void {
  const dir = path.join("lib", "tooling", "graph");
  const stale = fs
    .readdirSync(path.join(ROOT, dir))
    .filter((file) => file.endsWith(".ts"))
    .filter((file) => {
      const built = path.join(ROOT, "dist", dir, file.replace(/\.ts$/, ".js"));
      return !fs.existsSync(built) || fs.statSync(built).mtimeMs < fs.statSync(path.join(ROOT, dir, file)).mtimeMs;
    });
  if (stale.length > 0)
    throw new Error(
      `dist/ is older than ${stale.join(", ")} in ${dir}: run \`npm run build\` before the integration tests.`,
    );
}

beforeAll(async () => {
  requireFreshBuild();
  const app = new App({ outdir: path.join(root, "cdktf.out"), stackTraces: false });
  graphApp(new TerraformStack(app, "graphs"), "ghtml");
  app.synth();
  // The built command line, in a shell without Graphviz on PATH: what a user's `npx cdktf-virt graph` runs.
  const result = spawnSync(
    process.execPath,
    [path.join(ROOT, "bin", "cdktf-virt"), "graph", "--format", "html", "--output", page],
    {
      cwd: root,
      env: { ...process.env, PATH: path.dirname(process.execPath) },
      encoding: "utf8",
    },
  );
  if (result.status !== 0) throw new Error(`cdktf-virt graph exited ${result.status}: ${result.stderr}`);
  browser = await launchChromium();
  tab = await browser.newPage();
  tab.on("request", (request) => requests.push(request.url()));
  tab.on("console", (message) => (message.type() === "error" ? problems.push(message.text()) : undefined));
  tab.on("pageerror", (error) => problems.push(error.message));
  await tab.goto(pathToFileURL(page).href, { waitUntil: "load" });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/**
 * Some element showing exactly `text` is visible: not hidden, with a box on the page, and (for the picture) inside the
 * figure's box, so a user sees it without scrolling sideways.
 */
async function expectVisible(text: string, inFigure = false): Promise<void> {
  const match = tab.getByText(text, { exact: true });
  const count = await match.count();
  const box = count > 0 ? await match.first().boundingBox() : null;
  const figure = inFigure ? await tab.locator("figure.graph").boundingBox() : null;
  const inside =
    !inFigure ||
    (box !== null && figure !== null && box.x >= figure.x - 1 && box.x + box.width <= figure.x + figure.width + 1);
  expect({
    text,
    found: count > 0,
    visible: count > 0 && (await match.first().isVisible()),
    sized: box !== null && box.width > 0 && box.height > 0,
    inside,
  }).toEqual({
    text,
    found: true,
    visible: true,
    sized: true,
    inside: true,
  });
}

describe("graph --format html in headless chromium", () => {
  test("every host, project, pool, volume and instance is visible by name", async () => {
    for (const text of [
      'Incus remote "lab" (unix://)',
      "libvirt qemu:///system",
      "project ghtml-apps",
      "pool ghtml-pool",
      "pool ghtml-images",
    ]) {
      await expectVisible(text, true);
    }
    for (const volume of ["pgdata", "logs", "media", "scratch", "cache", "debian", "root", "vmdata"])
      await expectVisible(`volume ghtml-${volume}`, true);
    for (const instance of ["db", "web", "vm"]) await expectVisible(`instance ghtml-${instance}`, true);
  });

  test("policies, kept copies and released volumes are written on the picture", async () => {
    for (const policy of ["protect", "retain", "snapshot", "destroy"]) await expectVisible(`removal: ${policy}`, true);
    await expectVisible("snapshot ghtml-pgdata-final-<time>", true);
    await expectVisible("released ghtml-vmdata", true);
    await expectVisible("snapshots before a rebuild, the last 4 kept", true);
    await expectVisible("snapshot ghtml-pgdata/before-upgrade", true);
  });

  test("the legend explains every shape, fill, border and line", async () => {
    await expectVisible("Volume fill: lifecycle");
    await expectVisible("Volume border: removal policy");
    for (const table of [NODE_STYLES, LIFECYCLE_FILLS, REMOVAL_BORDERS, EDGE_STYLES]) {
      for (const entry of Object.values(table)) await expectVisible(entry.meaning);
    }
  });

  test("the page is self-contained: it loads nothing but itself and raises no errors", async () => {
    await tab.screenshot({ path: path.join(root, "stack.png"), fullPage: true });
    expect(requests).toEqual([pathToFileURL(page).href]);
    expect(problems).toEqual([]);
  });
});
