// incus_instance's own planning on top of the framework's rules:
// - defaults that depend on other attributes (profiles null → ["default"]; description "", config {} and type
//   "container" unless the instance is copied from a source);
// - the effective mode of file blocks, so plans show it instead of "(known after apply)";
// - computed runtime values (status, addresses) become unknown only when the change will alter them, so an
//   ordinary config change does not fill the plan with "(known after apply)" noise;
// - an image or cloud-init change rebuilds the instance in place or replaces it (rebuild-plan.ts; the image
//   replaces unless the instance's record asks for a rebuild and the instance can take one);
// - the names it refers to (image, profiles, pools, networks, project) are checked on the host (plan-checks.ts).
import type { ModifyPlanRequest, ModifyPlanResponse, ResourceContext } from "../../framework";
import { UNKNOWN, isUnknown } from "../../framework";
import type { Writable } from "../common/state";
import { CLOUD_INIT_CHANGE_CONFIG_KEY, IMAGE_CHANGE_CONFIG_KEY } from "../../../records";
import { ignoreNotFound } from "../common";
import type { IncusProviderData } from "../provider-data";
import { withFileDefaults } from "./files";
import { checkInstanceReferences } from "./plan-checks";
import type { RebuildDecision } from "./rebuild-plan";
import { decideRebuild, rebuildBlockedByHost } from "./rebuild-plan";
import { placementOf } from "./placement";
import type { InstancePlanModel, InstanceState, instanceSchema } from "./schema";

type Request = ModifyPlanRequest<typeof instanceSchema>;
type Response = ModifyPlanResponse<typeof instanceSchema>;

const ACCESS_KEY = "user.access_interface";

function jsonEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** Sorts object keys and set-like arrays of blocks so equal values compare equal. */
function canonical(v: unknown): unknown {
  if (Array.isArray(v))
    return v
      .map(canonical)
      .map((x) => JSON.stringify(x))
      .sort();
  if (v && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = canonical((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}

function accessInterface(config: unknown): unknown {
  if (!config || isUnknown(config)) return undefined;
  return (config as Record<string, unknown>)[ACCESS_KEY];
}

export function modifyInstancePlan(req: Request): Response {
  return planWithDecision(req).response;
}

/** The plan and, for an update, what it does about the image and cloud-init data. */
function planWithDecision(req: Request): { response: Response; decision: RebuildDecision } {
  const { config, prior } = req;
  const none: RebuildDecision = { action: "none" };
  if (req.planned === null || config === null) return { response: { planned: req.planned }, decision: none };
  const planned: Writable<InstancePlanModel> = { ...req.planned };

  if (config.profiles === null) planned.profiles = ["default"];
  const copied = config.source_instance !== null || config.source_file !== null;
  if (!copied) {
    if (config.description === null) planned.description = "";
    if (config.config === null) planned.config = {};
    if (config.type === null) planned.type = "container";
  }

  if (Array.isArray(planned.file)) {
    const configured = Array.isArray(config.file) ? config.file : [];
    planned.file = planned.file.map((f, i) => (isUnknown(f) ? f : withFileDefaults(f, configured[i] ?? null)));
  }

  if (prior === null) return { response: { planned }, decision: none };
  const decision = decideRebuild(prior, planned);
  markRuntimeChanges(planned, prior, decision.action === "rebuild");
  const requiresReplace = decision.action === "replace" ? decision.paths : [];
  return { response: { planned, requiresReplace }, decision };
}

/**
 * The instance's plan: its own defaults and runtime rules, a rebuild in place checked against the host (an
 * instance with snapshots is replaced instead), then the check of the names it refers to.
 */
export async function planInstance(req: Request, ctx: ResourceContext<IncusProviderData>): Promise<Response> {
  let { response, decision } = planWithDecision(req);
  // Replaced for another reason (project, remote, type, a forced replacement): nothing to check or explain.
  if (req.requiresReplace.length > 0) decision = { action: "none" };
  if (decision.action === "rebuild" && req.prior !== null && response.planned !== null && ctx.providerData) {
    const at = placementOf(req.prior, ctx);
    const snapshots = await ignoreNotFound(at.client.instanceSnapshots.list(req.prior.name, at.call));
    const blocked = rebuildBlockedByHost(snapshots?.length ?? 0);
    if (blocked !== undefined) {
      decision = decideRebuild(req.prior, response.planned, blocked);
      response = { ...response, requiresReplace: decision.action === "replace" ? decision.paths : [] };
    }
  }
  if (decision.action === "replace" && decision.fallback !== undefined && response.planned !== null) {
    ctx.diagnostics.warning(
      `incus_instance ${JSON.stringify(response.planned.name)} is replaced, not rebuilt in place`,
      `Its configuration asks for a rebuild in place (${IMAGE_CHANGE_CONFIG_KEY} / ${CLOUD_INIT_CHANGE_CONFIG_KEY}), ` +
        `but ${decision.fallback}. The instance is deleted and created again: its attached volumes are detached and ` +
        "re-attached, and its address may change.",
    );
  }
  await checkInstanceReferences(
    {
      ...req,
      planned: response.planned,
      requiresReplace: [...req.requiresReplace, ...(response.requiresReplace ?? [])],
    },
    ctx,
  );
  return response;
}

/** Marks status/addresses unknown when the planned update restarts, rebuilds, renames or re-wires the instance. */
function markRuntimeChanges(planned: Writable<InstancePlanModel>, prior: InstanceState, rebuild: boolean): void {
  const runningChanges = planned.running !== prior.running || rebuild;
  const rename = planned.name !== prior.name;
  const rewired =
    !jsonEqual(planned.device, prior.device) ||
    JSON.stringify(planned.profiles) !== JSON.stringify(prior.profiles) ||
    accessInterface(planned.config) !== accessInterface(prior.config);
  if (runningChanges || rename) planned.status = UNKNOWN;
  if (runningChanges || rename || rewired) {
    planned.ipv4_address = UNKNOWN;
    planned.ipv6_address = UNKNOWN;
    planned.mac_address = UNKNOWN;
    planned.interfaces = UNKNOWN;
  }
}
