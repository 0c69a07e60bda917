// Heavy concurrency drill on the pg state backend: three deploys at once (two wait for the lock), then a deploy
// SIGKILLed while it holds the lock — PostgreSQL drops the dead session's lock, so the next deploy gets it and
// converges — and the state stays intact throughout.
import type { IncusClient } from "../../lib/incus";
import { requireIncus, TEST_IMAGE, testClient, uniqueName } from "../support/incus";
import { buildDrillStack, deleteByPrefix, expectedNames, inventory } from "../integration/reliability/support/drill-model";
import type { DrillModel } from "../integration/reliability/support/drill-model";
import { DrillStack } from "../integration/reliability/support/drill-stack";
import { dropSchema, postgresUrl, requirePostgres, schemaFor, storedStates } from "../integration/reliability/support/postgres";

const prefix = uniqueName("relh");
const schema = schemaFor(prefix);
let model: DrillModel = { prefix, count: 4, image: TEST_IMAGE };
let client: IncusClient;
const stacks: DrillStack[] = [];

beforeAll(async () => {
  client = testClient();
  await requireIncus(client);
  requirePostgres();
  const target = (await client.images.getAlias(TEST_IMAGE)).value.target;
  await client.images.createAlias({ name: `${prefix}-img`, target });
});

afterAll(async () => {
  try {
    for (const s of stacks) s.cleanup();
    const problems = await deleteByPrefix(client, `${prefix}-`);
    await client.images.deleteAlias(`${prefix}-img`).catch(() => undefined);
    dropSchema(schema);
    if (problems.length) throw new Error(`cleanup left objects behind:\n${problems.join("\n")}`);
  } finally {
    await client.close();
  }
});

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

async function expectIntact(jobs: DrillStack[]): Promise<void> {
  const inv = await inventory(client, `${prefix}-`);
  expect({ instances: [...inv.instances.keys()].sort(), volumes: [...inv.volumes.keys()].sort() }).toEqual(expectedNames(model));
  for (const s of jobs) {
    const plan = await s.plan();
    expect({ code: plan.code, output: plan.code === 0 ? "" : plan.output }).toEqual({ code: 0, output: "" });
  }
  expect(storedStates(schema).map((r) => r.name)).toEqual(["default"]);
}

test("three deploys at once with lock timeouts: all succeed one after the other, the state stays intact", async () => {
  const jobs = [job(), job(), job()];
  await initOneByOne(jobs);
  const results = await Promise.all(jobs.map((j) => j.run(["apply", "-auto-approve", "-input=false", "-lock-timeout=300s"])));
  expect(results.map((r) => r.code)).toEqual([0, 0, 0]);
  expect(results.filter((r) => /No changes\./.test(r.output)).length).toBe(2);
  await expectIntact(jobs);
});

test("a deploy killed while holding the lock: the next one gets the lock and converges", async () => {
  model = { ...model, image: `${prefix}-img` };
  const [killed, next] = [job(), job()];
  await initOneByOne([killed, next]);
  const k = await killed.applyAndKill({ pattern: /: (Creating|Destroying)\.\.\./, count: 3, delayMs: 100 });
  expect(k.killed).toBe(true);
  const r = await next.run(["apply", "-auto-approve", "-input=false", "-lock-timeout=120s"]);
  expect({ code: r.code, output: r.code === 0 ? "" : r.output }).toEqual({ code: 0, output: "" });
  await expectIntact([killed, next]);
});
