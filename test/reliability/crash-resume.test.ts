// Heavy crash and resume drill: 10 containers with a persistent and an ephemeral volume each (30 objects), 12
// SIGKILLs of terraform at random points (set CDKTF_VIRT_DRILL_SEED to replay a run's kill points).
import type { IncusClient } from "../../lib/incus";
import { requireIncus, TEST_IMAGE, testClient, uniqueName } from "../support/incus";
import { CrashDrill } from "../integration/reliability/support/crash-drill";
import { deleteByPrefix } from "../integration/reliability/support/drill-model";

const prefix = uniqueName("relh");
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

test("12 SIGKILLed deploys of 30 objects resume and converge", async () => {
  const seed = process.env.CDKTF_VIRT_DRILL_SEED ? Number(process.env.CDKTF_VIRT_DRILL_SEED) : undefined;
  drill = new CrashDrill(client, { prefix, count: 10, trials: 12, otherImage, seed });
  const reports = await drill.run();
  console.log(`crash drill seed ${drill.seed}:\n${reports.map((r) => `  trial ${r.trial}: kill ${r.kill}, killed ${r.killed}, ${r.providers} provider(s), ${r.survivors.length ? `STILL RUNNING after ${r.providersGoneMs} ms` : `gone after ${r.providersGoneMs} ms`}`).join("\n")}`);
  expect(reports.filter((r) => r.killed).length).toBeGreaterThanOrEqual(10);
  expect(reports.filter((r) => r.survivors.length > 0)).toEqual([]);
});
