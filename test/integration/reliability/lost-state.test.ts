// Lost state drill, CI size: 5 containers with a persistent and an ephemeral volume each. Deleting the state file
// and deploying again adopts every object (same objects, no error, empty plan after); a same-named object without
// the stack's owner marker is left alone with an error naming `terraform import`.
import type { IncusClient } from "../../../lib/incus";
import { requireIncus, testClient, uniqueName } from "../../support/incus";
import { deleteByPrefix } from "./support/drill-model";
import { DrillStack } from "./support/drill-stack";
import { runLostStateDrill } from "./support/lost-state-drill";

const prefix = uniqueName("rel");
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

test("a deploy after losing the state adopts every object by its owner marker, and never takes someone else's", async () => {
  stack = new DrillStack(prefix);
  const result = await runLostStateDrill(client, stack, prefix, 5);
  expect(result.foreignCode).not.toBe(0);
}, 400_000);
