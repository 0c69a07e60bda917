// Runs the real terraform binary in a temporary working directory whose providers come from a private
// filesystem mirror holding the bundled providers (no registry, no network). Shared by every test that drives
// terraform: provider runtime, incus and libvirt providers, constructs end-to-end.
import { spawn, spawnSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  bundledProviderPath,
  cliConfigForMirror,
  installBundledProviders,
  prepareWorkingDirectory,
} from "../../lib/packaging";

const ROOT = join(__dirname, "..", "..");

export interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout + stderr, for assertions on messages wherever terraform printed them. */
  readonly output: string;
}

/**
 * A failed run for an error message: terraform's errors (stderr) first, then everything it printed. Failure output
 * is often cut to its first lines (CI summaries, jest's message), and a large refresh prints dozens of lines before
 * the error that matters.
 */
export function failureReport(r: RunResult): string {
  const errors = r.stderr.trim();
  return errors ? `${errors}\n--- all output ---\n${r.output}` : r.output;
}

export interface WorkspaceOptions {
  /** Provider types to install from dist/providers (built on demand). */
  readonly providers: readonly string[];
  /** Directory name prefix (keep it unique per test file). */
  readonly prefix?: string;
  /**
   * "cli-config": a TF_CLI_CONFIG_FILE pointing at a private mirror (default).
   * "cwd-plugins": no CLI config, providers in ./terraform.d/plugins and an empty HOME — the way a cdktf stack
   * directory finds them.
   */
  readonly mirror?: "cli-config" | "cwd-plugins";
  readonly env?: NodeJS.ProcessEnv;
}

