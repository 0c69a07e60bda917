// Crash and resume: deploy the drill stack while SIGKILLing terraform at random points, then run the deploy again
// and require that it converges with no error, that Incus holds exactly the stack's objects (no duplicates, no
// orphans), that the persistent volumes are the same objects with the same bytes, and that no provider process
// outlived the killed terraform by more than a few seconds. Trial 0 kills the first deploy (creates only); every
// later trial flips the image, which replaces every container and its scratch volume around the data volumes.
// Trials go on until `kills` SIGKILLs have landed in the middle of an apply (a kill point the apply finished
// before does not count), so a run always proves the promise that many times.
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import { basename, dirname } from "node:path";
import type { IncusClient } from "../../../../lib/incus";
import { TEST_IMAGE } from "../../../support/incus";
import { failureReport } from "../../../support/terraform";
import { buildDrillStack, containerName, dataName, expectedNames, inventory } from "./drill-model";
import type { DrillModel, IncusObject } from "./drill-model";
import { DrillStack } from "./drill-stack";
import type { KillPoint } from "./drill-stack";

export interface CrashDrillOptions {
  readonly prefix: string;
  readonly count: number;
  /** SIGKILLs that must land mid-apply: trials go on until this many have. */
  readonly kills: number;
  /** Give up (and fail) after this many trials. @default 2 × kills */
  readonly maxTrials?: number;
  /** A second alias of the test image (the drill flips between the two). */
  readonly otherImage: string;
  /** Reproduce a run: the seed is printed in every failure. @default random */
  readonly seed?: number;
  /** How long a provider may outlive a killed terraform. @default 5000 ms */
  readonly providerGraceMs?: number;
}

export interface TrialReport {
  readonly trial: number;
  readonly kill: string;
  readonly killed: boolean;
  /** Provider processes found at the kill: terraform's plugin children, and warm provider processes. */
  readonly launchers: number;
  readonly warm: number;
  readonly providersGoneMs: number;
  /** Command lines of providers still alive `providerGraceMs` after the kill (the promise: none). */
  readonly survivors: readonly string[];
  /** The kill cut the state file short, and the synth before the resumed deploy put Terraform's backup back. */
  readonly stateRestored: boolean;
}

