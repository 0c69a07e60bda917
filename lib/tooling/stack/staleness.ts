// A synthesized stack older than the app it was synthesized from: explain, graph and drift would describe code
// that is no longer there. The app is found the way cdktf finds it: the cdktf.json whose output directory holds the
// stack; its sources are the app's TypeScript files, cdktf.json itself and the files its `app` command names.
import * as fs from "node:fs";
import * as path from "node:path";
import { ToolError } from "../common/errors";
import { isObject } from "../common/json";

/** Directories never part of the app's sources. */
const SKIPPED_DIRS = new Set(["node_modules", ".git", ".terraform"]);
const SOURCE_FILE = /\.(ts|tsx|mts|cts)$/;

export interface StaleStack {
  /** The app directory (where cdktf.json is). */
  readonly appDir: string;
  /** A source file newer than the stack's cdk.tf.json. */
  readonly newer: string;
  /** The command that synthesizes the app again. */
  readonly synthCommand: string;
}

/** The cdktf app a stack file was synthesized from: the nearest cdktf.json above it whose output dir holds it. */
function appOf(stackFile: string): { dir: string; config: { [key: string]: unknown } } | undefined {
  for (let dir = path.dirname(path.resolve(stackFile)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, "cdktf.json");
    if (fs.existsSync(file)) {
      let config: unknown;
      try {
        config = JSON.parse(fs.readFileSync(file, "utf8"));
      } catch {
        return undefined; // cdktf itself says what is wrong with it
      }
      if (!isObject(config)) return undefined;
      const output = path.resolve(dir, typeof config.output === "string" ? config.output : "cdktf.out");
      return path.resolve(stackFile).startsWith(`${output}${path.sep}`) ? { dir, config } : undefined;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The first file of `dir` (recursively, sources only) modified after `since`. */
function newerSource(dir: string, since: number, skip: ReadonlySet<string>): string | undefined {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (SKIPPED_DIRS.has(entry.name) || skip.has(full)) continue;
      const found = newerSource(full, since, skip);
      if (found !== undefined) return found;
    } else if (entry.isFile() && SOURCE_FILE.test(entry.name) && !entry.name.endsWith(".d.ts") && mtime(full) > since) {
      return full;
    }
  }
  return undefined;
}

function mtime(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** `cdktf synth`, or `cdktn synth` when the app runs on CDK Terrain (its package.json depends on it). */
function synthCommandFor(appDir: string): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(appDir, "package.json"), "utf8")) as { [key: string]: unknown };
    const deps = { ...(pkg.dependencies as object), ...(pkg.devDependencies as object) };
    if ("cdktn-cli" in deps || "cdktn" in deps) return "npx cdktn synth";
  } catch {
    // no package.json: cdktf's command
  }
  return "npx cdktf synth";
}

/** Says whether a stack file is older than its app's sources; undefined when it is not (or no app is found). */
export function staleStack(stackFile: string): StaleStack | undefined {
  const app = appOf(stackFile);
  if (app === undefined) return undefined;
  const since = mtime(stackFile);
  const output = path.resolve(app.dir, typeof app.config.output === "string" ? app.config.output : "cdktf.out");
  // The files the app command names (e.g. "node dist/main.js", "npx ts-node main.ts"), and cdktf.json itself.
  const named = (typeof app.config.app === "string" ? app.config.app.split(/\s+/) : [])
    .filter((word) => /\.[cm]?[jt]sx?$/.test(word))
    .map((word) => path.resolve(app.dir, word));
  const newer =
    [path.join(app.dir, "cdktf.json"), ...named].find((f) => mtime(f) > since) ??
    newerSource(app.dir, since, new Set([output]));
  return newer === undefined ? undefined : { appDir: app.dir, newer, synthCommand: synthCommandFor(app.dir) };
}

/** Refuses a stack older than its app's sources, unless the user allows it (--allow-stale). */
export function refuseStaleStack(stackFile: string, command: string, allowStale: boolean): void {
  if (allowStale) return;
  const stale = staleStack(stackFile);
  if (stale === undefined) return;
  throw new ToolError(
    `${command}: ${stackFile} is older than the app it was synthesized from (${
      path.relative(stale.appDir, stale.newer) || stale.newer
    } changed since), ` +
      `so it may not show the code as it is now. Run \`${stale.synthCommand}\` in ${stale.appDir} first, or pass --allow-stale to use it as it is.`,
  );
}
