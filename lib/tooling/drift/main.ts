// `cdktf-virt drift [STACK]`: says in words what changed on the hosts outside the code since the last deploy, for a
// scheduled pipeline job that fails (exit 2) when someone changed, stopped or deleted an object by hand. As Markdown
// for a pull-request comment; in GitHub Actions the report also goes into the job summary.
import * as path from "node:path";
import { parseCommandArgs } from "../common/args";
import { reportError } from "../common/errors";
import { appendJobSummary } from "../common/job-summary";
import { reportFormat } from "../common/report-format";
import type { ReportFormat } from "../common/report-format";
import { EXIT_OK } from "../common/io";
import type { ToolIO } from "../common/io";
import { terraformRunner } from "../common/terraform";
import type { TerraformRunner } from "../common/terraform";
import { refuseStaleStack } from "../stack/staleness";
import { readSynthesizedStack, STACK_FILE } from "../stack/synthesized-stack";
import { buildDriftReport } from "./findings";
import type { DriftReport } from "./findings";
import { locateDriftStack, refreshOnlyPlan, stateExists } from "./refresh-plan";
import { renderDriftMarkdown } from "./render-markdown";
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
  --format FORMAT    text (default), markdown (for a pull-request comment) or json
  --json             the same as --format json
  --stack NAME       the stack to check in an app directory with several stacks
  --allow-stale      use a synthesized stack older than the app's sources (refused by default:
                     run \`cdktf synth\` first)
  -h, --help         show this help

When GITHUB_STEP_SUMMARY names a file (GitHub Actions sets it), the Markdown report is appended to it: the job's
summary page shows it.

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
      {
        json: { type: "boolean" },
        format: { type: "string" },
        stack: { type: "string" },
        "allow-stale": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      1,
    );
    if (args.flags.help) {
      io.stdout.write(DRIFT_USAGE);
      return EXIT_OK;
    }
    const format = reportFormat("drift", args.values.format, args.flags.json);
    const stackDir = locateDriftStack(args.positionals[0], io.cwd ?? process.cwd(), args.values.stack);
    refuseStaleStack(path.join(stackDir, STACK_FILE), "drift", args.flags["allow-stale"]);
    const stack = readSynthesizedStack(path.join(stackDir, STACK_FILE));
    const terraform = deps.terraform ?? terraformRunner({ env: io.env });
    const plan = await refreshOnlyPlan(stackDir, { terraform, log: (line) => io.stderr.write(`${line}\n`) });
    const first = buildDriftReport(plan, stack, { stackName: path.basename(stackDir) });
    // An empty refresh: ask whether there is a state at all, to tell "never deployed" from "destroyed".
    const report =
      first.summary.checked === 0
        ? buildDriftReport(plan, stack, {
            stackName: path.basename(stackDir),
            stateExists: await stateExists(stackDir, terraform),
          })
        : first;
    io.stdout.write(render(report, format));
    appendJobSummary("drift", renderDriftMarkdown(report), io);
    return report.drifted ? EXIT_DRIFT : EXIT_OK;
  } catch (err) {
    return reportError(err, io, DRIFT_USAGE);
  }
}

function render(report: DriftReport, format: ReportFormat): string {
  switch (format) {
    case "json":
      return `${JSON.stringify(report, null, 2)}\n`;
    case "markdown":
      return renderDriftMarkdown(report);
    default:
      return renderDriftText(report);
  }
}