/** A small seeded PRNG (mulberry32), so a failing trial can be replayed with the same kill points. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const identity = (o: IncusObject | undefined) => (o ? `${o.uuid}|${o.createdAt}` : "missing");

export class CrashDrill {
  readonly seed: number;
  readonly stack: DrillStack;
  readonly reports: TrialReport[] = [];
  private readonly random: () => number;
  private image = TEST_IMAGE;
  private readonly markers = new Map<number, Buffer>();
  private readonly dataIdentity = new Map<string, string>();

  constructor(
    private readonly client: IncusClient,
    private readonly options: CrashDrillOptions,
  ) {
    this.seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
    this.random = prng(this.seed);
    this.stack = new DrillStack(options.prefix);
  }

  private get model(): DrillModel {
    return { prefix: this.options.prefix, count: this.options.count, image: this.image };
  }

  private fail(trial: number, message: string): never {
    throw new Error(`crash drill (seed ${this.seed}, trial ${trial}): ${message}`);
  }

  /** The unreadable state files the synth kept aside (`<state>.cut-<time>`). */
  private cutStateFiles(): string[] {
    const dir = dirname(this.stack.statePath);
    const prefix = `${basename(this.stack.statePath)}.cut-`;
    return readdirSync(dir).filter((f) => f.startsWith(prefix));
  }

  /** Kills that landed mid-apply so far. */
  get landedKills(): number {
    return this.reports.filter((r) => r.killed).length;
  }

  /** Runs trials until `kills` kills have landed (or `maxTrials` ran); throws on the first broken promise. */
  async run(): Promise<TrialReport[]> {
    const maxTrials = this.options.maxTrials ?? 2 * this.options.kills;
    for (let trial = 0; this.landedKills < this.options.kills && trial < maxTrials; trial++) {
      if (trial > 0) this.image = this.image === TEST_IMAGE ? this.options.otherImage : TEST_IMAGE;
      this.stack.synth((s) => buildDrillStack(s, this.model));
      // Creates only in trial 0; a flip destroys and creates about 6 objects per container.
      const events = trial === 0 ? 4 * this.options.count : 6 * this.options.count;
      const point: KillPoint = {
        pattern: trial === 0 ? /: Creating\.\.\./ : /: (Creating|Destroying|Modifying)\.\.\./,
        count: 1 + Math.floor(this.random() * Math.max(1, events - 2)),
        delayMs: Math.floor(this.random() * 400),
      };
      const killed = await this.stack.applyAndKill(point, this.options.providerGraceMs ?? 5_000);
      // Stray providers are reported with the trial (the harness has killed them by now); the drill goes on so one
      // run shows every broken promise, and the caller asserts on `survivors`.
      // The resumed deploy synthesizes first, as `cdktf deploy` does: a state file the kill cut short is replaced by
      // Terraform's backup there (lib/packaging/local-state.ts).
      const cutBefore = this.cutStateFiles().length;
      this.stack.synth((s) => buildDrillStack(s, this.model));
      const stateRestored = this.cutStateFiles().length > cutBefore;
      this.reports.push({
        trial,
        kill: `after event ${point.count} + ${point.delayMs} ms`,
        killed: killed.killed,
        launchers: killed.launcherPids.length,
        warm: killed.warmPids.length,
        providersGoneMs: killed.providersGoneMs,
        survivors: killed.survivors.map((x) => x.command),
        stateRestored,
      });
      const resumed = await this.stack.run(["apply", "-auto-approve", "-input=false"]);
      if (resumed.code !== 0)
        this.fail(
          trial,
          `the deploy after the crash did not converge (exit ${resumed.code}):\n${failureReport(resumed)}`,
        );
      const plan = await this.stack.plan();
      if (plan.code !== 0)
        this.fail(trial, `the plan after the resumed deploy is not empty (exit ${plan.code}):\n${failureReport(plan)}`);
      await this.checkObjects(trial);
      if (trial === 0) await this.writeMarkers();
      else await this.checkMarkers(trial);
    }
    return this.reports;
  }

  /** Incus holds exactly the model's objects, each carrying its owner marker, and the state tracks each once. */
  private async checkObjects(trial: number): Promise<void> {
    const inv = await inventory(this.client, `${this.options.prefix}-`);
    const want = expectedNames(this.model);
    const have = { instances: [...inv.instances.keys()].sort(), volumes: [...inv.volumes.keys()].sort() };
    if (JSON.stringify(have) !== JSON.stringify(want)) {
      this.fail(
        trial,
        `Incus holds ${JSON.stringify(have)}, the stack describes ${JSON.stringify(want)} (orphans or missing objects)`,
      );
    }
    for (const o of [...inv.instances.values(), ...inv.volumes.values()]) {
      if (!o.owner?.startsWith(`${this.options.prefix}/`))
        this.fail(trial, `${o.name} carries no owner marker of the stack (owner: ${o.owner})`);
    }
    const state = await this.stack.stateList();
    const instancesInState = state.filter((a) => a.startsWith("incus_instance.")).length;
    const volumesInState = state.filter((a) => a.startsWith("incus_storage_volume.")).length;
    if (instancesInState !== this.options.count || volumesInState !== 2 * this.options.count) {
      this.fail(
        trial,
        `the state tracks ${instancesInState} instances and ${volumesInState} volumes: ${state.join(", ")}`,
      );
    }
    for (let i = 0; i < this.options.count; i++) {
      const name = dataName(this.options.prefix, i);
      const id = identity(inv.volumes.get(name));
      const before = this.dataIdentity.get(name);
      if (before !== undefined && before !== id)
        this.fail(trial, `the persistent volume ${name} is a different object now (${before} → ${id})`);
      this.dataIdentity.set(name, id);
    }
  }

  /** Random bytes in every data volume, written through its container. */
  private async writeMarkers(): Promise<void> {
    for (let i = 0; i < this.options.count; i++) {
      const bytes = randomBytes(4096);
      await this.client.instanceFiles.push(containerName(this.options.prefix, i), "/data/marker", bytes);
      this.markers.set(i, bytes);
    }
  }

  private async checkMarkers(trial: number): Promise<void> {
    for (const [i, bytes] of this.markers) {
      const container = containerName(this.options.prefix, i);
      let read: Buffer;
      try {
        read = await this.client.instanceFiles.pull(container, "/data/marker");
      } catch (err) {
        this.fail(trial, `cannot read /data/marker through ${container}: ${(err as Error).message}`);
      }
      if (!read.equals(bytes))
        this.fail(
          trial,
          `the bytes in ${dataName(this.options.prefix, i)} changed (read ${read.length} bytes through ${container})`,
        );
    }
  }
}
