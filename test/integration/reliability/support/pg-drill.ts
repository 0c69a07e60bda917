// Set-up shared by the concurrency drills on the pg state backend (CI-sized and heavy): the Incus client and
// PostgreSQL checks, deploy jobs (working directories of one stack on one shared pg state, as two CI jobs have),
// and the "state intact" check. Everything under the drill's prefix and its schema is removed afterwards.
import type { IncusClient } from "../../../../lib/incus";
import { requireIncus, TEST_IMAGE, testClient, uniqueName } from "../../../support/incus";
import { buildDrillStack, deleteByPrefix, expectedNames, inventory } from "./drill-model";
import type { DrillModel } from "./drill-model";
import { DrillStack } from "./drill-stack";
import { dropSchema, postgresUrl, requirePostgres, schemaFor, storedStates } from "./postgres";

export interface PgDrillHooks {
  /** Runs after the checks, before the first test (e.g. extra objects under the prefix). */
  setUp?(client: IncusClient, prefix: string): Promise<void>;
  /** Runs first in afterAll. */
  tearDown?(client: IncusClient, prefix: string): Promise<void>;
}

export class PgDrill {
  readonly prefix: string;
  readonly schema: string;
  /** What the next jobs deploy. */
  model: DrillModel;
  private clientValue: IncusClient | undefined;
  private readonly stacks: DrillStack[] = [];

  /** Registers beforeAll/afterAll; call at the top level of a test file. */
  constructor(tag: string, count: number, hooks: PgDrillHooks = {}) {
    this.prefix = uniqueName(tag);
    this.schema = schemaFor(this.prefix);
    this.model = { prefix: this.prefix, count, image: TEST_IMAGE };
    beforeAll(async () => {
      this.clientValue = testClient();
      await requireIncus(this.clientValue);
      requirePostgres();
      await hooks.setUp?.(this.clientValue, this.prefix);
    });
    afterAll(async () => {
      try {
        await hooks.tearDown?.(this.client, this.prefix);
        for (const s of this.stacks) s.cleanup();
        const problems = await deleteByPrefix(this.client, `${this.prefix}-`);
        dropSchema(this.schema);
        if (problems.length) throw new Error(`cleanup left objects behind:\n${problems.join("\n")}`);
      } finally {
        await this.clientValue?.close();
      }
    });
  }

  get client(): IncusClient {
    if (!this.clientValue) throw new Error("the drill's client exists only inside tests");
    return this.clientValue;
  }

  /** A working directory of its own (another CI job) on the shared pg state. */
  job(): DrillStack {
    const s = new DrillStack(this.prefix, { kind: "pg", connStr: postgresUrl(), schemaName: this.schema });
    s.synth((stack) => buildDrillStack(stack, this.model));
    this.stacks.push(s);
    return s;
  }

  /**
   * terraform init of a pg backend creates the schema and its table with CREATE … IF NOT EXISTS, which PostgreSQL
   * does not make safe against a concurrent twin (duplicate key in pg_type): two first-time inits at once can fail.
   * The drills are about concurrent applies, so the jobs initialise one after the other.
   */
  async initOneByOne(jobs: readonly DrillStack[]): Promise<void> {
    for (const j of jobs) await j.init();
  }

  /** Starts over: no object under the prefix, no state. */
  async reset(): Promise<void> {
    await deleteByPrefix(this.client, `${this.prefix}-`);
    dropSchema(this.schema);
  }

  /** Incus holds exactly the stack's objects, every job's state tracks each once, and every plan is empty. */
  async expectIntact(jobs: readonly DrillStack[]): Promise<void> {
    const inv = await inventory(this.client, `${this.prefix}-`);
    expect({ instances: [...inv.instances.keys()].sort(), volumes: [...inv.volumes.keys()].sort() }).toEqual(
      expectedNames(this.model),
    );
    for (const s of jobs) {
      const state = await s.stateList();
      expect(state.filter((a) => a.startsWith("incus_instance.")).length).toBe(this.model.count);
      expect(state.filter((a) => a.startsWith("incus_storage_volume.")).length).toBe(2 * this.model.count);
      const plan = await s.plan();
      expect({ code: plan.code, output: plan.code === 0 ? "" : plan.output }).toEqual({ code: 0, output: "" });
    }
    // One state document for the stack's workspace, nothing else in the schema.
    expect(storedStates(this.schema).map((r) => r.name)).toEqual(["default"]);
  }
}

