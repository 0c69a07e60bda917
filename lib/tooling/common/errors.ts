// Errors a tooling command reports to its user: a message that says what was wrong and what to do. main() catches
// them and prints the message without a stack trace; anything else is a bug and is printed in full.

/** A problem the user can fix (bad arguments, missing file, failing terraform run). */
export class ToolError extends Error {
  public constructor(
    message: string,
    /** Exit code main() returns for it. */
    public readonly exitCode: number = 1,
  ) {
    super(message);
    this.name = "ToolError";
  }
}

/** Wrong command line: the message is followed by the command's usage. */
export class UsageError extends ToolError {
  public constructor(message: string) {
    super(message, 1);
    this.name = "UsageError";
  }
}

/** Prints a ToolError's message (and the usage after a UsageError) and returns its exit code; anything else is a
 * bug and is printed with its stack. */
export function reportError(err: unknown, io: { readonly stderr: { write(chunk: string): unknown } }, usage: string): number {
  if (err instanceof UsageError) {
    io.stderr.write(`${err.message}\n\n${usage}`);
    return err.exitCode;
  }
  if (err instanceof ToolError) {
    io.stderr.write(`${err.message}\n`);
    return err.exitCode;
  }
  io.stderr.write(`internal error: ${(err as Error)?.stack ?? String(err)}\n`);
  return 1;
}
