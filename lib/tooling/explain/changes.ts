// What Terraform plans for each resource and why: the action in one word, and the causes — the attributes that
// changed or forced a replacement, the replace_triggered_by references that fired (followed through generation
// anchors to the attribute that changed there), or the reason Terraform recorded.
import type { CouplingModel } from "../stack/coupling";
import { familyOf } from "../stack/resource-kinds";
import { resourceAddressOf } from "../stack/references";
import { replacementTriggersOf } from "../stack/resource-view";
import type { PlanAction, PlanResourceChange } from "./plan-json";
import { describeLeaf, diffValues, formatPath, markedAt, valueAt } from "./value-diff";
import type { LeafChange, PathStep } from "./value-diff";

export type ChangeKind = "create" | "update" | "replace" | "delete" | "no-op" | "read" | "forget";

/** A reason why a resource changes. `text` is the sentence explain prints. */
export type Cause =
  | {
      readonly kind: "attribute";
      readonly path: string;
      readonly before?: unknown;
      readonly after?: unknown;
      readonly afterUnknown: boolean;
      readonly sensitive: boolean;
      /** The provider cannot update this in place: it forces the replacement. */
      readonly forcesReplacement: boolean;
      readonly text: string;
    }
  | {
      readonly kind: "trigger";
      /** The resource named in replace_triggered_by that changed. */
      readonly address: string;
      readonly role: "generation-anchor" | "rebuild-on-change" | "trigger";
      readonly action: ChangeKind;
      readonly causes: readonly Cause[];
      readonly text: string;
    }
  | { readonly kind: "reason"; readonly code: string; readonly text: string };

/** The planned change of one resource, reduced to what explain needs. */
export interface ResourceChange {
  readonly address: string;
  readonly type: string;
  readonly kind: ChangeKind;
  /** Replacement order: the new object is created before the old one is destroyed. */
  readonly createBeforeDestroy: boolean;
  /** The object is imported by this plan. */
  readonly importing: boolean;
  readonly actionReason?: string;
  readonly plan: PlanResourceChange;
}

export function changeKindOf(actions: readonly PlanAction[]): ChangeKind {
  const set = new Set(actions);
  if (set.has("delete") && set.has("create")) return "replace";
  if (set.has("delete")) return "delete";
  if (set.has("create")) return "create";
  if (set.has("update")) return "update";
  if (set.has("forget")) return "forget";
  if (set.has("read")) return "read";
  return "no-op";
}

export function toResourceChange(plan: PlanResourceChange): ResourceChange {
  return {
    address: plan.address,
    type: plan.type,
    kind: changeKindOf(plan.change.actions),
    createBeforeDestroy: plan.change.actions[0] === "create" && plan.change.actions.includes("delete"),
    importing: plan.change.importing !== undefined && plan.change.importing !== null,
    actionReason: plan.action_reason,
    plan,
  };
}

const REASONS: { readonly [code: string]: string } = {
  replace_because_tainted:
    "it is tainted (an earlier create or provisioner failed, or it was marked with `terraform taint`)",
  replace_by_request: "its replacement was requested with -replace",
  delete_because_no_resource_config: "it was removed from the configuration",
  delete_because_wrong_repetition: "its count/for_each no longer produces it",
  delete_because_count_index: "its count index is out of range now",
  delete_because_each_key: "its for_each key is gone",
  delete_because_no_module: "its module was removed from the configuration",
  delete_because_no_move_target: "the target of its moved block does not exist",
};

const MAX_DEPTH = 4;
const MAX_LEAVES = 8;

/** Computes causes against the whole plan (triggers need the other resources' changes). */
export class CauseAnalyzer {
  public constructor(
    private readonly changes: ReadonlyMap<string, ResourceChange>,
    private readonly model: CouplingModel,
  ) {}

  public causesOf(address: string, depth = 0, seen: ReadonlySet<string> = new Set()): Cause[] {
    const change = this.changes.get(address);
    if (change === undefined || depth > MAX_DEPTH || seen.has(address)) return [];
    const reason = change.actionReason;
    switch (change.kind) {
      case "create":
        return change.importing ? [{ kind: "reason", code: "importing", text: "it is imported by this plan" }] : [];
      case "delete":
        return [
          {
            kind: "reason",
            code: reason ?? "delete",
            text: REASONS[reason ?? ""] ?? "the plan destroys it (a destroy plan)",
          },
        ];
      case "forget":
        return [
          {
            kind: "reason",
            code: "forget",
            text: "a `removed` block forgets it: it leaves the state but stays on the host",
          },
        ];
      case "update":
        return this.attributeCauses(change, false);
      case "replace": {
        if (reason !== undefined && REASONS[reason] !== undefined)
          return [{ kind: "reason", code: reason, text: REASONS[reason] }];
        // A replacement can be triggered and forced by its own attributes at once: Terraform then records
        // replace_by_triggers together with replace_paths. Say both.
        const forced = (change.plan.change.replace_paths ?? []).length > 0 ? this.attributeCauses(change, true) : [];
        if (reason === "replace_by_triggers")
          return [...forced, ...this.triggerCauses(change, depth, new Set([...seen, address]))];
        return forced.length > 0 ? forced : this.attributeCauses(change, true);
      }
      default:
        return [];
    }
  }

