// One resource as the tooling reads it, whether it comes from the configuration (cdk.tf.json), from the prior
// state, or only from a plan's values; and the facts every reader asks of it: its name and what replaces it.
import { familyOfAddress } from "./resource-kinds";
import { isLiteralString, soleReference } from "./references";
import type { SynthesizedStack } from "./synthesized-stack";

/** One resource as the coupling analysis sees it. */
export interface ResourceView {
  readonly address: string;
  readonly type: string;
  readonly attributes: { readonly [key: string]: unknown };
  readonly preventDestroy: boolean;
  /** Resource addresses named in replace_triggered_by (configuration only). */
  readonly replaceTriggeredBy: readonly string[];
  /** Dependencies recorded in state (what replace_triggered_by left behind once applied). */
  readonly dependsOn: readonly string[];
  /** config: from cdk.tf.json; state: prior state of an object no longer configured; plan: planned values only. */
  readonly origin: "config" | "state" | "plan";
  readonly constructPath?: string;
  readonly provider?: string;
  /** What the constructs recorded in the resource's "//" comment (configuration only). */
  readonly recorded?: { readonly [key: string]: string };
}

/** The views of every managed resource of a synthesized stack. */
export function viewsFromStack(stack: SynthesizedStack): ResourceView[] {
  return stack.resources.map((r) => ({
    address: r.address,
    type: r.type,
    attributes: r.attributes,
    preventDestroy: r.preventDestroy,
    replaceTriggeredBy: r.replaceTriggeredBy,
    dependsOn: r.dependsOn,
    origin: "config",
    constructPath: r.constructPath,
    provider: r.provider,
    recorded: r.recorded,
  }));
}

/** The name a value stands for: a literal, or the literal `name` of the resource it references. */
export function literalName(views: ReadonlyMap<string, ResourceView>, value: unknown): string | undefined {
  if (isLiteralString(value)) return value;
  const ref = soleReference(value);
  if (ref === undefined || ref.attribute !== "name") return undefined;
  const name = views.get(ref.address)?.attributes.name;
  return isLiteralString(name) ? name : undefined;
}

/** The object's name on the host, or the resource name when the name is computed. */
export function displayName(views: ReadonlyMap<string, ResourceView>, view: ResourceView): string {
  return literalName(views, view.attributes.name) ?? view.address.slice(view.type.length + 1);
}

/**
 * What a resource is replaced with: replace_triggered_by as configured. State keeps no lifecycle, only
 * depends_on; the generation anchors in it are what replace_triggered_by left behind.
 */
export function replacementTriggersOf(view: ResourceView): readonly string[] {
  return view.origin === "config"
    ? view.replaceTriggeredBy
    : view.dependsOn.filter((a) => familyOfAddress(a) === "anchor");
}
