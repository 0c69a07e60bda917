// Runs the terraform binary for the tooling commands: non-interactive, offline-friendly, output captured.
import { spawn } from "node:child_process";
import { ToolError } from "./errors";

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
    run: (args, cwd) => runProcess(binary, args, cwd, env, timeoutMs),
  };
}

function runProcess(
  binary: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<TerraformOutput> {
  const what = `\`terraform ${args.join(" ")}\` in ${cwd}`;
  return new Promise((resolve, reject) => {
    const child = spawn(binary, [...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill("SIGTERM"), timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        new ToolError(
          error.code === "ENOENT"
            ? `cannot run terraform: "${binary}" was not found on PATH. Install terraform >= 1.5, or point ` +
                `TERRAFORM_BINARY at it.`
            : `cannot run ${what}: ${error.message}`,
        ),
      );
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const stdout = Buffer.concat(out).toString("utf8");
      const stderr = Buffer.concat(err).toString("utf8");
      if (code === 0) return resolve({ stdout, stderr });
      const why = signal ? `was killed (${signal}${signal === "SIGTERM" ? ", timed out" : ""})` : `exited with ${code}`;
      reject(new ToolError(`${what} ${why}:\n${tail(stderr || stdout)}`));
    });
  });
}

/** The last lines of what terraform printed, indented under the message. */
function tail(text: string, lines = 30): string {
  const kept = text.trimEnd().split("\n");
  return kept.slice(-lines).map((line) => `  ${line}`).join("\n");
}
