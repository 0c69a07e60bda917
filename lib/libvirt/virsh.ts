// Runs virsh against one libvirt connection. libvirt has no HTTP API and the npm bindings lack the storage and
// network APIs, so every operation is one virsh process (20-50 ms). XML goes in on stdin (`/dev/stdin`), so no
// temporary files are needed; several read-only commands can share one process through `runBatch`.
import { spawn } from "node:child_process";
import { classifyVirshMessage, VirshError, virshErrorText } from "./errors";

export const DEFAULT_LIBVIRT_URI = "qemu:///system";
const DEFAULT_TIMEOUT_MS = 60_000;

export interface VirshOptions {
  /** libvirt connection URI. @default "qemu:///system" */
  readonly uri?: string;
  /** Default per-call timeout in milliseconds; a call that takes longer is killed. @default 60000 */
  readonly timeoutMs?: number;
  /** The virsh executable. @default "virsh" (from PATH) */
  readonly virshPath?: string;
}

export interface VirshCallOptions {
  /** Overrides the runner's default timeout for this call. */
  readonly timeoutMs?: number;
  /** Kills the call when it fires; the promise rejects with code ABORTED. */
  readonly signal?: AbortSignal;
  /** Written to virsh's stdin (commands read it through the path `/dev/stdin`). */
  readonly input?: string | Buffer;
}

/** What one command of a batch printed, and its error if it failed. */
export interface VirshBatchResult {
  readonly stdout: string;
  readonly error?: VirshError;
}

interface RawResult {
  readonly stdout: Buffer;
  readonly stderr: string;
  readonly exitCode: number;
}

export class Virsh {
  readonly uri: string;
  readonly timeoutMs: number;
  readonly virshPath: string;

  constructor(options: VirshOptions = {}) {
    this.uri = options.uri ?? DEFAULT_LIBVIRT_URI;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.virshPath = options.virshPath ?? "virsh";
    if (this.uri.trim() === "") throw new Error("Virsh: uri must not be empty (e.g. \"qemu:///system\")");
    if (!Number.isFinite(this.timeoutMs) || this.timeoutMs <= 0) {
      throw new Error(`Virsh: timeoutMs must be a positive number of milliseconds, got ${options.timeoutMs}`);
    }
  }

  /** Runs one virsh command (e.g. `["vol-info", "--pool", "p", "v"]`) and returns its stdout. */
  async run(args: readonly string[], options: VirshCallOptions = {}): Promise<string> {
    return (await this.runBuffer(args, options)).toString("utf8");
  }

  /** Like `run`, but returns stdout as bytes (for vol-download). */
  async runBuffer(args: readonly string[], options: VirshCallOptions = {}): Promise<Buffer> {
    const command = this.describe(args);
    const result = await this.spawnVirsh(args, command, options);
    if (result.exitCode !== 0) throw errorFromStderr(result.stderr, result.exitCode, command);
    return result.stdout;
  }

  /**
   * Runs several commands in one virsh process and returns one result per command. virsh runs every command
   * even after a failure, so markers echoed to stdout and stderr tell which output and which error belongs to
   * which command. Use it for reads; a write that depends on an earlier one belongs in separate calls.
   */
  async runBatch(commands: ReadonlyArray<readonly string[]>, options: VirshCallOptions = {}): Promise<VirshBatchResult[]> {
    if (commands.length === 0) return [];
    const marker = (i: number) => `@@cdktf-virt-batch:${i}@@`;
    const script = commands
      .map((args, i) => `echo ${marker(i)}; echo --err ${marker(i)}; ${args.map(quoteForVirshShell).join(" ")}`)
      .join("; ");
    const command = this.describe([script]);
    const raw = await this.spawnVirsh([script], command, options);
    const stdoutParts = splitOnMarkers(raw.stdout.toString("utf8"), commands.length);
    const stderrParts = splitOnMarkers(raw.stderr, commands.length);
    return commands.map((args, i) => {
      const stderr = stderrParts[i] ?? "";
      const stdout = stdoutParts[i] ?? "";
      const failed = /^error:/m.test(stderr);
      return failed ? { stdout, error: errorFromStderr(stderr, raw.exitCode, this.describe(args)) } : { stdout };
    });
  }

