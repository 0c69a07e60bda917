// `cdktf-virt explain [PLAN]`: says in words what a plan does to instances and their data; --guard makes it the
// gate a pipeline runs before deploy. As Markdown for a pull-request comment; in GitHub Actions the report also goes
// into the job summary.
import * as path from "node:path";
import { parseCommandArgs } from "../common/args";
import { reportError } from "../common/errors";
import { EXIT_GUARD_REFUSED, EXIT_OK } from "../common/io";
import { appendJobSummary } from "../common/job-summary";
import { reportFormat } from "../common/report-format";
import type { ToolIO } from "../common/io";
import { terraformRunner } from "../common/terraform";
import type { TerraformRunner } from "../common/terraform";
import { explainPlan } from "./explain";
import { evaluateGuard, renderGuard } from "./guard";
import { loadPlanInput } from "./plan-source";
import { renderExplainMarkdown } from "./render-markdown";
import { renderExplainText } from "./render-text";

export const EXPLAIN_USAGE = `Usage: cdktf-virt explain [PLAN] [options]

Says what a Terraform plan does to each instance and to the data on its volumes.

PLAN is one of:
  plan.json          output of \`terraform show -json <planfile>\` ("-" reads it from stdin)
  plan.tfplan        a planfile, shown with terraform in the stack directory (its own, the
                     --config one or the current directory's stack: where .terraform is)
  STACK_DIR          a synthesized stack (cdktf.out/stacks/<name>): planned with terraform there
  APP_DIR            a cdktf app directory with one synthesized stack (default: the current directory)
The stack's cdk.tf.json next to the plan tells volume lifecycles apart; use --config when it is elsewhere.

Options:
  --format FORMAT    text (default), markdown (for a pull-request comment) or json
  --json             the same as --format json
  --guard            exit 2 when a persistent or shared volume would lose its data, a protected
                     instance would be destroyed or replaced, or a project would be deleted with
                     force_destroy over volumes whose removal policy keeps data (a volume whose
                     removal policy is retain or snapshot may be deleted: it keeps its data)
  --allow ADDRESS    let --guard pass this resource's destruction (repeatable), e.g. incus_storage_volume.old
  --config FILE      the stack's cdk.tf.json
  --stack NAME       the stack to use in an app directory with several stacks
  --allow-stale      use a synthesized stack older than the app's sources (refused by default:
                     run \`cdktf synth\` first)
  -h, --help         show this help

When GITHUB_STEP_SUMMARY names a file (GitHub Actions sets it), the Markdown report is appended to it: the job's
summary page shows it.
`;

export interface ExplainDependencies {
  /** Runs terraform (tests substitute a fake). @default the terraform binary on PATH */
  readonly terraform?: TerraformRunner;
}

export async function main(argv: string[], io: ToolIO, deps: ExplainDependencies = {}): Promise<number> {
  try {
    const args = parseCommandArgs(
      "explain",
      argv,
      {
        json: { type: "boolean" },
        format: { type: "string" },
        guard: { type: "boolean" },
        allow: { type: "string", multiple: true },
        config: { type: "string" },
        stack: { type: "string" },
        "allow-stale": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      1,
    );
    if (args.flags.help) {
      io.stdout.write(EXPLAIN_USAGE);
      return EXIT_OK;
    }
    const format = reportFormat("explain", args.values.format, args.flags.json);
    const input = await loadPlanInput(args.positionals[0], {
      cwd: io.cwd ?? process.cwd(),
      stdin: io.stdin,
      terraform: deps.terraform ?? terraformRunner({ env: io.env }),
      configFile: args.values.config,
      stackName: args.values.stack,
      log: (line) => io.stderr.write(`${line}\n`),
      allowStale: args.flags["allow-stale"],
    });
    const report = explainPlan(input.plan, input.stack, io.env ?? process.env);
    const guard = args.flags.guard ? evaluateGuard(report, args.lists.allow) : undefined;
    const markdown = () =>
      renderExplainMarkdown(report, {
        stack: input.stack?.file ? path.basename(path.dirname(input.stack.file)) : undefined,
        guard,
      });
    if (format === "json") io.stdout.write(`${JSON.stringify(guard ? { ...report, guard } : report, null, 2)}\n`);
    else if (format === "markdown") io.stdout.write(markdown());
    else io.stdout.write(renderExplainText(report));
    appendJobSummary("explain", markdown(), io);
    if (guard === undefined) return EXIT_OK;
    io.stderr.write(renderGuard(guard));
    return guard.passed ? EXIT_OK : EXIT_GUARD_REFUSED;
  } catch (err) {
    return reportError(err, io, EXPLAIN_USAGE);
  }
}
