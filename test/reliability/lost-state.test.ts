// Heavy lost state drill: the same promise as the CI drill on 10 containers (30 objects).
import type { IncusClient } from "../../lib/incus";
import { requireIncus, testClient, uniqueName } from "../support/incus";
import { deleteByPrefix } from "../integration/reliability/support/drill-model";
import { DrillStack } from "../integration/reliability/support/drill-stack";
import { runLostStateDrill } from "../integration/reliability/support/lost-state-drill";

const prefix = uniqueName("relh");
let client: IncusClient;
let stack: DrillStack | undefined;

beforeAll(async () => {
  client = testClient();
  await requireIncus(client);
});

afterAll(async () => {
  try {
    stack?.cleanup();
    const problems = await deleteByPrefix(client, `${prefix}-`);
    if (problems.length) throw new Error(`cleanup left objects behind:\n${problems.join("\n")}`);
  } finally {
    await client.close();
  }
});

test("losing the state of 30 objects: the next deploy adopts them all", async () => {
  stack = new DrillStack(prefix);
  const result = await runLostStateDrill(client, stack, prefix, 10);
  expect(result.foreignCode).not.toBe(0);
});
