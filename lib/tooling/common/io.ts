// What a cdktf-virt command may touch: its output streams, optionally its input, working directory and environment.
// Every command (init and provider install in lib/cli, the tooling commands here) takes this one IO instead of
// `process`, so the dispatcher and tests run them in-process.

/** Anything with `write(string)`: process.stdout, a test buffer. */
export interface OutputStream {
  write(chunk: string): unknown;
}

/** The streams a command runs with. */
export interface ToolIO {
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  /** Read when the command is told to read `-`. @default process.stdin */
  readonly stdin?: NodeJS.ReadableStream;
  /** Directory relative paths are resolved against. @default process.cwd() */
  readonly cwd?: string;
  /** Environment of the command (import reads the incus client's remotes and INCUS_SOCKET from it). @default process.env */
  readonly env?: NodeJS.ProcessEnv;
}

/** The signature of every command: argv without the command words, exit code out. */
export type ToolMain = (argv: string[], io: ToolIO) => Promise<number>;

/** Exit codes shared by the commands. */
export const EXIT_OK = 0;
/** Bad usage, unreadable input, a failing terraform run, or (doctor) something broken. */
export const EXIT_ERROR = 1;
/** explain --guard refused the plan. */
export const EXIT_GUARD_REFUSED = 2;

/** Reads a whole stream as UTF-8 text. */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}
