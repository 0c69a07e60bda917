// What changed outside the code, from a refresh-only plan. Terraform's `resource_drift` holds, per object, the state
// the last deploy recorded (`before`) and what the provider read back now (`after`); this turns each entry into a
// finding in the terms people think in: a config key set by hand, an instance stopped, a volume deleted.
import { OWNER_CONFIG_KEY } from "../../records";
import { isObject } from "../common/json";
import { priorStateResources } from "../explain/plan-json";
import type { PlanJson, PlanResourceChange } from "../explain/plan-json";
import { describeLeaf, diffValues, formatPath, formatValue, markedAt } from "../explain/value-diff";
import type { LeafChange } from "../explain/value-diff";
import { familyOf } from "../stack/resource-kinds";
import type { ResourceFamily } from "../stack/resource-kinds";
import type { StackResource, SynthesizedStack } from "../stack/synthesized-stack";

/** A refresh-only plan as `terraform show -json` writes it: the drift is in `resource_drift`. */
export interface RefreshPlanJson extends PlanJson {
  readonly resource_drift?: readonly PlanResourceChange[];
}

/** One difference on an object that still exists. `text` is the sentence drift prints. */
export type DriftChange =
  | {
      /** The instance was stopped or started (`running`; Incus also reports `status`). */
      readonly kind: "power";
      readonly path: "running";
      readonly before: boolean;
      readonly after: boolean;
      readonly statusBefore?: string;
      readonly statusAfter?: string;
      readonly text: string;
    }
  | {
      /** A key of the object's `config` map was added, changed or removed. */
      readonly kind: "config";
      readonly path: string;
      readonly key: string;
      readonly before?: string;
      readonly after?: string;
      readonly sensitive: boolean;
      readonly text: string;
    }
  | {
      readonly kind: "attribute";
      readonly path: string;
      readonly before?: unknown;
      readonly after?: unknown;
      readonly sensitive: boolean;
      readonly text: string;
    };

export interface DriftFinding {
  readonly address: string;
  readonly type: string;
  readonly family: ResourceFamily;
  /** The object's name on the host. */
  readonly name?: string;
  readonly pool?: string;
  /** e.g. "homelab/db": from the stack's metadata, else from the object's ownership marker. */
  readonly constructPath?: string;
  /** The synthesized stack still has this resource (undefined when the stack was not read). */
  readonly inCode?: boolean;
  /** "deleted": the object is gone from the host; "changed": it differs from what the last deploy left. */
  readonly action: "changed" | "deleted";
  readonly changes: readonly DriftChange[];
}

/** Attributes of an object that moved only because it runs (addresses, free space): not drift. */
export interface RuntimeChange {
  readonly address: string;
  readonly paths: readonly string[];
}

export interface DriftReport {
  readonly formatVersion: 1;
  readonly stack?: string;
  readonly drifted: boolean;
  /** `checked`: the objects the state holds (0: nothing was deployed); `changed` + `deleted`: the findings. */
  readonly summary: { readonly checked: number; readonly changed: number; readonly deleted: number };
  readonly findings: readonly DriftFinding[];
  readonly runtimeChanges: readonly RuntimeChange[];
  /**
   * Why nothing was checked (set only when `checked` is 0 and the state was looked at): "never-deployed" (there is no
   * state), "destroyed" (the state exists and holds nothing: destroyed, or every object removed).
   */
  readonly nothingDeployed?: "never-deployed" | "destroyed";
}

/**
 * Computed attributes that follow the object's runtime, per resource type. A refresh sees them move all the time
 * (a DHCP lease, a guest writing to its disk, another stack filling the pool); the code cannot set them, so a
 * change of them alone is no drift. An Incus instance's `status` is read together with `running`.
 */
const RUNTIME_ATTRIBUTES: { readonly [type: string]: readonly string[] } = {
  incus_instance: ["status", "ipv4_address", "ipv6_address", "mac_address", "interfaces"],
  libvirt_volume: ["allocation", "physical"],
  libvirt_pool: ["allocation", "available", "capacity"],
};

