// The pure core of explain: plan JSON (+ the stack's configuration when known) → report.
import { buildCouplingModel } from "../stack/coupling";
import type { CouplingModel } from "../stack/coupling";
import { incusCliRemotes } from "../stack/incus-cli-remotes";
import { viewsFromStack } from "../stack/resource-view";
import type { SynthesizedStack } from "../stack/synthesized-stack";
import { viewsFromPlan } from "./plan-json";
import type { PlanJson } from "./plan-json";
import { buildExplainReport } from "./report";
import type { ExplainReport } from "./report";

/** The coupling model of a plan: the configuration's resources, plus prior-state objects it no longer has. */
export function planCouplingModel(plan: PlanJson, stack?: SynthesizedStack): CouplingModel {
  const configViews = stack ? viewsFromStack(stack) : [];
  const configured = new Set(configViews.map((v) => v.address));
  return buildCouplingModel([...configViews, ...viewsFromPlan(plan, configured, stack !== undefined)]);
}

/**
 * Explains a plan. Without the stack, lifecycles are inferred from the plan's values and prior state only. `env`
 * locates the incus client's configuration, whose remote names the printed incus commands use.
 */
export function explainPlan(
  plan: PlanJson,
  stack?: SynthesizedStack,
  env: NodeJS.ProcessEnv = process.env,
): ExplainReport {
  return buildExplainReport(plan, planCouplingModel(plan, stack), stack ? "configuration" : "plan", {
    libvirtUri: libvirtUriOf(stack),
    incusRemote: incusCliRemotes(stack, env),
  });
}

/** The literal uri of the stack's default libvirt provider (restore commands name it), if it sets one. */
function libvirtUriOf(stack: SynthesizedStack | undefined): string | undefined {
  const provider =
    stack?.providers.find((p) => p.type === "libvirt" && p.alias === undefined) ??
    stack?.providers.find((p) => p.type === "libvirt");
  const uri = provider?.attributes.uri;
  return typeof uri === "string" && !uri.includes("${") ? uri : undefined;
}