  private describe(args: readonly string[]): string {
    return [this.virshPath, "-c", this.uri, ...args].map(quoteForDisplay).join(" ");
  }

  private spawnVirsh(args: readonly string[], command: string, options: VirshCallOptions): Promise<RawResult> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    return new Promise<RawResult>((resolve, reject) => {
      if (options.signal?.aborted) {
        reject(new VirshError({ code: "ABORTED", virshMessage: "aborted before it started", exitCode: null, command }));
        return;
      }
      // -q drops the "Domain 'x' defined" chatter; LC_ALL=C keeps libvirt's messages in English for classification.
      const child = spawn(this.virshPath, ["-q", "-c", this.uri, ...args], {
        stdio: ["pipe", "pipe", "pipe"],
        env: { ...process.env, LC_ALL: "C", LANG: "C" },
      });
      const stdout: Buffer[] = [];
      const stderr: Buffer[] = [];
      let killedFor: "TIMEOUT" | "ABORTED" | undefined;
      const kill = (reason: "TIMEOUT" | "ABORTED") => {
        killedFor ??= reason;
        child.kill("SIGKILL");
      };
      const timer = setTimeout(() => kill("TIMEOUT"), timeoutMs);
      const onAbort = () => kill("ABORTED");
      options.signal?.addEventListener("abort", onAbort, { once: true });
      const cleanup = () => {
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
      };

      child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
      child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
      child.on("error", (err: NodeJS.ErrnoException) => {
        cleanup();
        const hint = err.code === "ENOENT" ? " (is libvirt-clients installed? run scripts/setup-libvirt.sh)" : "";
        reject(new VirshError({ code: "SPAWN_FAILED", virshMessage: `${err.message}${hint}`, exitCode: null, command }));
      });
      child.on("close", (exitCode) => {
        cleanup();
        const stderrText = Buffer.concat(stderr).toString("utf8");
        if (killedFor) {
          const what = killedFor === "TIMEOUT" ? `no answer within ${timeoutMs} ms` : "aborted by the caller";
          const virshMessage = stderrText.trim() ? `${what}; virsh said: ${virshErrorText(stderrText)}` : what;
          reject(new VirshError({ code: killedFor, virshMessage, exitCode: null, command }));
          return;
        }
        resolve({ stdout: Buffer.concat(stdout), stderr: stderrText, exitCode: exitCode ?? -1 });
      });
      // virsh may exit before reading stdin (e.g. a lookup fails first); ignore the resulting EPIPE.
      child.stdin.on("error", () => undefined);
      child.stdin.end(options.input ?? "");
    });
  }
}

function errorFromStderr(stderr: string, exitCode: number, command: string): VirshError {
  const virshMessage = virshErrorText(stderr) || `virsh exited with code ${exitCode} and printed no error`;
  return new VirshError({ ...classifyVirshMessage(virshMessage), virshMessage, exitCode, command });
}

/** Splits text at the batch markers; part i is what command i printed. */
function splitOnMarkers(text: string, count: number): string[] {
  const parts = new Array<string>(count).fill("");
  const pattern = /(?:error: )?@@cdktf-virt-batch:(\d+)@@\n?/g;
  let current = -1;
  let last = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (current >= 0) parts[current] += text.slice(last, m.index);
    current = Number(m[1]);
    last = m.index + m[0].length;
  }
  if (current >= 0) parts[current] += text.slice(last);
  return parts;
}

/** Quotes an argument for virsh's own command-string parser (shell-like: '...' is literal). */
export function quoteForVirshShell(arg: string): string {
  if (/^[A-Za-z0-9_\-.:/=@+,]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

function quoteForDisplay(arg: string): string {
  return /^[A-Za-z0-9_\-.:/=@+,]+$/.test(arg) ? arg : JSON.stringify(arg);
}
