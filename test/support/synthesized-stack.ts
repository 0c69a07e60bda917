// A cdktf stack deployed for real in a test: synthesized the way `cdktf synth` does (App.synth into an outdir,
// which also copies the bundled providers into <stack dir>/terraform.d/plugins), then driven with the real
// terraform in cdktf.out/stacks/<stack> with no CLI configuration — what `cdktf deploy` runs. Everything lives in a
// temporary directory (state included), never in the repository.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App, LocalBackend, TerraformStack } from "cdktf";
import { collectOutput, ensureBundledProviders, terraformBinary } from "./terraform";
import type { RunResult } from "./terraform";

export interface SynthesizedStackOptions {
  /** Bundled providers the stack uses. @default ["incus"] */
  readonly providers?: readonly string[];
  /** Default time a terraform run may take. @default 180 s */
  readonly timeoutMs?: number;
}

export class SynthesizedStack {
  readonly root: string;
  readonly outdir: string;
  readonly stackDir: string;
  readonly statePath: string;
  private readonly home: string;
  private readonly timeoutMs: number;
  private initialized = false;
  private readonly running = new Set<ChildProcess>();

  constructor(
    readonly stackName: string,
    options: SynthesizedStackOptions = {},
  ) {
    terraformBinary();
    ensureBundledProviders(options.providers ?? ["incus"]);
    this.timeoutMs = options.timeoutMs ?? 180_000;
    this.root = mkdtempSync(join(tmpdir(), `${stackName}-`));
    this.outdir = join(this.root, "cdktf.out");
    this.stackDir = join(this.outdir, "stacks", stackName);
    this.statePath = join(this.root, `terraform.${stackName}.tfstate`);
    this.home = join(this.root, "home");
    mkdirSync(this.home);
  }

  /** Synthesizes the stack `build` describes (a fresh App each time, as every `cdktf synth` run is). */
  synth(build: (stack: TerraformStack) => void): void {
    this.synthStack((app, name) => {
      const stack = new TerraformStack(app, name);
      build(stack);
      return stack;
    });
  }

  /** Synthesizes a stack class (e.g. an example's) named after this run, with the state where `addBackend` puts it. */
  synthStack(create: (app: App, stackName: string) => TerraformStack): void {
    const app = new App({ outdir: this.outdir, stackTraces: false });
    this.addBackend(create(app, this.stackName));
    app.synth();
  }

  /** Where the state lives: a local file in the temporary directory (subclasses may choose another backend). */
  protected addBackend(stack: TerraformStack): void {
    new LocalBackend(stack, { path: this.statePath });
  }

  /**
   * Starts terraform in the stack directory (adds -no-color). Its stdin is closed unless `stdin` is "pipe" (a test
   * that answers, or never answers, a prompt).
   */
  spawn(args: readonly string[], env: NodeJS.ProcessEnv = {}, stdin: "ignore" | "pipe" = "ignore"): ChildProcess {
    const fullEnv: NodeJS.ProcessEnv = {
      ...process.env,
      HOME: this.home,
      CHECKPOINT_DISABLE: "1",
      TF_IN_AUTOMATION: "1",
      ...env,
    };
    delete fullEnv.TF_CLI_CONFIG_FILE;
    delete fullEnv.TF_PLUGIN_CACHE_DIR;
    const child = spawn(terraformBinary(), [...args, "-no-color"], {
      cwd: this.stackDir,
      env: fullEnv,
      stdio: [stdin, "pipe", "pipe"],
    });
    this.running.add(child);
    child.on("close", () => this.running.delete(child));
    return child;
  }

  /** Runs terraform to the end; never throws on a non-zero exit. */
  run(args: readonly string[], options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<RunResult> {
    return collectOutput(this.spawn(args, options.env), options.timeoutMs ?? this.timeoutMs, args);
  }

  /** Runs terraform to the end and throws, with its output, unless it exits 0. */
  async ok(args: readonly string[], env?: NodeJS.ProcessEnv): Promise<RunResult> {
    const r = await this.run(args, { env });
    if (r.code !== 0)
      throw new Error(`terraform ${args.join(" ")} in ${this.stackDir} exited with ${r.code}:\n${r.output}`);
    return r;
  }

  async init(): Promise<void> {
    if (this.initialized) return;
    await this.ok(["init", "-input=false"]);
    this.initialized = true;
  }

  /** `terraform plan -detailed-exitcode`: 0 no changes, 2 changes, 1 error. */
  async plan(): Promise<RunResult> {
    await this.init();
    return this.run(["plan", "-input=false", "-detailed-exitcode"]);
  }

  /** Kills terraform runs still going (a failed test) and removes the working directory. */
  cleanup(): void {
    for (const child of this.running) child.kill("SIGKILL");
    rmSync(this.root, { recursive: true, force: true });
  }
}
