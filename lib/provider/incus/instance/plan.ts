// incus_instance's own planning on top of the framework's rules:
// - defaults that depend on other attributes (profiles null → ["default"]; description "", config {} and type
//   "container" unless the instance is copied from a source);
// - the effective mode of file blocks, so plans show it instead of "(known after apply)";
// - computed runtime values (status, addresses) become unknown only when the change will alter them, so an
//   ordinary config change does not fill the plan with "(known after apply)" noise;
// - the names it refers to (image, profiles, pools, networks, project) are checked on the host (plan-checks.ts).
import type { ModifyPlanRequest, ModifyPlanResponse, ResourceContext } from "../../framework";
import { UNKNOWN, isUnknown } from "../../framework";
import type { Writable } from "../common/state";
import type { IncusProviderData } from "../provider-data";
import { withFileDefaults } from "./files";
import { checkInstanceReferences } from "./plan-checks";
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
  const { config, prior } = req;
  if (req.planned === null || config === null) return { planned: req.planned };
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

  if (prior !== null) markRuntimeChanges(planned, prior);
  return { planned };
}

/** The instance's plan: its own defaults and runtime rules, then the check of the names it refers to. */
export async function planInstance(req: Request, ctx: ResourceContext<IncusProviderData>): Promise<Response> {
  const response = modifyInstancePlan(req);
  await checkInstanceReferences({ ...req, planned: response.planned }, ctx);
  return response;
}

/** Marks status/addresses unknown when the planned update restarts, renames or re-wires the instance. */
function markRuntimeChanges(planned: Writable<InstancePlanModel>, prior: InstanceState): void {
  const runningChanges = planned.running !== prior.running;
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
