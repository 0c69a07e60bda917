// Runs the terraform binary for the tooling commands: non-interactive, offline-friendly, output captured.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { ToolError } from "./errors";
import { runCommand } from "./process";

/** What one terraform run printed. */
export interface TerraformOutput {
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `terraform <args>` in a directory; rejects with a ToolError when it cannot start or exits non-zero. */
export interface TerraformRunner {
  run(args: readonly string[], cwd: string): Promise<TerraformOutput>;
}

export interface TerraformRunnerOptions {
  /** The terraform executable. @default $TERRAFORM_BINARY, else "terraform" from PATH */
  readonly binary?: string;
  /** Environment of the runs (CHECKPOINT_DISABLE and TF_IN_AUTOMATION are always set). @default process.env */
  readonly env?: NodeJS.ProcessEnv;
  /** A run that takes longer is killed. @default 10 minutes */
  readonly timeoutMs?: number;
}

/** The runner the commands use: spawns the real binary. */
export function terraformRunner(options: TerraformRunnerOptions = {}): TerraformRunner {
  const env: NodeJS.ProcessEnv = { ...(options.env ?? process.env), CHECKPOINT_DISABLE: "1", TF_IN_AUTOMATION: "1" };
  const binary = options.binary ?? env.TERRAFORM_BINARY ?? "terraform";
  const timeoutMs = options.timeoutMs ?? 600_000;
  return {
    run: async (args, cwd) => {
      const what = `\`terraform ${args.join(" ")}\` in ${cwd}`;
      const result = await runCommand(binary, args, { cwd, env, timeoutMs });
      switch (result.kind) {
        case "missing":
          throw new ToolError(
            `cannot run terraform: "${binary}" was not found on PATH. Install terraform >= 1.5, or point TERRAFORM_BINARY at it.`,
          );
        case "failed-to-start":
          throw new ToolError(`cannot run ${what}: ${result.message}`);
        case "timeout":
          throw new ToolError(
            `${what} did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped:\n${tail(
              result.stderr || result.stdout,
            )}`,
          );
        default:
          if (result.code !== 0)
            throw new ToolError(`${what} exited with ${result.code}:\n${tail(result.stderr || result.stdout)}`);
          return { stdout: result.stdout, stderr: result.stderr };
      }
    },
  };
}

/** The last lines of what terraform printed, indented under the message. */
function tail(text: string, lines = 30): string {
  return text
    .trimEnd()
    .split("\n")
    .slice(-lines)
    .map((line) => `  ${line}`)
    .join("\n");
}

export interface StackPlanOptions {
  readonly terraform: TerraformRunner;
  /** The command the progress lines are said by, e.g. "explain". */
  readonly command: string;
  /** Plan options before the common ones, e.g. ["-refresh-only"]. @default none */
  readonly planOptions?: readonly string[];
  /** Progress lines (terraform runs take seconds). */
  readonly log?: (line: string) => void;
}

/**
 * Plans a synthesized stack directory (terraform init first when it never was) into a temporary plan file and
 * returns `terraform show -json` of it; the plan file is removed, the state is not written.
 */
export async function showStackPlan(stackDir: string, options: StackPlanOptions): Promise<string> {
  const { terraform, command, log } = options;
  const planOptions = options.planOptions ?? [];
  if (!fs.existsSync(path.join(stackDir, ".terraform"))) {
    log?.(`${command}: terraform init in ${stackDir}`);
    await terraform.run(["init", "-input=false", "-no-color"], stackDir);
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `cdktf-virt-${command}-`));
  const planFile = path.join(tmp, "plan.tfplan");
  try {
    log?.(`${command}: terraform plan${planOptions.map((o) => ` ${o}`).join("")} in ${stackDir}`);
    await terraform.run(
      ["plan", ...planOptions, "-input=false", "-no-color", "-lock-timeout=60s", `-out=${planFile}`],
      stackDir,
    );
    return (await terraform.run(["show", "-json", "-no-color", planFile], stackDir)).stdout;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
