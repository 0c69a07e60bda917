// What a command run by the dispatcher may touch: its output streams and environment. Commands take this instead
// of `process` so tests run them in-process.

export interface CliOutput {
  write(chunk: string): unknown;
}

export interface CliIO {
  readonly stdout: CliOutput;
  readonly stderr: CliOutput;
  /** @default process.env */
  readonly env?: NodeJS.ProcessEnv;
  /** @default process.cwd() */
  readonly cwd?: string;
}

/** A command: argv without the command words, exit code out. */
export type CommandMain = (argv: string[], io: CliIO) => Promise<number>;

/** Bad command-line usage: the dispatcher prints the message and a pointer to --help. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}
