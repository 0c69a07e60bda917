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
    expect({ instances: [...inv.instances.keys()].sort(), volumes: [...inv.volumes.keys()].sort() }).toEqual(expectedNames(this.model));
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
