// Running a command in an instance without websockets: Incus records stdout/stderr to log files
// (record-output), the operation's metadata gives the exit code and the log paths, we download
// the logs and delete them so they do not pile up in the instance's log directory.
import type { CallOptions, IncusApi } from "./api";
import { PROJECT, apiPath } from "./api";
import { IncusError, IncusOperationError } from "./errors";
import type { WriteResult } from "./operations";

export interface ExecOptions extends CallOptions {
  /** Extra environment variables. */
  readonly environment?: Readonly<Record<string, string>>;
  /** Working directory. @default the user's home (/root) */
  readonly cwd?: string;
  /** UID to run as. @default 0 */
  readonly user?: number;
  /** GID to run as. @default 0 */
  readonly group?: number;
}

export interface ExecResult {
  /** The command's exit status (127 when the command does not exist, as Incus reports it). */
  readonly exitCode: number;
  /** Incus' message when it could not run the command at all (e.g. "Command not found"). */
  readonly error?: string;
  /** Everything the command wrote to stdout, decoded as UTF-8. */
  readonly stdout: string;
  /** Everything the command wrote to stderr, decoded as UTF-8. */
  readonly stderr: string;
}

interface ExecOperationMetadata {
  readonly return?: number;
  readonly output?: Readonly<Record<string, string>>;
}

export class ExecApi {
  constructor(private readonly api: IncusApi) {}

  /**
   * Runs `command` (argv, no shell) in a running instance and waits for it to exit. Output is
   * buffered by Incus on disk, so this suits provisioning steps, not endless streams.
   */
  async run(instance: string, command: readonly string[], options: ExecOptions = {}): Promise<ExecResult> {
    if (command.length === 0)
      throw new IncusError("INVALID_OPTIONS", `exec in instance ${instance} needs a non-empty command`);
    const { environment, cwd, user, group, ...call } = options;
    const body = {
      command,
      environment: environment ?? {},
      interactive: false,
      "wait-for-websocket": false,
      "record-output": true,
      ...(cwd !== undefined ? { cwd } : {}),
      ...(user !== undefined ? { user } : {}),
      ...(group !== undefined ? { group } : {}),
    };
    let result: WriteResult;
    let error: string | undefined;
    try {
      result = await this.api.write("POST", apiPath("instances", instance, "exec"), call, PROJECT, { json: body });
    } catch (err) {
      // Incus marks the operation failed when the command cannot be started, yet still reports
      // an exit code (127) and log files: surface that as a result, not as a lost error.
      const meta = err instanceof IncusOperationError ? (err.operationMetadata as ExecOperationMetadata | null) : null;
      if (typeof meta?.return !== "number") throw err;
      result = { metadata: meta };
      error = (err as IncusOperationError).incusMessage;
    }
    const meta = (result.metadata ?? {}) as ExecOperationMetadata;
    if (typeof meta.return !== "number") {
      throw new IncusError(
        "INVALID_RESPONSE",
        `exec in instance ${instance} finished without an exit code (operation metadata: ${JSON.stringify(meta)})`,
      );
    }
    const [stdout, stderr] = await Promise.all([
      this.readLog(meta.output?.["1"], call),
      this.readLog(meta.output?.["2"], call),
    ]);
    return { exitCode: meta.return, stdout, stderr, ...(error ? { error } : {}) };
  }

  private async readLog(logPath: string | undefined, call: CallOptions): Promise<string> {
    if (!logPath) return "";
    const res = await this.api.download(logPath, call, PROJECT);
    // Best effort: a leftover log file is harmless, and the output is already in hand.
    await this.api.write("DELETE", logPath, call, PROJECT).catch(() => undefined);
    return (res.bytes ?? Buffer.alloc(0)).toString("utf8");
  }
}
