// explain, graph and drift refuse a synthesized stack older than the app's sources (they would describe code that is
// no longer there) and say which synth command to run; --allow-stale uses it as it is.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { driftMain, explainMain, graphMain } from "../../../lib/tooling";
import type { TerraformRunner } from "../../../lib/tooling";
import { memoryIO } from "./support/io";
import { homelabJson } from "./support/plans";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const HOUR = 3600;

/**
 * A cdktf app with one synthesized stack, written an hour ago; `files` are added (or, when they exist, touched) with
 * their age in hours.
 */
function app(files: { [file: string]: number } = {}, packageJson?: object): { dir: string; stackFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stale-app-"));
  dirs.push(dir);
  const put = (file: string, text: string, hoursAgo: number) => {
    const full = path.join(dir, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    if (!fs.existsSync(full)) fs.writeFileSync(full, text); // an existing file is only touched
    const t = Date.now() / 1000 - hoursAgo * HOUR;
    fs.utimesSync(full, t, t);
  };
  put("cdktf.json", JSON.stringify({ language: "typescript", app: "npx ts-node main.ts", output: "cdktf.out" }), 3);
  put("main.ts", "// the app\n", 2);
  if (packageJson) put("package.json", JSON.stringify(packageJson), 3);
  const stackFile = path.join(dir, "cdktf.out", "stacks", "homelab", "cdk.tf.json");
  put(path.relative(dir, stackFile), JSON.stringify(homelabJson()), 1);
  for (const [file, hoursAgo] of Object.entries(files)) put(file, "// source\n", hoursAgo);
  return { dir, stackFile };
}

/** terraform that must not run: a stale stack is refused before any plan. */
function noTerraform(calls: string[][]): TerraformRunner {
  return {
    run: async (args) => {
      calls.push([...args]);
      throw new Error("terraform should not run");
    },
  };
}

describe("a stack older than its app", () => {
  test("graph refuses it, naming the newer source and the command to run; --allow-stale draws it", async () => {
    const { dir, stackFile } = app({ "lib/db.ts": 0 });
    const io = memoryIO({ cwd: dir });
    expect(await graphMain([], io)).toBe(1);
    expect(io.err()).toBe(
      `graph: ${stackFile} is older than the app it was synthesized from (lib/db.ts changed since), so it may not show the code as it is now. ` +
        `Run \`npx cdktf synth\` in ${dir} first, or pass --allow-stale to use it as it is.\n`,
    );
    const allowed = memoryIO({ cwd: dir });
    expect(await graphMain(["--allow-stale"], allowed)).toBe(0);
    expect(allowed.out()).toContain("flowchart");
  });

  test("explain and drift refuse it before running terraform", async () => {
    const { dir } = app({ "main.ts": 0 });
    const calls: string[][] = [];
    const explained = memoryIO({ cwd: dir });
    expect(await explainMain([], explained, { terraform: noTerraform(calls) })).toBe(1);
    expect(explained.err()).toMatch(
      /^explain: .* is older than the app .*\(main\.ts changed since\).*Run `npx cdktf synth`/,
    );
    const drifted = memoryIO({ cwd: dir, env: {} });
    expect(await driftMain([], drifted, { terraform: noTerraform(calls) })).toBe(1);
    expect(drifted.err()).toMatch(/^drift: .* is older than the app .*--allow-stale/);
    expect(calls).toEqual([]);
  });

  test("a changed cdktf.json counts; a CDK Terrain app is told to run cdktn synth", async () => {
    const { dir } = app({ "cdktf.json": 0 }, { devDependencies: { "cdktn-cli": "^0.24.0" } });
    const io = memoryIO({ cwd: dir });
    expect(await graphMain([], io)).toBe(1);
    expect(io.err()).toMatch(/\(cdktf\.json changed since\).*Run `npx cdktn synth`/);
  });

  test("node_modules, the output directory and files other than TypeScript sources do not count", async () => {
    const { dir } = app({
      "node_modules/dep/index.ts": 0,
      "cdktf.out/stacks/homelab/extra.ts": 0,
      "README.md": 0,
      "lib/old.ts": 2,
    });
    const io = memoryIO({ cwd: dir });
    expect(await graphMain([], io)).toBe(0);
    expect(io.err()).toBe("");
  });
});
