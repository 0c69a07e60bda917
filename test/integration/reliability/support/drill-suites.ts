// The crash-and-resume and lost-state drills as parameterised suites: the CI-sized files in
// test/integration/reliability and the heavy ones in test/reliability differ only in size, so they share this code.
import type { IncusClient } from "../../../../lib/incus";
import { requireIncus, TEST_IMAGE, testClient, uniqueName } from "../../../support/incus";
import { CrashDrill } from "./crash-drill";
import type { TrialReport } from "./crash-drill";
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
  /** SIGKILLs that must land in the middle of an apply (trials go on until they have). */
  readonly kills: number;
  readonly timeoutMs: number;
}

/** One line per trial, for the log and for failure messages. */
function describeTrial(r: TrialReport): string {
  const providers = `${r.launchers} plugin child(ren) + ${r.warm} warm provider(s) at the kill`;
  const fate = r.survivors.length
    ? `STILL RUNNING after ${r.providersGoneMs} ms: ${r.survivors.join("; ")}`
    : `gone after ${r.providersGoneMs} ms`;
  return `trial ${r.trial}: kill ${r.kill}, ${
    r.killed ? "landed" : "did not land (the apply ended first)"
  }, ${providers}, ${fate}${r.stateRestored ? "; the kill cut the state file short: the synth restored the backup" : ""}`;
}

/** SIGKILLed deploys resume and converge; no provider process outlives a killed terraform (CrashDrill checks the rest). */
export function crashResumeSuite(o: CrashResumeSuiteOptions): void {
  const prefix = uniqueName(o.tag);
  const otherImage = `${prefix}-img`;
  let drill: CrashDrill | undefined;
  const client = drillLifecycle(prefix, async () => {
    drill?.stack.cleanup();
    await client()
      .images.deleteAlias(otherImage)
      .catch(() => undefined);
  });

  beforeAll(async () => {
    const target = (await client().images.getAlias(TEST_IMAGE)).value.target;
    await client().images.createAlias({
      name: otherImage,
      target,
      description: "cdktf-virt crash drill (second alias of the test image)",
    });
  });

  test(
    o.title,
    async () => {
      const seed = process.env.CDKTF_VIRT_DRILL_SEED ? Number(process.env.CDKTF_VIRT_DRILL_SEED) : undefined;
      drill = new CrashDrill(client(), { prefix, count: o.count, kills: o.kills, otherImage, seed });
      const started = Date.now();
      const reports = await drill.run();
      console.log(
        `crash drill seed ${drill.seed}, ${o.count} containers, ${reports.length} trials in ${Math.round(
          (Date.now() - started) / 1000,
        )} s:\n${reports.map((r) => `  ${describeTrial(r)}`).join("\n")}`,
      );
      const landed = reports.filter((r) => r.killed);
      expect({ seed: drill.seed, landedKills: landed.length }).toEqual({ seed: drill.seed, landedKills: o.kills });
      // "No provider survived" means something only if providers were there to be killed: a terraform killed in
      // the middle of an apply always has its plugin child(ren).
      expect({
        seed: drill.seed,
        killsWithoutProviders: landed.filter((r) => r.launchers === 0).map(describeTrial),
      }).toEqual({ seed: drill.seed, killsWithoutProviders: [] });
      // No provider process outlives a killed terraform by more than a few seconds (5 s).
      expect({ seed: drill.seed, survivors: reports.filter((r) => r.survivors.length > 0).map(describeTrial) }).toEqual(
        { seed: drill.seed, survivors: [] },
      );
    },
    o.timeoutMs,
  );
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

  test(
    o.title,
    async () => {
      stack = new DrillStack(prefix);
      const result = await runLostStateDrill(client(), stack, prefix, o.count);
      expect(result.foreignCode).not.toBe(0);
    },
    o.timeoutMs,
  );
}
