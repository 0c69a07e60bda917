// Errors a cdktf-virt command reports to its user: a message that says what was wrong and what to do. The tooling
// commands' main() catches them (reportError); init and provider install let them reach the dispatcher
// (reportThrown). Either prints the message without a stack trace.
import { EXIT_ERROR } from "./io";
import type { OutputStream } from "./io";

/** A problem the user can fix (bad arguments, missing file, failing terraform run). */
export class ToolError extends Error {
  public constructor(
    message: string,
    /** Exit code main() returns for it. */
    public readonly exitCode: number = EXIT_ERROR,
  ) {
    super(message);
    this.name = "ToolError";
  }
}

/** Wrong command line: the message is followed by the command's usage (reportError) or a pointer to it (reportThrown). */
export class UsageError extends ToolError {
  public constructor(message: string) {
    super(message, EXIT_ERROR);
    this.name = "UsageError";
  }
}

/** Prints a ToolError's message (and the usage after a UsageError) and returns its exit code; anything else is a
 * bug and is printed with its stack. */
export function reportError(err: unknown, io: { readonly stderr: OutputStream }, usage: string): number {
  if (err instanceof UsageError) {
    io.stderr.write(`${err.message}\n\n${usage}`);
    return err.exitCode;
  }
  if (err instanceof ToolError) {
    io.stderr.write(`${err.message}\n`);
    return err.exitCode;
  }
  io.stderr.write(`internal error: ${(err as Error)?.stack ?? String(err)}\n`);
  return EXIT_ERROR;
}

/** How the dispatcher reports what a command threw: the message after the command words, then (after a UsageError)
 * where the command's usage is; returns the exit code. */
export function reportThrown(command: string, err: unknown, io: { readonly stderr: OutputStream }): number {
  io.stderr.write(`cdktf-virt ${command}: ${err instanceof Error ? err.message : String(err)}\n`);
  if (err instanceof UsageError) io.stderr.write(`Run \`cdktf-virt ${command} --help\` for usage.\n`);
  return err instanceof ToolError ? err.exitCode : EXIT_ERROR;
}
