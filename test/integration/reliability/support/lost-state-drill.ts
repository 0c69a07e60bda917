// Lost state: a deployed stack loses its state file; the next deploy must adopt every object through its owner
// marker — the same objects, nothing destroyed or re-created, no error — and the plan after it must be empty. Then
// an object of the same name that does not carry the stack's marker (someone else's) must be left untouched, with
// an error that names the `terraform import` command.
import { rmSync } from "node:fs";
import type { IncusClient } from "../../../../lib/incus";
import { TEST_IMAGE, TEST_POOL } from "../../../support/incus";
import { failureReport } from "../../../support/terraform";
import { Volume } from "../../../../lib";
import { StoragePool } from "../../../../lib";
import type { IncusHost } from "../../../../lib";
import { buildDrillStack, expectedNames, inventory } from "./drill-model";
import type { DrillModel, Inventory } from "./drill-model";
import { DrillStack } from "./drill-stack";

const identities = (inv: Inventory) =>
  Object.fromEntries(
    [...inv.instances.values(), ...inv.volumes.values()].map((o) => [o.name, `${o.uuid}|${o.createdAt}`]),
  );

export interface LostStateResult {
  readonly adoptOutput: string;
  readonly foreignOutput: string;
  readonly foreignCode: number | null;
}

export async function runLostStateDrill(
  client: IncusClient,
  stack: DrillStack,
  prefix: string,
  count: number,
): Promise<LostStateResult> {
  const model: DrillModel = { prefix, count, image: TEST_IMAGE };
  stack.synth((s) => buildDrillStack(s, model));
  await stack.apply();
  const before = await inventory(client, `${prefix}-`);
  const want = expectedNames(model);
  if (before.instances.size !== want.instances.length || before.volumes.size !== want.volumes.length) {
    throw new Error(`the first deploy did not create the model's objects: ${JSON.stringify(identities(before))}`);
  }

  rmSync(stack.statePath, { force: true });
  rmSync(`${stack.statePath}.backup`, { force: true });
  const adopted = await stack.run(["apply", "-auto-approve", "-input=false"]);
  if (adopted.code !== 0)
    throw new Error(`the deploy after losing the state failed (exit ${adopted.code}):\n${failureReport(adopted)}`);
  if (/Destroying\.\.\./.test(adopted.output))
    throw new Error(`the deploy after losing the state destroyed something:\n${adopted.output}`);
  const after = await inventory(client, `${prefix}-`);
  const changed = Object.entries(identities(before)).filter(([name, id]) => identities(after)[name] !== id);
  const extra = Object.keys(identities(after)).filter((name) => !(name in identities(before)));
  if (changed.length || extra.length) {
    throw new Error(
      `adoption re-created or added objects: changed ${JSON.stringify(changed)}, new ${JSON.stringify(extra)}\n${
        adopted.output
      }`,
    );
  }
  const plan = await stack.plan();
  if (plan.code !== 0)
    throw new Error(`the plan after adoption is not empty (exit ${plan.code}):\n${failureReport(plan)}`);

  // Someone else's volume under a name the stack now wants: never touched, and the error says how to import it.
  const foreign = `${prefix}-foreign`;
  await client.storageVolumes.create(TEST_POOL, { name: foreign, config: { "user.note": "not managed by the drill" } });
  stack.synth((s) => {
    buildDrillStack(s, model);
    const host = s.node.findChild("local") as IncusHost;
    new Volume(s, "foreign", {
      pool: StoragePool.fromName(s, "pool2", host, TEST_POOL),
      name: foreign,
      size: "32MiB",
      protect: false,
    });
  });
  const refused = await stack.run(["apply", "-auto-approve", "-input=false"]);
  const vol = (await client.storageVolumes.get(TEST_POOL, foreign)).value;
  if (refused.code === 0)
    throw new Error(`the deploy took over a volume without the stack's owner marker:\n${refused.output}`);
  if (!/terraform import/.test(refused.output))
    throw new Error(`the refusal does not name \`terraform import\`:\n${refused.output}`);
  if (JSON.stringify(vol.config) !== JSON.stringify({ "user.note": "not managed by the drill" })) {
    throw new Error(`the foreign volume was changed: ${JSON.stringify(vol.config)}`);
  }
  return { adoptOutput: adopted.output, foreignOutput: refused.output, foreignCode: refused.code };
}
