// Where drift looks and how: the synthesized stack a command-line argument names, and a refresh-only plan made
// there with terraform. A refresh-only plan reads every object back through the providers and compares it with the
// state; it never changes an object, and with -out it does not even write the state.
import * as path from "node:path";
import { ToolError } from "../common/errors";
import { statOrUndefined } from "../common/files";
import { isObject } from "../common/json";
import { showStackPlan } from "../common/terraform";
import type { TerraformRunner } from "../common/terraform";
import { locateStackDir, STACK_FILE } from "../stack/synthesized-stack";
import type { RefreshPlanJson } from "./findings";

/**
 * The stack directory `target` names: a stack directory or its cdk.tf.json, a cdktf app directory (`stackName` picks
 * one of several stacks), or the name of a stack in `<cwd>/cdktf.out/stacks`. Default: the app in `cwd`.
 */
export function locateDriftStack(target: string | undefined, cwd: string, stackName?: string): string {
  const resolved = path.resolve(cwd, target ?? ".");
  if (target !== undefined && statOrUndefined(resolved) === undefined && !/[\\/]/.test(target)) {
    const named = path.join(cwd, "cdktf.out", "stacks", target);
    if (statOrUndefined(path.join(named, STACK_FILE))?.isFile()) return named;
    throw new ToolError(
      `drift: no stack "${target}": there is neither ${resolved} nor ${path.join(named, STACK_FILE)}. ` +
        "Run `cdktf synth` in your cdktf app first, or name the stack directory.",
    );
  }
  return locateStackDir(resolved, stackName);
}

export interface RefreshPlanOptions {
  readonly terraform: TerraformRunner;
  /** Progress lines (terraform runs take seconds). */
  readonly log?: (line: string) => void;
}

/** Runs terraform init (when the directory never was initialised), a refresh-only plan and `show -json` of it. */
export async function refreshOnlyPlan(stackDir: string, options: RefreshPlanOptions): Promise<RefreshPlanJson> {
  const shown = await showStackPlan(stackDir, { ...options, command: "drift", planOptions: ["-refresh-only"] });
  return asRefreshPlan(shown, `terraform show -json of the refresh-only plan of ${stackDir}`);
}

/** Parses and checks the plan JSON terraform printed; `where` names it in errors. */
export function asRefreshPlan(text: string, where: string): RefreshPlanJson {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new ToolError(`${where} is not JSON (${text.trim() === "" ? "it is empty" : (err as Error).message})`);
  }
  if (!isObject(json) || typeof json.format_version !== "string" || !json.format_version.startsWith("1.")) {
    throw new ToolError(`${where} is not a Terraform plan in JSON format 1.x (terraform >= 1.0 writes one)`);
  }
  const drift = json.resource_drift;
  if (drift !== undefined && !Array.isArray(drift)) throw new ToolError(`${where}: "resource_drift" must be a list`);
  for (const [index, entry] of ((drift as unknown[] | undefined) ?? []).entries()) {
    if (
      !isObject(entry) ||
      typeof entry.address !== "string" ||
      !isObject(entry.change) ||
      !Array.isArray(entry.change.actions)
    ) {
      throw new ToolError(`${where}: resource_drift[${index}] lacks an address or change.actions`);
    }
  }
  return json as unknown as RefreshPlanJson;
}

/**
 * Whether the stack's state exists at all, asked only when the refresh found no objects: an empty state that exists
 * (it has a serial) belongs to a stack that was deployed and destroyed; no state means it never was deployed.
 * `terraform state pull` reads any backend and prints nothing when there is no state.
 */
export async function stateExists(stackDir: string, terraform: TerraformRunner): Promise<boolean> {
  const { stdout } = await terraform.run(["state", "pull"], stackDir);
  if (stdout.trim() === "") return false;
  try {
    const state = JSON.parse(stdout) as unknown;
    return isObject(state) && typeof state.serial === "number";
  } catch {
    throw new ToolError(
      `\`terraform state pull\` in ${stackDir} printed something that is not a state (JSON): ${stdout
        .trim()
        .slice(0, 200)}`,
    );
  }
}
