// incus_instance: create/read/update/delete/import with the official provider's semantics and the project's
// stricter rules: state is saved as soon as the instance exists (a later failure leaves it tainted, never
// orphaned), an instance left behind by a dead run is adopted through its ownership marker, a vanished
// instance drops out of state, and deleting a missing one succeeds.
import type { ApplyResponse, Resource, ResourceContext } from "../../framework";
import { isConflict } from "../../../incus";
import type { Instance, Versioned } from "../../../incus";
import { adoptOrFail, configMap, formatImportId, ignoreNotFound, parseImportId, provisionalState } from "../common";
import type { IncusProviderData } from "../provider-data";
import { vetInstanceAdoption } from "./adoption";
import { adoptable, converge, renameInstance } from "./converge";
import type { Placement } from "./create";
import { createdAsPlanned, prepareCreate } from "./create";
import { deleteInstance } from "./delete";
import { placementOf } from "./placement";
import { planInstance } from "./plan";
import { isRebuild, rebuildInstance } from "./rebuild";
import type { InstancePlan, InstanceState } from "./schema";
import { INSTANCE_COMPUTED_CONFIG, instanceSchema } from "./schema";
import { instanceStateFrom, keepKnownPlanned, needsRuntimeState, planFixesRuntime } from "./state";
import { validateInstanceConfig } from "./validate";

type Ctx = ResourceContext<IncusProviderData>;

const TYPE_NAME = "incus_instance";

/**
 * Reads the instance into full state; null when it no longer exists. Its runtime state (/state: addresses,
 * interfaces) is read only when `withRuntime` and the instance is not stopped (a stopped one has none).
 */
async function readInstance(
  at: Placement,
  name: string,
  base: InstancePlan,
  withRuntime = true,
): Promise<InstanceState | null> {
  const live = await ignoreNotFound(at.client.instances.get(name, at.call));
  if (!live) return null;
  return stateOf(at, live, base, withRuntime);
}

/**
 * The refresh: like readInstance, but when the prior state says the instance was running with a network interface
 * its /state is requested together with the instance instead of after it (one round trip less per instance on every
 * plan; a refresh of a running fleet is mostly these two reads). The early /state answer is dropped if the instance
 * is stopped now or has no network device any more.
 */
async function refreshInstance(at: Placement, name: string, prior: InstanceState): Promise<InstanceState | null> {
  if (!(prior.status === "Running" || prior.status === "Ready") || hadNoInterface(prior))
    return readInstance(at, name, prior);
  const runtimeRead = ignoreNotFound(at.client.instanceState.get(name, at.call)).then(
    (runtime) => ({ runtime }),
    (error: unknown) => ({ error }),
  );
  const live = await ignoreNotFound(at.client.instances.get(name, at.call)).catch(async (err: unknown) => {
    await runtimeRead;
    throw err;
  });
  const early = await runtimeRead;
  if (!live) return null;
  if (!needsRuntimeState(live.value)) return instanceStateFrom(prior, live.value, null);
  // A failed early read is retried the ordinary way, so it reports (or recovers) as a plain read would.
  if ("error" in early || !early.runtime) return stateOf(at, live, prior, true);
  return instanceStateFrom(prior, live.value, early.runtime.value);
}

/**
 * Whether the prior state shows a container without a network interface: most likely it still has none, and then
 * its /state is not read at all (needsRuntimeState). /state also sums the instance's disk usage, so guessing wrong
 * the other way costs incusd far more than the round trip the early request saves; a NIC added since is read after
 * the instance.
 */
function hadNoInterface(prior: InstanceState): boolean {
  const interfaces = prior.interfaces;
  return prior.type === "container" && interfaces !== null && Object.keys(interfaces).length === 0;
}

async function stateOf(
  at: Placement,
  live: Versioned<Instance>,
  base: InstancePlan,
  withRuntime: boolean,
): Promise<InstanceState | null> {
  if (!withRuntime || !needsRuntimeState(live.value)) return instanceStateFrom(base, live.value, null);
  const runtime = await ignoreNotFound(at.client.instanceState.get(live.value.name, at.call));
  if (!runtime) return null;
  return instanceStateFrom(base, live.value, runtime.value);
}

function importIdOf(plan: InstancePlan): string {
  return formatImportId({
    remote: plan.remote,
    project: plan.project,
    fields: [plan.name],
    options: typeof plan.image === "string" ? { image: plan.image } : {},
  });
}

