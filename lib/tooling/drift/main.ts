// `cdktf-virt drift [STACK]`: says in words what changed on the hosts outside the code since the last deploy, for a
// scheduled pipeline job that fails (exit 2) when someone changed, stopped or deleted an object by hand.
import * as path from "node:path";
import { parseCommandArgs } from "../common/args";
import { reportError } from "../common/errors";
import { EXIT_OK } from "../common/io";
import type { ToolIO } from "../common/io";
import { terraformRunner } from "../common/terraform";
import type { TerraformRunner } from "../common/terraform";
import { readSynthesizedStack, STACK_FILE } from "../stack/synthesized-stack";
import { buildDriftReport } from "./findings";
import { locateDriftStack, refreshOnlyPlan } from "./refresh-plan";
import { renderDriftText } from "./render-text";

/** drift found something changed outside the code. */
export const EXIT_DRIFT = 2;

export const DRIFT_USAGE = `Usage: cdktf-virt drift [STACK] [options]

Compares the objects of a deployed stack with what the last deploy left (a refresh-only terraform plan: nothing
is changed) and says what changed outside the code: config keys set or removed by hand, instances stopped or
started, volumes and instances deleted.

STACK is a stack name (cdktf.out/stacks/<name>), a stack directory or a cdktf app directory with one synthesized
stack (default: the current directory). terraform init runs first when the stack directory never was initialised.

Options:
  --json             print a machine-readable report
  --stack NAME       the stack to check in an app directory with several stacks
  -h, --help         show this help

Exit codes: 0 no drift, 2 drift found, 1 error (no stack, terraform missing, the plan failed).
`;

export interface DriftDependencies {
  /** Runs terraform (tests substitute a fake). @default the terraform binary on PATH ($TERRAFORM_BINARY honoured) */
  readonly terraform?: TerraformRunner;
}

export async function main(argv: string[], io: ToolIO, deps: DriftDependencies = {}): Promise<number> {
  try {
    const args = parseCommandArgs(
      "drift",
      argv,
      { json: { type: "boolean" }, stack: { type: "string" }, help: { type: "boolean", short: "h" } },
      1,
    );
    if (args.flags.help) {
      io.stdout.write(DRIFT_USAGE);
      return EXIT_OK;
    }
    const stackDir = locateDriftStack(args.positionals[0], io.cwd ?? process.cwd(), args.values.stack);
    const stack = readSynthesizedStack(path.join(stackDir, STACK_FILE));
    const plan = await refreshOnlyPlan(stackDir, {
      terraform: deps.terraform ?? terraformRunner({ env: io.env }),
      log: (line) => io.stderr.write(`${line}\n`),
    });
    const report = buildDriftReport(plan, stack, { stackName: path.basename(stackDir) });
    io.stdout.write(args.flags.json ? `${JSON.stringify(report, null, 2)}\n` : renderDriftText(report));
    return report.drifted ? EXIT_DRIFT : EXIT_OK;
  } catch (err) {
    return reportError(err, io, DRIFT_USAGE);
  }
}
