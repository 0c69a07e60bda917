// incus_instance_snapshot: a point-in-time snapshot of an instance. Every attribute forces replacement, so
// update has nothing to do. Beyond the official provider: a missing snapshot (or instance) on delete is fine,
// an existing snapshot of the planned name is reported with the import command, and snapshots can be
// imported with `[remote:][project/]instance/name`.
import type { Resource, ResourceContext } from "../../framework";
import { isConflict } from "../../../incus";
import type { InstanceSnapshot } from "../../../incus";
import { formatImportId, ignoreNotFound, parseImportId } from "../common";
import type { IncusProviderData } from "../provider-data";
import { placementOf } from "./placement";
import type { InstanceSnapshotPlan, InstanceSnapshotState } from "./snapshot-schema";
import { instanceSnapshotSchema } from "./snapshot-schema";

type Ctx = ResourceContext<IncusProviderData>;

const TYPE_NAME = "incus_instance_snapshot";

/** Incus retries these transient failures itself in the official provider (CRIU dumps, busy files). */
const TRANSIENT = [/Dumping FAILED/i, /file has vanished/i];
const ATTEMPTS = 5;

function stateOf(base: InstanceSnapshotPlan, live: InstanceSnapshot): InstanceSnapshotState {
  const ms = Date.parse(live.created_at);
  return {
    name: live.name,
    instance: base.instance,
    stateful: Boolean(live.stateful),
    project: base.project ?? null,
    remote: base.remote ?? null,
    created_at: Number.isNaN(ms) ? 0 : Math.floor(ms / 1000),
  };
}

async function readSnapshot(values: InstanceSnapshotPlan, ctx: Ctx): Promise<InstanceSnapshotState | null> {
  const at = placementOf(values, ctx);
  const live = await ignoreNotFound(at.client.instanceSnapshots.get(values.instance, values.name, at.call));
  return live ? stateOf(values, live.value) : null;
}

function importIdOf(plan: InstanceSnapshotPlan): string {
  return formatImportId({ remote: plan.remote, project: plan.project, fields: [plan.instance, plan.name] });
}

function alreadyExists(plan: InstanceSnapshotPlan, ctx: Ctx): void {
  ctx.diagnostics.error(
    `${TYPE_NAME} ${JSON.stringify(`${plan.instance}/${plan.name}`)} already exists`,
    "Snapshots carry no ownership marker, so it cannot be proven to be this configuration's and was left untouched. " +
      `To manage it, import it:\n  terraform import ${TYPE_NAME}.<resource name> ${importIdOf(
        plan,
      )}\nor choose another name.`,
    ["name"],
  );
}

export const instanceSnapshotResource: Resource<IncusProviderData, typeof instanceSnapshotSchema> = {
  typeName: TYPE_NAME,
  schema: instanceSnapshotSchema,

  async create(req, ctx, resp) {
    const plan = req.planned;
    const at = placementOf(plan, ctx);
    const { instance, name } = plan;
    if (await ignoreNotFound(at.client.instanceSnapshots.get(instance, name, at.call))) {
      alreadyExists(plan, ctx);
      return;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await at.client.instanceSnapshots.create(instance, name, {
          ...at.call,
          stateful: plan.stateful === true,
          timeoutMs: at.timeoutMs,
        });
        break;
      } catch (err) {
        if (isConflict(err)) {
          alreadyExists(plan, ctx);
          return;
        }
        const message = (err as Error).message;
        if (attempt >= ATTEMPTS || !TRANSIENT.some((re) => re.test(message))) {
          throw new Error(
            `Failed to create snapshot ${JSON.stringify(name)} of instance ${JSON.stringify(instance)}: ${message}`,
          );
        }
        ctx.log.warn("snapshot failed transiently, retrying", { attempt, error: message });
      }
    }
    resp.state = await readSnapshot(plan, ctx);
    if (resp.state === null)
      throw new Error(
        `Snapshot ${JSON.stringify(name)} of instance ${JSON.stringify(instance)} vanished right after it was created.`,
      );
  },

  read: async (req, ctx) => readSnapshot(req.state, ctx),

  async update(req, _ctx, resp) {
    // Every attribute forces replacement; nothing can change in place.
    resp.state = { ...req.planned, created_at: req.prior.created_at };
  },

  async delete(req, ctx) {
    const at = placementOf(req.prior, ctx);
    await ignoreNotFound(
      at.client.instanceSnapshots.delete(req.prior.instance, req.prior.name, { ...at.call, timeoutMs: at.timeoutMs }),
    );
  },

  async importState(id) {
    const parsed = parseImportId(id, { fields: ["instance", "name"], typeName: TYPE_NAME });
    return {
      instance: parsed.fields.instance,
      name: parsed.fields.name,
      project: parsed.project,
      remote: parsed.remote,
    };
  },
};
