// A cdktf stack the drills deploy for real: synthesized the way `cdktf synth` does (the bundled provider copied
// next to it), then driven with the real terraform in cdktf.out/stacks/<stack> with no CLI configuration — what
// `cdktf deploy` runs. Adds what the drills need on top: a local or PostgreSQL backend, and an apply that is
// SIGKILLed at a chosen point, with the provider processes it started watched until they are gone.
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App, LocalBackend, PgBackend, TerraformStack } from "cdktf";
import { collectOutput, ensureBundledProviders, terraformBinary } from "../../../support/terraform";
import type { RunResult } from "../../../support/terraform";
import { commandLine, descendants, killAll, waitForExit, warmProviders } from "./processes";

/** Where the stack keeps its state. */
export type DrillBackend = { readonly kind: "local" } | { readonly kind: "pg"; readonly connStr: string; readonly schemaName: string };

/** When to SIGKILL an apply: after the n-th output line matching `pattern`, plus a delay. */
export interface KillPoint {
  readonly pattern: RegExp;
  readonly count: number;
  readonly delayMs: number;
}

export interface KilledApply {
  /** False when the apply finished before the kill point was reached. */
  readonly killed: boolean;
  readonly output: string;
  /** Provider processes terraform had started when it was killed. */
  readonly providerPids: readonly number[];
  /** Providers still running `graceMs` after the kill (should be none). */
  readonly survivors: readonly { pid: number; command: string }[];
  /** How long the last provider took to exit after the kill. */
  readonly providersGoneMs: number;
}

export class DrillStack {
  readonly root: string;
  readonly outdir: string;
  readonly stackDir: string;
  readonly statePath: string;
  private readonly home: string;
  private initialized = false;
  private readonly running = new Set<ChildProcess>();

  constructor(
    readonly stackName: string,
    private readonly backend: DrillBackend = { kind: "local" },
  ) {
    terraformBinary();
    ensureBundledProviders(["incus"]);
    this.root = mkdtempSync(join(tmpdir(), `${stackName}-`));
    this.outdir = join(this.root, "cdktf.out");
    this.stackDir = join(this.outdir, "stacks", stackName);
    this.statePath = join(this.root, `terraform.${stackName}.tfstate`);
    this.home = join(this.root, "home");
    mkdirSync(this.home);
  }

  /** Synthesizes the stack `build` describes (a fresh App, as each `cdktf synth` is). */
  synth(build: (stack: TerraformStack) => void): void {
    const app = new App({ outdir: this.outdir, stackTraces: false });
    const stack = new TerraformStack(app, this.stackName);
    if (this.backend.kind === "pg") new PgBackend(stack, { connStr: this.backend.connStr, schemaName: this.backend.schemaName });
    else new LocalBackend(stack, { path: this.statePath });
    build(stack);
    app.synth();
  }

  /** Starts terraform in the stack directory (adds -no-color). */
  spawn(args: readonly string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
    const fullEnv: NodeJS.ProcessEnv = { ...process.env, HOME: this.home, CHECKPOINT_DISABLE: "1", TF_IN_AUTOMATION: "1", ...env };
    delete fullEnv.TF_CLI_CONFIG_FILE;
    delete fullEnv.TF_PLUGIN_CACHE_DIR;
    const child = spawn(terraformBinary(), [...args, "-no-color"], { cwd: this.stackDir, env: fullEnv, stdio: ["ignore", "pipe", "pipe"] });
    this.running.add(child);
    child.on("close", () => this.running.delete(child));
    return child;
  }

  /** Runs terraform to the end; never throws on a non-zero exit. */
  run(args: readonly string[], options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<RunResult> {
    return collectOutput(this.spawn(args, options.env), options.timeoutMs ?? 240_000, args);
  }

  async ok(args: readonly string[], env?: NodeJS.ProcessEnv): Promise<RunResult> {
    const r = await this.run(args, { env });
    if (r.code !== 0) throw new Error(`terraform ${args.join(" ")} in ${this.stackDir} exited with ${r.code}:\n${r.output}`);
    return r;
  }

  async init(): Promise<void> {
    if (this.initialized) return;
    await this.ok(["init", "-input=false"]);
    this.initialized = true;
  }

  /** terraform apply to the end (throws on failure). */
  async apply(extra: readonly string[] = []): Promise<RunResult> {
    await this.init();
    return this.ok(["apply", "-auto-approve", "-input=false", ...extra]);
  }

  /** `terraform plan -detailed-exitcode`: 0 no changes, 2 changes, 1 error. */
  async plan(): Promise<RunResult> {
    await this.init();
    return this.run(["plan", "-input=false", "-detailed-exitcode"]);
  }

  /** Addresses in the state (`terraform state list`). */
  async stateList(): Promise<string[]> {
    await this.init();
    const r = await this.ok(["state", "list"]);
    return r.stdout.split("\n").map((l) => l.trim()).filter(Boolean).sort();
  }

  /**
   * Starts an apply and SIGKILLs terraform at `point`; then watches the provider processes it had started and
   * kills any still alive after `graceMs` (reporting them as survivors).
   */
  async applyAndKill(point: KillPoint, graceMs = 5_000): Promise<KilledApply> {
    await this.init();
    const child = this.spawn(["apply", "-auto-approve", "-input=false"]);
    let output = "";
    let matches = 0;
    let scheduled = false;
    let providerPids: number[] = [];
    const done = new Promise<void>((resolve) => child.on("close", () => resolve()));
    let pending = "";
    const onData = (d: Buffer) => {
      output += d;
      if (scheduled) return;
      pending += d;
      const lines = pending.split("\n");
      pending = lines.pop()!;
      for (const line of lines) {
        if (scheduled || !point.pattern.test(line) || ++matches !== point.count) continue;
        scheduled = true;
        setTimeout(() => {
          providerPids = [
            ...descendants(child.pid!).filter((pid) => /terraform-provider-/.test(commandLine(pid))),
            ...warmProviders(realpathSync(this.stackDir)),
          ].filter((pid, i, all) => all.indexOf(pid) === i);
          child.kill("SIGKILL");
        }, point.delayMs);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (d: Buffer) => (output += d));
    await done;
    if (!scheduled || providerPids.length === 0) {
      return { killed: scheduled && child.signalCode === "SIGKILL", output, providerPids, survivors: [], providersGoneMs: 0 };
    }
    const { survivors, lastExitMs } = await waitForExit(providerPids, graceMs);
    killAll(survivors.map((s) => s.pid));
    return { killed: child.signalCode === "SIGKILL", output, providerPids, survivors, providersGoneMs: lastExitMs };
  }

  /** Kills terraform runs still going (a failed test) and removes the working directory. */
  cleanup(): void {
    for (const child of this.running) child.kill("SIGKILL");
    rmSync(this.root, { recursive: true, force: true });
  }
}
