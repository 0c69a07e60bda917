// Concurrency drill with a real PostgreSQL state backend (`pg`): two deploys of one stack from two working
// directories (two CI jobs) at the same moment. Without a lock timeout the loser fails cleanly on the lock and
// changes nothing; with one it waits and then finds nothing to do. Afterwards the state is intact: it tracks every
// object once, Incus holds exactly the stack's objects, and the plan from either side is empty.
import type { IncusClient } from "../../../lib/incus";
import { requireIncus, TEST_IMAGE, testClient, uniqueName } from "../../support/incus";
import type { RunResult } from "../../support/terraform";
import { buildDrillStack, deleteByPrefix, expectedNames, inventory } from "./support/drill-model";
import type { DrillModel } from "./support/drill-model";
import { DrillStack } from "./support/drill-stack";
import { dropSchema, postgresUrl, requirePostgres, schemaFor, storedStates } from "./support/postgres";

const prefix = uniqueName("rel");
const schema = schemaFor(prefix);
const model: DrillModel = { prefix, count: 2, image: TEST_IMAGE };
let client: IncusClient;
const stacks: DrillStack[] = [];

beforeAll(async () => {
  client = testClient();
  await requireIncus(client);
  requirePostgres();
});

afterAll(async () => {
  try {
    for (const s of stacks) s.cleanup();
    const problems = await deleteByPrefix(client, `${prefix}-`);
    dropSchema(schema);
    if (problems.length) throw new Error(`cleanup left objects behind:\n${problems.join("\n")}`);
  } finally {
    await client.close();
  }
});

/** A working directory of its own (another CI job) on the shared pg state. */
/**
 * terraform init of a pg backend creates the schema and its table with CREATE … IF NOT EXISTS, which PostgreSQL
 * does not make safe against a concurrent twin (duplicate key in pg_type): two first-time inits at once can fail.
 * The drills are about concurrent applies, so the jobs initialise one after the other.
 */
async function initOneByOne(jobs: DrillStack[]): Promise<void> {
  for (const j of jobs) await j.init();
}

function job(): DrillStack {
  const s = new DrillStack(prefix, { kind: "pg", connStr: postgresUrl(), schemaName: schema });
  s.synth((stack) => buildDrillStack(stack, model));
  stacks.push(s);
  return s;
}

const apply = (s: DrillStack, lockTimeout: string): Promise<RunResult> =>
  s.run(["apply", "-auto-approve", "-input=false", `-lock-timeout=${lockTimeout}`]);

async function expectIntact(jobs: DrillStack[]): Promise<void> {
  const inv = await inventory(client, `${prefix}-`);
  const want = expectedNames(model);
  expect({ instances: [...inv.instances.keys()].sort(), volumes: [...inv.volumes.keys()].sort() }).toEqual(want);
  for (const s of jobs) {
    const state = await s.stateList();
    expect(state.filter((a) => a.startsWith("incus_instance.")).length).toBe(model.count);
    expect(state.filter((a) => a.startsWith("incus_storage_volume.")).length).toBe(2 * model.count);
    const plan = await s.plan();
    expect({ code: plan.code, output: plan.code === 0 ? "" : plan.output }).toEqual({ code: 0, output: "" });
  }
  // One state document for the stack's workspace, nothing else in the schema.
  expect(storedStates(schema).map((r) => r.name)).toEqual(["default"]);
}

test("two deploys at once: the loser fails cleanly on the lock, the state stays intact", async () => {
  const [a, b] = [job(), job()];
  await initOneByOne([a, b]);
  const [ra, rb] = await Promise.all([apply(a, "0s"), apply(b, "0s")]);
  const results = [ra, rb].sort((x, y) => (x.code ?? 99) - (y.code ?? 99));
  expect(results.map((r) => r.code)).toEqual([0, 1]);
  const loser = results[1];
  expect(loser.output).toMatch(/Error acquiring the state lock/);
  // The loser stopped before planning: it neither created nor destroyed anything.
  expect(loser.output).not.toMatch(/Creating\.\.\.|Destroying\.\.\./);
  await expectIntact([a, b]);
}, 300_000);

test("two deploys at once with a lock timeout: the second waits, then has nothing to do", async () => {
  // Start from scratch so both runs want to create everything.
  await deleteByPrefix(client, `${prefix}-`);
  dropSchema(schema);
  const [a, b] = [job(), job()];
  await initOneByOne([a, b]);
  const [ra, rb] = await Promise.all([apply(a, "180s"), apply(b, "180s")]);
  expect([ra.code, rb.code]).toEqual([0, 0]);
  const added = [ra, rb].map((r) => Number(/Resources: (\d+) added/.exec(r.output)?.[1] ?? -1)).sort((x, y) => x - y);
  // One run created the stack; the other waited for the lock and found no changes.
  expect(added[0]).toBe(0);
  expect(added[1]).toBeGreaterThanOrEqual(3 * model.count);
  expect([ra, rb].some((r) => /No changes\./.test(r.output))).toBe(true);
  await expectIntact([a, b]);
}, 300_000);
