// Where explain gets its plan: a `terraform show -json` file or stdin, a binary planfile (shown with terraform in
// the stack directory that holds its providers), or a synthesized stack directory (planned with terraform there).
// The stack's cdk.tf.json supplies the lifecycle meta-arguments the plan JSON does not carry.
import * as fs from "node:fs";
import * as path from "node:path";
import { ToolError } from "../common/errors";
import { statOrUndefined } from "../common/files";
import { isObject } from "../common/json";
import { readAll } from "../common/io";
import { showStackPlan } from "../common/terraform";
import type { TerraformRunner } from "../common/terraform";
import { refuseStaleStack } from "../stack/staleness";
import { locateStackDir, readSynthesizedStack, STACK_FILE } from "../stack/synthesized-stack";
import type { SynthesizedStack } from "../stack/synthesized-stack";
import { asPlanJson } from "./plan-json";
import type { PlanJson } from "./plan-json";

export interface PlanInput {
  readonly plan: PlanJson;
  /** Human description of where the plan came from. */
  readonly origin: string;
  /** The synthesized stack the plan was made from, when found. */
  readonly stack?: SynthesizedStack;
}

export interface LoadPlanOptions {
  readonly cwd: string;
  readonly terraform: TerraformRunner;
  readonly stdin?: NodeJS.ReadableStream;
  /** cdk.tf.json to use instead of the one next to the plan. */
  readonly configFile?: string;
  /** Stack to pick in a cdktf app directory with several stacks. */
  readonly stackName?: string;
  /** Progress lines (terraform runs take seconds). */
  readonly log?: (line: string) => void;
  /** Use a stack older than its app's sources (else refused: staleness.ts). */
  readonly allowStale?: boolean;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Loads the plan a command-line argument names (undefined: the stack of the current directory). */
export async function loadPlanInput(target: string | undefined, options: LoadPlanOptions): Promise<PlanInput> {
  const configStack =
    options.configFile !== undefined ? readStack(path.resolve(options.cwd, options.configFile), options) : undefined;
  if (target === "-") {
    const text = await readAll(options.stdin ?? process.stdin);
    return { plan: parsePlanText(text, "standard input"), origin: "standard input", stack: configStack };
  }
  const resolved = path.resolve(options.cwd, target ?? ".");
  const stat = statOrUndefined(resolved);
  if (stat === undefined) throw new ToolError(`explain: ${resolved} does not exist`);
  if (stat.isDirectory()) return planStackDir(locateStackDir(resolved, options.stackName), options, configStack);

  const bytes = fs.readFileSync(resolved);
  const dir = path.dirname(resolved);
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    const stackDir = planfileStackDir(dir, options);
    const stack = configStack ?? stackNextTo(stackDir, options);
    options.log?.(`explain: reading planfile ${resolved} with terraform show -json in ${stackDir}`);
    const shown = await options.terraform.run(["show", "-json", "-no-color", resolved], stackDir);
    return { plan: parsePlanText(shown.stdout, `terraform show -json ${resolved}`), origin: resolved, stack };
  }
  const stack = configStack ?? stackNextTo(dir, options);
  const json = parseJson(bytes.toString("utf8"), resolved);
  if (isStackConfiguration(json)) return planStackDir(dir, options, configStack);
  return { plan: asPlanJson(json, resolved), origin: resolved, stack };
}

/** Plans a synthesized stack directory with terraform (init first when it never was) and reads the plan. */
async function planStackDir(
  stackDir: string,
  options: LoadPlanOptions,
  configStack: SynthesizedStack | undefined,
): Promise<PlanInput> {
  const stack = configStack ?? readStack(path.join(stackDir, STACK_FILE), options);
  const shown = await showStackPlan(stackDir, { terraform: options.terraform, command: "explain", log: options.log });
  return { plan: parsePlanText(shown, `the plan of ${stackDir}`), origin: stackDir, stack };
}

/**
 * Where terraform can show a planfile: only a directory with the stack's .terraform has the providers the plan
 * names. The planfile's own directory when it is the stack's, else the --config file's directory, else the stack of
 * the current directory (an app directory or a stack directory); the planfile's directory when none is found.
 */
function planfileStackDir(planDir: string, options: LoadPlanOptions): string {
  if (fs.existsSync(path.join(planDir, ".terraform"))) return planDir;
  if (options.configFile !== undefined) return path.dirname(path.resolve(options.cwd, options.configFile));
  try {
    return locateStackDir(options.cwd, options.stackName);
  } catch {
    return planDir;
  }
}

function stackNextTo(dir: string, options: LoadPlanOptions): SynthesizedStack | undefined {
  const file = path.join(dir, STACK_FILE);
  return fs.existsSync(file) ? readStack(file, options) : undefined;
}

/** Reads a stack file, refusing one older than its app's sources unless allowed. */
function readStack(file: string, options: LoadPlanOptions): SynthesizedStack {
  refuseStaleStack(file, "explain", options.allowStale ?? false);
  return readSynthesizedStack(file);
}

function parsePlanText(text: string, where: string): PlanJson {
  return asPlanJson(parseJson(text, where), where);
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const hint = text.trim() === "" ? "it is empty" : (err as Error).message;
    throw new ToolError(
      `${where} is not JSON (${hint}). Give explain the output of \`terraform show -json <planfile>\`, a planfile, ` +
        `or a synthesized stack directory.`,
    );
  }
}

/** A Terraform JSON configuration (cdk.tf.json) rather than a plan. */
function isStackConfiguration(json: unknown): boolean {
  return (
    isObject(json) && json.format_version === undefined && (json.resource !== undefined || json.terraform !== undefined)
  );
}