export interface PgConcurrencySuiteOptions {
  /** Name prefix tag ("rel" in CI, "relh" for the heavy variant). */
  readonly tag: string;
  /** Containers of the stack (each with a persistent and an ephemeral volume). */
  readonly count: number;
  /** Deploys started at once in the lock-timeout test (all but one wait). */
  readonly waiting: number;
  readonly timeoutMs: number;
}

/**
 * The concurrency drill as a suite (the CI-sized and the heavy files differ only in size): two deploys at once
 * without a lock timeout (the loser fails cleanly before planning), `waiting` deploys at once with one (they take
 * turns, the later ones find nothing to do), and a deploy SIGKILLed while it holds the lock (PostgreSQL drops the
 * dead session's lock, the next deploy gets it and converges). The state stays intact throughout.
 */
export function pgConcurrencySuite(o: PgConcurrencySuiteOptions): void {
  const drill = new PgDrill(o.tag, o.count, {
    // A second alias of the test image: the killed deploy's stack differs from the first ones only in it.
    setUp: async (client, prefix) => {
      const target = (await client.images.getAlias(TEST_IMAGE)).value.target;
      await client.images.createAlias({ name: `${prefix}-img`, target });
    },
    tearDown: async (client, prefix) => {
      await client.images.deleteAlias(`${prefix}-img`).catch(() => undefined);
    },
  });
  const apply = (s: DrillStack, lockTimeout: string) =>
    s.run(["apply", "-auto-approve", "-input=false", `-lock-timeout=${lockTimeout}`]);

  test(
    "two deploys at once: the loser fails cleanly on the lock, the state stays intact",
    async () => {
      const [a, b] = [drill.job(), drill.job()];
      await drill.initOneByOne([a, b]);
      const [ra, rb] = await Promise.all([apply(a, "0s"), apply(b, "0s")]);
      const results = [ra, rb].sort((x, y) => (x.code ?? 99) - (y.code ?? 99));
      expect(results.map((r) => r.code)).toEqual([0, 1]);
      const loser = results[1];
      expect(loser.output).toMatch(/Error acquiring the state lock/);
      // The loser stopped before planning: it neither created nor destroyed anything.
      expect(loser.output).not.toMatch(/Creating\.\.\.|Destroying\.\.\./);
      await drill.expectIntact([a, b]);
    },
    o.timeoutMs,
  );

  test(
    `${o.waiting} deploys at once with a lock timeout: they take turns, the later ones have nothing to do`,
    async () => {
      // Start from scratch so every run wants to create everything.
      await drill.reset();
      const jobs = Array.from({ length: o.waiting }, () => drill.job());
      await drill.initOneByOne(jobs);
      const results = await Promise.all(jobs.map((j) => apply(j, "300s")));
      expect(results.map((r) => r.code)).toEqual(jobs.map(() => 0));
      const added = results
        .map((r) => Number(/Resources: (\d+) added/.exec(r.output)?.[1] ?? -1))
        .sort((x, y) => x - y);
      // One run created the stack; the others waited for the lock and found no changes.
      expect(added.slice(0, -1)).toEqual(jobs.slice(1).map(() => 0));
      expect(added[added.length - 1]).toBeGreaterThanOrEqual(3 * drill.model.count);
      expect(results.filter((r) => /No changes\./.test(r.output)).length).toBe(o.waiting - 1);
      await drill.expectIntact(jobs);
    },
    o.timeoutMs,
  );

  test(
    "a deploy killed while holding the lock: the next one gets the lock and converges",
    async () => {
      drill.model = { ...drill.model, image: `${drill.prefix}-img` };
      const [killed, next] = [drill.job(), drill.job()];
      await drill.initOneByOne([killed, next]);
      const k = await killed.applyAndKill({ pattern: /: (Creating|Destroying)\.\.\./, count: 3, delayMs: 100 });
      expect(k.killed).toBe(true);
      // Providers were there at the kill, and none outlived it.
      expect(k.launcherPids.length).toBeGreaterThan(0);
      expect(k.survivors).toEqual([]);
      const r = await next.run(["apply", "-auto-approve", "-input=false", "-lock-timeout=120s"]);
      expect({ code: r.code, output: r.code === 0 ? "" : r.output }).toEqual({ code: 0, output: "" });
      await drill.expectIntact([killed, next]);
    },
    o.timeoutMs,
  );
}
