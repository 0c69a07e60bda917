// Runs an external program (terraform, virsh, dot) with a time limit and captures what it prints. A program that
// is not installed is reported as such rather than as an exception, so callers can say how to install it.
import { spawn } from "node:child_process";

export type CommandResult =
  | { readonly kind: "exited"; readonly code: number; readonly stdout: string; readonly stderr: string }
  | { readonly kind: "missing"; readonly command: string }
  | { readonly kind: "timeout"; readonly stdout: string; readonly stderr: string }
  | { readonly kind: "failed-to-start"; readonly message: string };

export interface RunOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** The program is killed after this long. @default 60 s */
  readonly timeoutMs?: number;
  /** Written to the program's stdin. */
  readonly input?: string;
}

export function runCommand(command: string, args: readonly string[], options: RunOptions = {}): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(command, [...args], { cwd: options.cwd, env: options.env, stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGTERM");
    }, options.timeoutMs ?? 60_000);
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.stdin.on("error", () => undefined); // a program that exits without reading its input
    child.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(
        error.code === "ENOENT" ? { kind: "missing", command } : { kind: "failed-to-start", message: error.message },
      );
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      const stdout = Buffer.concat(out).toString("utf8");
      const stderr = Buffer.concat(err).toString("utf8");
      resolve(timedOut ? { kind: "timeout", stdout, stderr } : { kind: "exited", code: code ?? -1, stdout, stderr });
    });
    child.stdin.end(options.input ?? "");
  });
}