  /** Changed attributes; for a replacement, those under replace_paths (refined to their changed leaves). */
  private attributeCauses(change: ResourceChange, replacing: boolean): Cause[] {
    const { before, after, after_unknown: unknown, before_sensitive, after_sensitive } = change.plan.change;
    const sensitive = mergeMarkers(before_sensitive, after_sensitive);
    const isAnchor = familyOf(change.type) === "anchor";
    let leaves: LeafChange[];
    if (replacing && (change.plan.change.replace_paths ?? []).length > 0) {
      leaves = (change.plan.change.replace_paths ?? []).flatMap((raw) => {
        const path = raw as readonly PathStep[];
        const under = diffValues(
          valueAt(before, path),
          valueAt(after, path),
          subMarker(unknown, after, path),
          subMarker(sensitive, after, path),
        );
        if (under.length > 0) return under.map((leaf) => ({ ...leaf, path: [...path, ...leaf.path] }));
        return [
          {
            path,
            before: valueAt(before, path),
            after: valueAt(after, path),
            afterUnknown: markedAt(unknown, after, path),
            sensitive: markedAt(sensitive, after, path),
          },
        ];
      });
    } else {
      leaves = diffValues(before, after, unknown, sensitive);
      const known = leaves.filter((leaf) => !leaf.afterUnknown);
      // Computed attributes become "known after apply" on any update; name them only when nothing else changes.
      if (known.length > 0) leaves = known;
    }
    const causes: Cause[] = leaves.slice(0, MAX_LEAVES).map((leaf) => {
      // Anchors hold their inputs under triggers_replace; the inner path is what the reader recognises.
      const shown =
        isAnchor && leaf.path[0] === "triggers_replace" && leaf.path.length > 1
          ? { ...leaf, path: leaf.path.slice(1) }
          : leaf;
      return {
        kind: "attribute",
        path: formatPath(leaf.path),
        before: leaf.sensitive ? undefined : leaf.before,
        after: leaf.sensitive || leaf.afterUnknown ? undefined : leaf.after,
        afterUnknown: leaf.afterUnknown,
        sensitive: leaf.sensitive,
        forcesReplacement: replacing,
        text: describeLeaf(shown),
      };
    });
    if (leaves.length > MAX_LEAVES) {
      causes.push({
        kind: "reason",
        code: "more-attributes",
        text: `and ${leaves.length - MAX_LEAVES} more changed attributes`,
      });
    }
    return causes;
  }

  /** The replace_triggered_by references whose resources change in this plan, each with its own causes. */
  private triggerCauses(change: ResourceChange, depth: number, seen: ReadonlySet<string>): Cause[] {
    const view = this.model.views.get(change.address);
    // Without the configuration only the state's depends_on is left; the anchors in it are the likely triggers.
    const named = view === undefined ? [] : replacementTriggersOf(view);
    const causes: Cause[] = [];
    for (const reference of named) {
      const address = resourceAddressOf(reference);
      const trigger = this.changes.get(address);
      if (trigger === undefined || trigger.kind === "no-op" || trigger.kind === "read") continue;
      const family = familyOf(trigger.type);
      const rebuildOnChange =
        this.model.instances.get(change.address)?.attachments.some((a) => a.volume === address && a.rebuildOnChange) ??
        false;
      const role = family === "anchor" ? "generation-anchor" : rebuildOnChange ? "rebuild-on-change" : "trigger";
      const subject = family === "volume" ? `volume ${this.volumeName(address)} (${address})` : address;
      const what =
        role === "generation-anchor"
          ? `its generation anchor ${address} changes`
          : role === "rebuild-on-change"
            ? `${subject}, attached with rebuildOnChange, ${verb(trigger.kind)}`
            : `${subject}, named in its replace_triggered_by, ${verb(trigger.kind)}`;
      causes.push({
        kind: "trigger",
        address,
        role,
        action: trigger.kind,
        causes: this.causesOf(address, depth + 1, seen),
        text: what,
      });
    }
    if (causes.length > 0) return causes;
    return [
      {
        kind: "reason",
        code: "replace_by_triggers",
        text:
          named.length > 0
            ? `a resource it names in replace_triggered_by changes (${named.join(", ")})`
            : "a replace_triggered_by reference changes",
      },
    ];
  }

  private volumeName(address: string): string {
    const volume = this.model.volumes.get(address);
    return volume ? `"${volume.name}"` : address;
  }
}

/** "is updated in place", "is replaced", … for sentences about a trigger. */
export function verb(kind: ChangeKind): string {
  switch (kind) {
    case "create":
      return "is created";
    case "update":
      return "is updated in place";
    case "replace":
      return "is replaced";
    case "delete":
      return "is deleted";
    case "forget":
      return "is forgotten";
    default:
      return "changes";
  }
}

function mergeMarkers(a: unknown, b: unknown): unknown {
  if (a === true || b === true) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    const left = Array.isArray(a) ? a : [];
    const right = Array.isArray(b) ? b : [];
    return Array.from({ length: Math.max(left.length, right.length) }, (_, i) => mergeMarkers(left[i], right[i]));
  }
  if ((typeof a === "object" && a !== null) || (typeof b === "object" && b !== null)) {
    const left = (typeof a === "object" && a !== null ? a : {}) as { [key: string]: unknown };
    const right = (typeof b === "object" && b !== null ? b : {}) as { [key: string]: unknown };
    const out: { [key: string]: unknown } = {};
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)]))
      out[key] = mergeMarkers(left[key], right[key]);
    return out;
  }
  return undefined;
}

/** The marker subtree at a path (`true` when the path lies inside a marked subtree). */
function subMarker(marker: unknown, value: unknown, path: readonly PathStep[]): unknown {
  if (markedAt(marker, value, path)) return true;
  let current = marker;
  for (const step of path) {
    if (typeof current !== "object" || current === null || typeof step === "object") return undefined;
    current = (current as { [key: string]: unknown })[String(step)];
  }
  return current;
}