export interface DriftReportOptions {
  /** The stack's name, for the report. */
  readonly stackName?: string;
  /** Whether the stack has a state at all (undefined: not asked); tells "never deployed" from "destroyed". */
  readonly stateExists?: boolean;
}

/** The findings of a refresh-only plan; with the stack, each names its construct path and whether code still has it. */
export function buildDriftReport(
  plan: RefreshPlanJson,
  stack?: SynthesizedStack,
  options: DriftReportOptions = {},
): DriftReport {
  const resources = new Map((stack?.resources ?? []).map((r) => [r.address, r]));
  const findings: DriftFinding[] = [];
  const runtimeChanges: RuntimeChange[] = [];
  const drift = (plan.resource_drift ?? [])
    .filter((d) => d.mode === "managed")
    .slice()
    .sort((a, b) => a.address.localeCompare(b.address));
  for (const entry of drift) {
    const resource = resources.get(entry.address);
    const inCode = stack === undefined ? undefined : resource !== undefined;
    const deleted = entry.change.actions.includes("delete") && !isObject(entry.change.after);
    const { changes, runtime } = deleted ? { changes: [], runtime: [] } : changesOf(entry, resource);
    if (runtime.length > 0) runtimeChanges.push({ address: entry.address, paths: runtime });
    if (!deleted && changes.length === 0) continue;
    findings.push({ ...identify(entry, resource), inCode, action: deleted ? "deleted" : "changed", changes });
  }
  const deleted = findings.filter((f) => f.action === "deleted").length;
  // The plan's prior state is the refreshed one: objects deleted outside the code are no longer in it.
  const checked = priorStateResources(plan).length + deleted;
  return {
    formatVersion: 1,
    stack: options.stackName,
    drifted: findings.length > 0,
    summary: { checked, changed: findings.length - deleted, deleted },
    findings,
    runtimeChanges,
    ...(checked === 0 && options.stateExists !== undefined
      ? { nothingDeployed: options.stateExists ? ("destroyed" as const) : ("never-deployed" as const) }
      : {}),
  };
}

/** Address, family, name, pool and construct path of a drifted object (from whichever side still has values). */
function identify(entry: PlanResourceChange, resource: StackResource | undefined) {
  const values = (
    isObject(entry.change.before) ? entry.change.before : isObject(entry.change.after) ? entry.change.after : {}
  ) as {
    [key: string]: unknown;
  };
  const config = isObject(values.config) ? values.config : {};
  const marker = config[OWNER_CONFIG_KEY];
  return {
    address: entry.address,
    type: entry.type,
    family: familyOf(entry.type),
    name: typeof values.name === "string" ? values.name : undefined,
    pool: typeof values.pool === "string" ? values.pool : undefined,
    // cdktf names an L2's resource "Default", so "homelab/db/Default" reads as "homelab/db" (the marker's form).
    constructPath:
      resource?.constructPath?.replace(/\/Default$/, "") ?? (typeof marker === "string" ? marker : undefined),
  };
}

function changesOf(
  entry: PlanResourceChange,
  resource: StackResource | undefined,
): { changes: DriftChange[]; runtime: string[] } {
  const { before, after, after_unknown: unknown, before_sensitive, after_sensitive } = entry.change;
  const leaves = diffValues(before, after, unknown)
    // {} read back as null (an instance without interfaces) is the same nothing.
    .filter((leaf) => !(isEmpty(leaf.before) && isEmpty(leaf.after)))
    // Sensitive on either side (before_sensitive / after_sensitive): never printed.
    .map((leaf) => ({
      ...leaf,
      sensitive: markedAt(before_sensitive, before, leaf.path) || markedAt(after_sensitive, after, leaf.path),
    }));
  const runtimeKeys = new Set(RUNTIME_ATTRIBUTES[entry.type] ?? []);
  const power: DriftChange[] = [];
  const config: DriftChange[] = [];
  const other: DriftChange[] = [];
  const runtime: string[] = [];
  for (const leaf of leaves) {
    const [top, second] = leaf.path;
    if (runtimeKeys.has(String(top))) runtime.push(String(top));
    else if (
      leaf.path.length === 1 &&
      top === "running" &&
      typeof leaf.before === "boolean" &&
      typeof leaf.after === "boolean"
    ) {
      power.push(powerChange(leaf.before, leaf.after, before, after, resource));
    } else if (leaf.path.length === 2 && top === "config" && typeof second === "string")
      config.push(configChange(leaf, second));
    else other.push(attributeChange(leaf));
  }
  // The status is told with the power change.
  const moved = power.length > 0 ? runtime.filter((key) => key !== "status") : runtime;
  return { changes: [...power, ...config, ...other], runtime: [...new Set(moved)] };
}

