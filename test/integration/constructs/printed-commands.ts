// The commands an apply prints for a person to run (restore a final copy, a snapshot before rebuild), taken from
// terraform's output exactly as printed and run through a shell, as a person pasting them would.
import { execFileSync } from "node:child_process";

/**
 * The command lines of terraform's warnings, exactly as printed: indented lines starting with the program's name
 * (terraform wraps a detail's lines, but leaves indented ones as they are, so a command is never cut).
 */
export function printedCommands(output: string, program: string): string[] {
  return [...output.matchAll(new RegExp(`^(?:│)? +(${program} .*?)\\s*$`, "gm"))].map((m) => m[1]);
}

/** Runs a printed command through a shell, as a person pasting it would (with `env` added to the environment). */
export function sh(command: string, env?: NodeJS.ProcessEnv): void {
  try {
    execFileSync("sh", ["-c", command], { stdio: "pipe", env: { ...process.env, ...env } });
  } catch (err) {
    throw new Error(`\`${command}\` failed: ${String((err as { stderr?: unknown }).stderr ?? (err as Error).message)}`);
  }
}
