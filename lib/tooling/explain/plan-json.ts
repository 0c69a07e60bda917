// The parts of `terraform show -json <planfile>` (format 1.x) that explain reads, checked on the way in, and the
// resource views it yields for objects the configuration no longer has.
import { ToolError } from "../common/errors";
import { isObject } from "../common/json";
import type { ResourceView } from "../stack/resource-view";

export type PlanAction = "no-op" | "create" | "read" | "update" | "delete" | "forget";

export interface PlanResourceChange {
  readonly address: string;
  readonly mode: "managed" | "data";
  readonly type: string;
  readonly name: string;
  readonly change: {
    readonly actions: readonly PlanAction[];
    readonly before: unknown;
    readonly after: unknown;
    readonly after_unknown?: unknown;
    readonly before_sensitive?: unknown;
    readonly after_sensitive?: unknown;
    readonly replace_paths?: readonly (readonly (string | number)[])[];
    readonly importing?: unknown;
  };
  /** e.g. "replace_by_triggers", "replace_because_cannot_update", "delete_because_no_resource_config". */
  readonly action_reason?: string;
}

export interface PlanStateResource {
  readonly address: string;
  readonly mode: "managed" | "data";
  readonly type: string;
  readonly values?: { readonly [key: string]: unknown };
  readonly depends_on?: readonly string[];
}

interface PlanStateModule {
  readonly resources?: readonly PlanStateResource[];
  readonly child_modules?: readonly PlanStateModule[];
}

export interface PlanJson {
  readonly format_version: string;
  readonly terraform_version?: string;
  readonly resource_changes?: readonly PlanResourceChange[];
  readonly prior_state?: { readonly values?: { readonly root_module?: PlanStateModule } };
  /** false when terraform stopped planning on an error (Terraform >= 1.8). */
  readonly complete?: boolean;
  readonly errored?: boolean;
}

/** Checks that a parsed JSON document is a plan representation; `where` names its origin in errors. */
export function asPlanJson(json: unknown, where: string): PlanJson {
  if (!isObject(json) || typeof json.format_version !== "string") {
    throw new ToolError(
      `${where} is not a Terraform plan in JSON: it has no "format_version". ` +
        `Give explain the output of \`terraform show -json <planfile>\`, a planfile, or a stack directory.`,
    );
  }
  if (!json.format_version.startsWith("1.")) {
    throw new ToolError(
      `${where}: plan format ${json.format_version} is not supported (explain reads format 1.x, terraform >= 1.0)`,
    );
  }
  if (json.resource_changes !== undefined && !Array.isArray(json.resource_changes)) {
    throw new ToolError(`${where}: "resource_changes" must be a list`);
  }
  for (const [index, change] of ((json.resource_changes as unknown[] | undefined) ?? []).entries()) {
    if (
      !isObject(change) ||
      typeof change.address !== "string" ||
      !isObject(change.change) ||
      !Array.isArray(change.change.actions)
    ) {
      throw new ToolError(
        `${where}: resource_changes[${index}] lacks an address or change.actions; is the file truncated?`,
      );
    }
  }
  return json as unknown as PlanJson;
}

/** Managed resource changes, sorted by address. */
export function managedChanges(plan: PlanJson): PlanResourceChange[] {
  return (plan.resource_changes ?? [])
    .filter((c) => c.mode === "managed")
    .slice()
    .sort((a, b) => a.address.localeCompare(b.address));
}

/** Every managed resource of the prior state (all modules). */
export function priorStateResources(plan: PlanJson): PlanStateResource[] {
  const out: PlanStateResource[] = [];
  const visit = (module: PlanStateModule | undefined): void => {
    if (module === undefined) return;
    for (const resource of module.resources ?? []) if (resource.mode === "managed") out.push(resource);
    for (const child of module.child_modules ?? []) visit(child);
  };
  visit(plan.prior_state?.values?.root_module);
  return out;
}

/**
 * Views for what the configuration does not describe: objects only in the prior state (being deleted or
 * forgotten), and — when there is no configuration at all — the planned values of new objects.
 */
export function viewsFromPlan(plan: PlanJson, configured: ReadonlySet<string>, hasConfig: boolean): ResourceView[] {
  const views: ResourceView[] = [];
  const seen = new Set<string>();
  for (const resource of priorStateResources(plan)) {
    if (configured.has(resource.address) || seen.has(resource.address)) continue;
    seen.add(resource.address);
    views.push({
      address: resource.address,
      type: resource.type,
      attributes: resource.values ?? {},
      preventDestroy: false,
      replaceTriggeredBy: [],
      dependsOn: resource.depends_on ?? [],
      origin: "state",
    });
  }
  if (hasConfig) return views;
  for (const change of managedChanges(plan)) {
    if (seen.has(change.address) || !isObject(change.change.after)) continue;
    seen.add(change.address);
    views.push({
      address: change.address,
      type: change.type,
      attributes: change.change.after,
      preventDestroy: false,
      replaceTriggeredBy: [],
      dependsOn: [],
      origin: "plan",
    });
  }
  return views;
}