/** Fails with a clear message when terraform is missing (tests never skip). */
export function terraformBinary(): string {
  for (const candidate of [process.env.TERRAFORM_BINARY, "/usr/local/bin/terraform"]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  const found = spawnSync("sh", ["-c", "command -v terraform"], { encoding: "utf8" }).stdout.trim();
  if (found) return found;
  throw new Error(
    "terraform is not installed (expected /usr/local/bin/terraform or on PATH); these tests need the real binary.",
  );
}

/**
 * Makes sure dist/providers/terraform-provider-<type>.js exists and is newer than the provider sources,
 * running scripts/bundle-providers.js when it is not.
 */
export function ensureBundledProviders(types: readonly string[]): void {
  const sourcesMtime = newestMtime(join(ROOT, "lib"));
  const fixturesMtime = newestMtime(join(ROOT, "test", "fixtures", "test-provider"));
  const stale = types.filter((t) => {
    const p = bundledProviderPath(t);
    if (!existsSync(p)) return true;
    const m = statSync(p).mtimeMs;
    return m < sourcesMtime || (t === "testfs" && m < fixturesMtime);
  });
  if (stale.length === 0) return;
  const r = spawnSync(process.execPath, [join(ROOT, "scripts", "bundle-providers.js"), ...stale], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`bundling providers ${stale.join(", ")} failed:\n${r.stdout}\n${r.stderr}`);
  for (const t of stale) {
    if (!existsSync(bundledProviderPath(t)))
      throw new Error(`provider ${t} has no entry point to bundle:\n${r.stdout}`);
  }
}

function newestMtime(dir: string): number {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else if (entry.name.endsWith(".ts") || entry.name.endsWith(".sh")) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

export class TerraformWorkspace {
  readonly dir: string;
  private readonly env: NodeJS.ProcessEnv;

  private constructor(
    readonly root: string,
    env: NodeJS.ProcessEnv,
  ) {
    this.dir = join(root, "work");
    this.env = env;
  }

  static create(opts: WorkspaceOptions): TerraformWorkspace {
    terraformBinary();
    ensureBundledProviders(opts.providers);
    const root = mkdtempSync(join(tmpdir(), `${opts.prefix ?? "t-tf"}-`));
    const work = join(root, "work");
    mkdirSync(work);
    const env: NodeJS.ProcessEnv = { ...process.env, CHECKPOINT_DISABLE: "1", TF_IN_AUTOMATION: "1", ...opts.env };
    delete env.TF_CLI_CONFIG_FILE;
    delete env.TF_PLUGIN_CACHE_DIR;
    if ((opts.mirror ?? "cli-config") === "cli-config") {
      const mirror = join(root, "mirror");
      installBundledProviders(mirror, { types: opts.providers });
      writeFileSync(join(root, "cli.tfrc"), cliConfigForMirror(mirror));
      env.TF_CLI_CONFIG_FILE = join(root, "cli.tfrc");
    } else {
      prepareWorkingDirectory(work, { types: opts.providers });
      const home = join(root, "home");
      mkdirSync(home);
      env.HOME = home;
    }
    return new TerraformWorkspace(root, env);
  }

  /** Writes a file into the working directory (e.g. "main.tf"). */
  write(name: string, content: string): void {
    writeFileSync(join(this.dir, name), content);
  }

  /** Runs terraform with `args` (adds -no-color). Never throws on a non-zero exit: check `code`. */
  run(args: readonly string[], opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<RunResult> {
    const child = this.spawn(args, opts);
    return collectOutput(child, opts.timeoutMs ?? 120_000, args);
  }

  /** Like run, but throws with terraform's output when the exit code is not 0. */
  async ok(args: readonly string[], opts: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<RunResult> {
    const r = await this.run(args, opts);
    if (r.code !== 0) throw new Error(`terraform ${args.join(" ")} exited with ${r.code}:\n${failureReport(r)}`);
    return r;
  }

  /** Starts terraform and returns the child (for tests that signal it). */
  spawn(args: readonly string[], opts: { env?: NodeJS.ProcessEnv } = {}): ChildProcess {
    return spawn(terraformBinary(), [...args, "-no-color"], {
      cwd: this.dir,
      env: { ...this.env, ...opts.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
  }

  init(): Promise<RunResult> {
    return this.ok(["init", "-input=false"]);
  }

  apply(extra: readonly string[] = []): Promise<RunResult> {
    return this.ok(["apply", "-auto-approve", "-input=false", ...extra]);
  }

  /** `terraform plan -detailed-exitcode`: code 0 = no changes, 2 = changes, 1 = error. */
  plan(extra: readonly string[] = []): Promise<RunResult> {
    return this.run(["plan", "-input=false", "-detailed-exitcode", ...extra]);
  }

  destroy(): Promise<RunResult> {
    return this.ok(["destroy", "-auto-approve", "-input=false"]);
  }

  import(address: string, id: string): Promise<RunResult> {
    return this.ok(["import", "-input=false", address, id]);
  }

  /** `terraform show -json` of the state, parsed. */
  async show(): Promise<ShowJson> {
    const r = await this.ok(["show", "-json"]);
    return JSON.parse(r.stdout) as ShowJson;
  }

  /** The values of one resource in state (undefined when absent). */
  async resource(address: string): Promise<ShowResource | undefined> {
    const state = await this.show();
    return (state.values?.root_module?.resources ?? []).find((r) => r.address === address);
  }

  cleanup(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

export interface ShowResource {
  address: string;
  type: string;
  name: string;
  tainted?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  values: Record<string, any>;
  sensitive_values?: Record<string, unknown>;
}

export interface ShowJson {
  values?: { root_module?: { resources?: ShowResource[] } };
}

/**
 * The result of a terraform child started with piped stdout/stderr: its exit code and everything it printed.
 * Kills it (SIGKILL) and fails, naming `args` and the output so far, when it runs longer than `timeoutMs`.
 */
export function collectOutput(child: ChildProcess, timeoutMs: number, args: readonly string[]): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    let output = "";
    child.stdout!.on("data", (d: Buffer) => ((stdout += d), (output += d)));
    child.stderr!.on("data", (d: Buffer) => ((stderr += d), (output += d)));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`terraform ${args.join(" ")} did not finish within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, output });
    });
  });
}

/** Waits for the result of a child started with TerraformWorkspace.spawn. */
export function waitFor(child: ChildProcess, timeoutMs = 120_000): Promise<RunResult> {
  return collectOutput(child, timeoutMs, ["(spawned)"]);
}

/** HCL for a required_providers block using the bundled providers' source addresses. */
export function requiredProviders(types: readonly string[]): string {
  const lines = types.map((t) => `    ${t} = { source = "registry.cdktf-virt.local/cdktf-virt/${t}" }`);
  return ["terraform {", "  required_providers {", ...lines, "  }", "}", ""].join("\n");
}
