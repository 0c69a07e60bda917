// The crash-and-resume and lost-state drills as parameterised suites: the CI-sized files in
// test/integration/reliability and the heavy ones in test/reliability differ only in size, so they share this code.
import type { IncusClient } from "../../../../lib/incus";
import { requireIncus, TEST_IMAGE, testClient, uniqueName } from "../../../support/incus";
import { CrashDrill } from "./crash-drill";
import { deleteByPrefix } from "./drill-model";
import { DrillStack } from "./drill-stack";
import { runLostStateDrill } from "./lost-state-drill";

/** A client for the drill, checked before the first test, and removal of every object under `prefix` after the last. */
function drillLifecycle(prefix: string, cleanup: () => Promise<void> | void = () => undefined): () => IncusClient {
  let client: IncusClient;
  beforeAll(async () => {
    client = testClient();
    await requireIncus(client);
  });
  afterAll(async () => {
    try {
      await cleanup();
      const problems = await deleteByPrefix(client, `${prefix}-`);
      if (problems.length) throw new Error(`cleanup left objects behind:\n${problems.join("\n")}`);
    } finally {
      await client.close();
    }
  });
  return () => client;
}

export interface CrashResumeSuiteOptions {
  readonly title: string;
  /** Name prefix tag ("rel" in CI, "relh" for the heavy variant). */
  readonly tag: string;
  /** Containers (each with a persistent and an ephemeral volume). */
  readonly count: number;
  readonly trials: number;
  /** The drill only proves something when at least this many kills landed mid-apply. */
  readonly minKilled: number;
  readonly timeoutMs: number;
}

/** SIGKILLed deploys resume and converge; no provider process outlives a killed terraform (CrashDrill checks the rest). */
export function crashResumeSuite(o: CrashResumeSuiteOptions): void {
  const prefix = uniqueName(o.tag);
  const otherImage = `${prefix}-img`;
  let drill: CrashDrill | undefined;
  const client = drillLifecycle(prefix, async () => {
    drill?.stack.cleanup();
    await client().images.deleteAlias(otherImage).catch(() => undefined);
  });

  beforeAll(async () => {
    const target = (await client().images.getAlias(TEST_IMAGE)).value.target;
    await client().images.createAlias({ name: otherImage, target, description: "cdktf-virt crash drill (second alias of the test image)" });
  });

  test(o.title, async () => {
    const seed = process.env.CDKTF_VIRT_DRILL_SEED ? Number(process.env.CDKTF_VIRT_DRILL_SEED) : undefined;
    drill = new CrashDrill(client(), { prefix, count: o.count, trials: o.trials, otherImage, seed });
    const reports = await drill.run();
    console.log(`crash drill seed ${drill.seed}:\n${reports.map((r) => `  trial ${r.trial}: kill ${r.kill}, killed ${r.killed}, ${r.providers} provider(s), ${r.survivors.length ? `STILL RUNNING after ${r.providersGoneMs} ms` : `gone after ${r.providersGoneMs} ms`}`).join("\n")}`);
    expect(reports.filter((r) => r.killed).length).toBeGreaterThanOrEqual(o.minKilled);
    // No provider process outlives a killed terraform by more than a few seconds (5 s).
    expect(reports.filter((r) => r.survivors.length > 0)).toEqual([]);
  }, o.timeoutMs);
}

export interface LostStateSuiteOptions {
  readonly title: string;
  readonly tag: string;
  readonly count: number;
  readonly timeoutMs: number;
}

/** Deleting the state file, then deploying again, adopts every object and never takes a foreign one. */
export function lostStateSuite(o: LostStateSuiteOptions): void {
  const prefix = uniqueName(o.tag);
  let stack: DrillStack | undefined;
  const client = drillLifecycle(prefix, () => stack?.cleanup());

  test(o.title, async () => {
    stack = new DrillStack(prefix);
    const result = await runLostStateDrill(client(), stack, prefix, o.count);
    expect(result.foreignCode).not.toBe(0);
  }, o.timeoutMs);
}
