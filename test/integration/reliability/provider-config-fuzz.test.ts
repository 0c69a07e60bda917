// Bad input drill for the provider, CI size: generated `provider "incus"` configurations run through the real
// terraform end with diagnostics (or success), never a crashed or hung provider; configurations that must work do.
// The heavy variant (test/reliability/provider-config-fuzz.test.ts) runs many more.
import fc from "fast-check";
import type { IncusClient } from "../../../lib/incus";
import { requireIncus, testClient, uniqueName } from "../../support/incus";
import { TerraformWorkspace } from "../../support/terraform";
import { configJson, judgePlan, makeDirs, providerSet } from "./support/provider-config-fuzz";

let client: IncusClient;
let ws: TerraformWorkspace;

beforeAll(async () => {
  client = testClient();
  await requireIncus(client, { image: false });
  ws = TerraformWorkspace.create({ providers: ["incus"], prefix: uniqueName("rel") });
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
      const r = await ws.run(["plan", "-input=false"], { timeoutMs: 120_000 });
      if (process.env.CDKTF_VIRT_FUZZ_VERBOSE) process.stdout.write(`\n--- exit ${r.code}\n${(r.output.match(/(Error|Warning): .*/g) ?? []).join("\n")}\n`);
      const problem = judgePlan(specs, r);
      if (problem) throw new Error(problem);
    }),
    { numRuns: Number(process.env.CDKTF_VIRT_FUZZ_RUNS ?? 4), endOnFailure: true },
  );
}, 600_000);