function powerChange(
  wasRunning: boolean,
  isRunning: boolean,
  before: unknown,
  after: unknown,
  resource: StackResource | undefined,
): DriftChange {
  const statusBefore = statusOf(before);
  const statusAfter = statusOf(after);
  const status =
    statusBefore !== undefined && statusAfter !== undefined ? ` (status ${statusBefore} → ${statusAfter})` : "";
  // The code's wish; `running` defaults to true for both providers.
  const wanted = resource === undefined ? undefined : resource.attributes.running !== false;
  let text: string;
  if (isRunning) {
    text = `started outside the code${status}${
      wanted === false ? "; the code keeps it stopped: a deploy stops it again" : ""
    }`;
  } else {
    const how = statusAfter === undefined || statusAfter === "Stopped" ? "stopped" : `no longer running`;
    text = `${how} outside the code${status}${
      wanted === true ? "; the code keeps it running: a deploy starts it again" : ""
    }`;
  }
  return { kind: "power", path: "running", before: wasRunning, after: isRunning, statusBefore, statusAfter, text };
}

function configChange(leaf: LeafChange, key: string): DriftChange {
  const path = formatPath(leaf.path);
  const before = typeof leaf.before === "string" ? leaf.before : undefined;
  const after = typeof leaf.after === "string" ? leaf.after : undefined;
  const name = `config key ${JSON.stringify(key)}`;
  let text: string;
  if (leaf.sensitive) text = `${name} changed (sensitive value)`;
  else if (before === undefined) text = `${name} added: ${formatValue(after)}`;
  else if (after === undefined) text = `${name} removed (was ${formatValue(before)})`;
  else text = `${name}: ${formatValue(before)} → ${formatValue(after)}`;
  return leaf.sensitive
    ? { kind: "config", path, key, sensitive: true, text }
    : { kind: "config", path, key, before, after, sensitive: false, text };
}

function attributeChange(leaf: LeafChange): DriftChange {
  const base = { kind: "attribute" as const, path: formatPath(leaf.path), sensitive: leaf.sensitive };
  if (leaf.sensitive) return { ...base, text: describeLeaf(leaf) };
  const values = { ...base, before: leaf.before, after: leaf.after };
  // A whole Incus device block (or file) added or removed: say what it was in a few words, not in truncated JSON.
  const [top, element] = leaf.path;
  const block = isObject(leaf.after) ? leaf.after : isObject(leaf.before) ? leaf.before : undefined;
  if (
    leaf.path.length !== 2 ||
    typeof element !== "object" ||
    block === undefined ||
    !(isEmpty(leaf.before) || isEmpty(leaf.after))
  ) {
    return { ...values, text: describeLeaf(leaf) };
  }
  const what = `${String(top)} ${JSON.stringify(element.element)}`;
  return {
    ...values,
    text: isEmpty(leaf.before)
      ? `${what} added: ${summarizeBlock(block)}`
      : `${what} removed (was ${summarizeBlock(block)})`,
  };
}

/** `disk: path=/data, pool=default, source=db-data` for a device block; compact JSON for anything else. */
function summarizeBlock(block: { [key: string]: unknown }): string {
  const properties = isObject(block.properties) ? block.properties : undefined;
  if (properties === undefined) return formatValue(block);
  const pairs = Object.keys(properties)
    .sort()
    .map((key) => `${key}=${String(properties[key])}`);
  return `${typeof block.type === "string" ? `${block.type}: ` : ""}${pairs.join(", ")}`;
}

function statusOf(values: unknown): string | undefined {
  return isObject(values) && typeof values.status === "string" ? values.status : undefined;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && Object.keys(value).length === 0;
}
