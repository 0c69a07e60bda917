// Crash and resume drill, CI size: 7 containers with a persistent and an ephemeral volume each (21 objects), three
// SIGKILLs of terraform at random points (the first during the initial deploy, then during image flips that
// replace every container). The heavy variant (test/reliability/crash-resume.test.ts) runs more trials on a larger
// stack. Set CDKTF_VIRT_DRILL_SEED to replay the kill points of a failed run.
import type { IncusClient } from "../../../lib/incus";
import { requireIncus, TEST_IMAGE, testClient, uniqueName } from "../../support/incus";
import { CrashDrill } from "./support/crash-drill";
import { deleteByPrefix } from "./support/drill-model";

const prefix = uniqueName("rel");
const otherImage = `${prefix}-img`;
let client: IncusClient;
let drill: CrashDrill | undefined;

beforeAll(async () => {
  client = testClient();
  await requireIncus(client);
  const target = (await client.images.getAlias(TEST_IMAGE)).value.target;
  await client.images.createAlias({ name: otherImage, target, description: "cdktf-virt crash drill (second alias of the test image)" });
});

afterAll(async () => {
  try {
    drill?.stack.cleanup();
    const problems = await deleteByPrefix(client, `${prefix}-`);
    await client.images.deleteAlias(otherImage).catch(() => undefined);
    if (problems.length) throw new Error(`cleanup left objects behind:\n${problems.join("\n")}`);
  } finally {
    await client.close();
  }
});

test("SIGKILLed deploys resume and converge: no orphans, same persistent volumes and bytes, no stray providers", async () => {
  const seed = process.env.CDKTF_VIRT_DRILL_SEED ? Number(process.env.CDKTF_VIRT_DRILL_SEED) : undefined;
  drill = new CrashDrill(client, { prefix, count: 7, trials: 3, otherImage, seed });
  const reports = await drill.run();
  console.log(`crash drill seed ${drill.seed}:\n${reports.map((r) => `  trial ${r.trial}: kill ${r.kill}, killed ${r.killed}, ${r.providers} provider(s) ${r.survivors.length ? `STILL RUNNING after ${r.providersGoneMs} ms` : `gone after ${r.providersGoneMs} ms`}`).join("\n")}`);
  // The drill is only worth something if the kills landed mid-apply.
  expect(reports.filter((r) => r.killed).length).toBeGreaterThanOrEqual(2);
  // No provider process outlives a killed terraform by more than a few seconds (5 s).
  expect(reports.filter((r) => r.survivors.length > 0)).toEqual([]);
}, 600_000);
