// Heavy concurrency drill on the pg state backend: three deploys at once (two wait for the lock), then a deploy
// SIGKILLed while it holds the lock — PostgreSQL drops the dead session's lock, so the next deploy gets it and
// converges — and the state stays intact throughout.
import { TEST_IMAGE } from "../support/incus";
import { PgDrill } from "../integration/reliability/support/pg-drill";

const drill = new PgDrill("relh", 4, {
  // A second alias of the test image: the killed deploy's stack differs from the first one's only in it.
  setUp: async (client, prefix) => {
    const target = (await client.images.getAlias(TEST_IMAGE)).value.target;
    await client.images.createAlias({ name: `${prefix}-img`, target });
  },
  tearDown: async (client, prefix) => {
    await client.images.deleteAlias(`${prefix}-img`).catch(() => undefined);
  },
});

test("three deploys at once with lock timeouts: all succeed one after the other, the state stays intact", async () => {
  const jobs = [drill.job(), drill.job(), drill.job()];
  await drill.initOneByOne(jobs);
  const results = await Promise.all(jobs.map((j) => j.run(["apply", "-auto-approve", "-input=false", "-lock-timeout=300s"])));
  expect(results.map((r) => r.code)).toEqual([0, 0, 0]);
  expect(results.filter((r) => /No changes\./.test(r.output)).length).toBe(2);
  await drill.expectIntact(jobs);
});

test("a deploy killed while holding the lock: the next one gets the lock and converges", async () => {
  drill.model = { ...drill.model, image: `${drill.prefix}-img` };
  const [killed, next] = [drill.job(), drill.job()];
  await drill.initOneByOne([killed, next]);
  const k = await killed.applyAndKill({ pattern: /: (Creating|Destroying)\.\.\./, count: 3, delayMs: 100 });
  expect(k.killed).toBe(true);
  const r = await next.run(["apply", "-auto-approve", "-input=false", "-lock-timeout=120s"]);
  expect({ code: r.code, output: r.code === 0 ? "" : r.output }).toEqual({ code: 0, output: "" });
  await drill.expectIntact([killed, next]);
});