/** Whether an instance found under the planned name may be taken over (reports why not otherwise). */
async function mayAdopt(existing: Instance, plan: InstancePlan, ctx: Ctx): Promise<boolean> {
  const ok = adoptOrFail({
    kind: TYPE_NAME,
    name: plan.name,
    existingConfig: existing.config,
    plannedConfig: configMap(plan.config),
    importId: importIdOf(plan),
    diagnostics: ctx.diagnostics,
  });
  if (!ok || !(await vetInstanceAdoption(existing, plan, ctx, importIdOf(plan), INSTANCE_COMPUTED_CONFIG)))
    return false;
  const mismatch = adoptable(existing, plan);
  if (mismatch) {
    ctx.diagnostics.error(
      `${TYPE_NAME} ${JSON.stringify(plan.name)} already exists and cannot be adopted`,
      `It carries this configuration's ownership marker, but ${mismatch}. Delete it (incus delete --force) or rename it, then apply again.`,
      ["name"],
    );
    return false;
  }
  ctx.log.info("adopting an instance a previous run created", { name: plan.name });
  return true;
}

/**
 * Create without a look-up first: a name already taken fails the POST with a conflict (or the preparation, e.g. an
 * image that is gone, fails), and only then is the instance read: adopted when a previous run of this configuration
 * left it behind, refused otherwise. The common case costs the create and the start, one read of the instance and
 * one of its /state (for the addresses) at the end.
 */
async function create(
  req: { readonly planned: InstancePlan },
  ctx: Ctx,
  resp: ApplyResponse<typeof instanceSchema>,
): Promise<void> {
  const plan = req.planned;
  const name = plan.name;
  const at = placementOf(plan, ctx);
  let current: Versioned<Instance> | "created" = "created";
  let posting = false;
  try {
    const prepared = await prepareCreate(ctx.providerData, at, plan);
    posting = true;
    await prepared.post();
  } catch (err) {
    const found = await at.client.instances.find(name, at.call).catch(() => undefined);
    if (found && (!posting || isConflict(err))) {
      // The name was taken before this create: the existing instance decides, as if it had been looked up first.
      if (!(await mayAdopt(found.value, plan, ctx))) return;
      current = found;
    } else {
      // The POST failed for another reason and left this instance behind: tracked (tainted), never orphaned.
      if (found) resp.state = await readInstance(at, name, plan, false);
      throw err;
    }
  }
  // Tracked from here on: any later failure leaves a tainted instance in state, not an orphan. That state
  // needs no addresses (a tainted instance is replaced, after a refresh), so /state is read only at the end.
  if (current === "created" && !createdAsPlanned(plan)) current = await at.client.instances.get(name, at.call);
  // An instance just created from the plan's own body is recorded from the plan (read back below).
  resp.state = current === "created" ? provisionalState<InstanceState>(plan) : await stateOf(at, current, plan, false);
  await converge(at, name, plan, null, current);
  resp.state = await readInstance(at, name, plan);
  if (resp.state === null)
    throw new Error(
      `Instance ${JSON.stringify(name)} disappeared while it was being created (an ephemeral instance that stopped?).`,
    );
}

async function update(
  req: { readonly prior: InstanceState; readonly planned: InstancePlan },
  ctx: Ctx,
  resp: ApplyResponse<typeof instanceSchema>,
): Promise<void> {
  const { prior, planned } = req;
  const at = placementOf(planned, ctx);
  const oldName = prior.name;
  const newName = planned.name;
  if (isRebuild(prior, planned)) {
    // Once rebuilt, the state must name the new image even if a later step fails (the old root disk is gone).
    await rebuildInstance(at, oldName, planned, ctx, async (live) => {
      resp.state = await stateOf(at, live, { ...prior, image: planned.image }, false);
    });
  } else {
    await converge(at, oldName, planned, prior);
  }
  if (oldName !== newName) {
    // Record the new name as soon as it exists: with the old one in state, a failed restart would orphan it.
    await renameInstance(at, oldName, newName, planned.wait_for, async () => {
      resp.state = await readInstance(at, newName, planned, false);
    });
  }
  const state = await readInstance(at, newName, planned, !planFixesRuntime(planned));
  if (state === null) throw new Error(`Instance ${JSON.stringify(newName)} disappeared during the update.`);
  resp.state = keepKnownPlanned(state, planned);
}

async function importInstance(id: string): Promise<Partial<InstanceState>> {
  const parsed = parseImportId(id, { fields: ["name"], options: ["image"], typeName: TYPE_NAME });
  return {
    name: parsed.fields.name,
    project: parsed.project,
    remote: parsed.remote,
    image: parsed.options.image ?? null,
  };
}

export const instanceResource: Resource<IncusProviderData, typeof instanceSchema> = {
  typeName: TYPE_NAME,
  schema: instanceSchema,
  validateConfig: (config, ctx) => validateInstanceConfig(config, ctx.diagnostics),
  modifyPlan: (req, ctx) => planInstance(req, ctx),
  create,
  read: async (req, ctx) => refreshInstance(placementOf(req.state, ctx), req.state.name, req.state),
  update,
  delete: async (req, ctx) => deleteInstance(placementOf(req.prior, ctx), req.prior.name, ctx),
  importState: async (id) => importInstance(id),
};
