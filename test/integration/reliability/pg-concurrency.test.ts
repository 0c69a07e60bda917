// Concurrency drill with a real PostgreSQL state backend (`pg`): two deploys of one stack from two working
// directories (two CI jobs) at the same moment. Without a lock timeout the loser fails cleanly on the lock and
// changes nothing; with one it waits and then finds nothing to do. Afterwards the state is intact: it tracks every
// object once, Incus holds exactly the stack's objects, and the plan from either side is empty.
import type { RunResult } from "../../support/terraform";
import type { DrillStack } from "./support/drill-stack";
import { PgDrill } from "./support/pg-drill";

const drill = new PgDrill("rel", 2);

const apply = (s: DrillStack, lockTimeout: string): Promise<RunResult> =>
  s.run(["apply", "-auto-approve", "-input=false", `-lock-timeout=${lockTimeout}`]);

test("two deploys at once: the loser fails cleanly on the lock, the state stays intact", async () => {
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
}, 300_000);

test("two deploys at once with a lock timeout: the second waits, then has nothing to do", async () => {
  // Start from scratch so both runs want to create everything.
  await drill.reset();
  const [a, b] = [drill.job(), drill.job()];
  await drill.initOneByOne([a, b]);
  const [ra, rb] = await Promise.all([apply(a, "180s"), apply(b, "180s")]);
  expect([ra.code, rb.code]).toEqual([0, 0]);
  const added = [ra, rb].map((r) => Number(/Resources: (\d+) added/.exec(r.output)?.[1] ?? -1)).sort((x, y) => x - y);
  // One run created the stack; the other waited for the lock and found no changes.
  expect(added[0]).toBe(0);
  expect(added[1]).toBeGreaterThanOrEqual(3 * drill.model.count);
  expect([ra, rb].some((r) => /No changes\./.test(r.output))).toBe(true);
  await drill.expectIntact([a, b]);
}, 300_000);
