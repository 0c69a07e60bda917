// The stack the drills deploy for real (a SynthesizedStack, see test/support/synthesized-stack.ts), with what the
// drills need on top: a local or PostgreSQL backend, and an apply that is SIGKILLed at a chosen point, with the
// provider processes it started watched until they are gone.
import { realpathSync } from "node:fs";
import { PgBackend } from "cdktf";
import type { TerraformStack } from "cdktf";
import { SynthesizedStack } from "../../../support/synthesized-stack";
import type { RunResult } from "../../../support/terraform";
import { commandLine, descendants, killAll, waitForExit, warmProviders } from "../../../support/processes";

/** Where the stack keeps its state. */
export type DrillBackend =
  { readonly kind: "local" } | { readonly kind: "pg"; readonly connStr: string; readonly schemaName: string };

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
  /**
   * Provider processes found at the moment of the kill: terraform's own plugin children (the launchers, or node
   * itself when the launcher fell back to running it directly) and the warm provider process serving the
   * working directory. "None survived" only means something when this is not empty.
   */
  readonly providerPids: readonly number[];
  /** Of providerPids: terraform's descendants (a mid-apply terraform always has at least one). */
  readonly launcherPids: readonly number[];
  /** Of providerPids: warm provider processes (no longer terraform's descendants). */
  readonly warmPids: readonly number[];
  /** Providers still running `graceMs` after the kill (should be none). */
  readonly survivors: readonly { pid: number; command: string }[];
  /** How long the last provider took to exit after the kill. */
  readonly providersGoneMs: number;
}

export class DrillStack extends SynthesizedStack {
  constructor(
    stackName: string,
    private readonly backend: DrillBackend = { kind: "local" },
  ) {
    super(stackName, { timeoutMs: 240_000 });
  }

  protected override addBackend(stack: TerraformStack): void {
    if (this.backend.kind === "pg")
      new PgBackend(stack, { connStr: this.backend.connStr, schemaName: this.backend.schemaName });
    else super.addBackend(stack);
  }

  /** terraform apply to the end (throws on failure). */
  async apply(extra: readonly string[] = []): Promise<RunResult> {
    await this.init();
    return this.ok(["apply", "-auto-approve", "-input=false", ...extra]);
  }

  /** Addresses in the state (`terraform state list`). */
  async stateList(): Promise<string[]> {
    await this.init();
    const r = await this.ok(["state", "list"]);
    return r.stdout
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean)
      .sort();
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
    let launcherPids: number[] = [];
    let warmPids: number[] = [];
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
          launcherPids = descendants(child.pid!).filter((pid) => /terraform-provider-/.test(commandLine(pid)));
          warmPids = warmProviders(realpathSync(this.stackDir)).filter((pid) => !launcherPids.includes(pid));
          child.kill("SIGKILL");
        }, point.delayMs);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (d: Buffer) => (output += d));
    await done;
    const providerPids = [...launcherPids, ...warmPids];
    // With no provider found there is nothing to watch: the caller must not read that as "none survived".
    const { survivors, lastExitMs } = providerPids.length
      ? await waitForExit(providerPids, graceMs)
      : { survivors: [], lastExitMs: 0 };
    killAll(survivors.map((s) => s.pid));
    return {
      killed: scheduled && child.signalCode === "SIGKILL",
      output,
      providerPids,
      launcherPids,
      warmPids,
      survivors,
      providersGoneMs: lastExitMs,
    };
  }
}
