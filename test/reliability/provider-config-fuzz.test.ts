// Heavy variant of the provider configuration fuzzing: 30 terraform plans of up to 4 generated configurations each.
import fc from "fast-check";
import type { IncusClient } from "../../lib/incus";
import { requireIncus, testClient, uniqueName } from "../support/incus";
import { TerraformWorkspace } from "../support/terraform";
import { configJson, judgePlan, makeDirs, providerSet } from "../integration/reliability/support/provider-config-fuzz";

let client: IncusClient;
let ws: TerraformWorkspace;

beforeAll(async () => {
  client = testClient();
  await requireIncus(client, { image: false });
  ws = TerraformWorkspace.create({ providers: ["incus"], prefix: uniqueName("relh") });
});

afterAll(async () => {
  ws?.cleanup();
  await client?.close();
});

test("fuzzed provider configurations: diagnostics, never a provider crash", async () => {
  const dirs = makeDirs(ws.root);
  let initialized = false;
  await fc.assert(
    fc.asyncProperty(providerSet, async (specs) => {
      ws.write("main.tf.json", configJson(specs, dirs));
      if (!initialized) {
        await ws.init();
        initialized = true;
      }
      const problem = judgePlan(specs, await ws.run(["plan", "-input=false"], { timeoutMs: 120_000 }));
      if (problem) throw new Error(problem);
    }),
    { numRuns: 30, endOnFailure: true },
  );
});
