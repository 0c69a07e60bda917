// Runs virsh against one libvirt connection. libvirt has no HTTP API and the npm bindings lack the storage and
// network APIs, so every operation is one virsh process (20-50 ms). Input (XML, upload bytes) reaches virsh as
// its stdin and commands name it `/dev/stdin`; several commands can share one process through `runBatch`.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { classifyVirshMessage, VirshError, virshErrorText } from "./errors";
import type { VirshBatchResult, VirshCallOptions } from "./virsh-call";
import { ReadBatcher } from "./read-batcher";
import type { VirshReadOptions } from "./read-batcher";

export const DEFAULT_LIBVIRT_URI = "qemu:///system";
const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_READ_WINDOW_MS = 5;
/** Read processes at a time: one slow read never holds up every other. */
const READ_LANES = 2;
const READ_MAX_COMMANDS = 64;

export interface VirshOptions {
  /** libvirt connection URI. @default "qemu:///system" */
  readonly uri?: string;
  /** Default per-call timeout in milliseconds; a call that takes longer is killed. @default 60000 */
  readonly timeoutMs?: number;
  /** The virsh executable. @default "virsh" (from PATH) */
  readonly virshPath?: string;
  /**
   * How long a read (`runReads`, `read`) waits for concurrent reads to share its virsh process, in milliseconds;
   * 0 gives every read a process of its own. @default 5
   */
  readonly readWindowMs?: number;
}

export type { VirshBatchResult, VirshCallOptions };

interface RawResult {
  readonly stdout: Buffer;
  readonly stderr: string;
  readonly exitCode: number;
}

export class Virsh {
  readonly uri: string;
  readonly timeoutMs: number;
  readonly virshPath: string;
  private readonly reads: ReadBatcher;

  constructor(options: VirshOptions = {}) {
    this.uri = options.uri ?? DEFAULT_LIBVIRT_URI;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.virshPath = options.virshPath ?? "virsh";
    if (this.uri.trim() === "") throw new Error('Virsh: uri must not be empty (e.g. "qemu:///system")');
    if (!Number.isFinite(this.timeoutMs) || this.timeoutMs <= 0) {
      throw new Error(`Virsh: timeoutMs must be a positive number of milliseconds, got ${options.timeoutMs}`);
    }
    const windowMs = options.readWindowMs ?? DEFAULT_READ_WINDOW_MS;
    if (!Number.isFinite(windowMs) || windowMs < 0) {
      throw new Error(
        `Virsh: readWindowMs must be 0 or a positive number of milliseconds, got ${options.readWindowMs}`,
      );
    }
    this.reads = new ReadBatcher(
      {
        runBatch: (commands, call) => this.runBatch(commands, call),
        timeoutMs: this.timeoutMs,
        describe: (args) => this.describe(args),
      },
      { windowMs, lanes: READ_LANES, maxCommands: READ_MAX_COMMANDS },
    );
  }

  /**
   * Like `runBatch`, for commands that only read (dominfo, dumpxml, vol-dumpxml, ...): concurrent reads share
   * virsh processes (read-batcher.ts). Never give it a command that changes anything.
   */
  runReads(commands: ReadonlyArray<readonly string[]>, options: VirshReadOptions = {}): Promise<VirshBatchResult[]> {
    return this.reads.run(commands, options);
  }

  /** Like `run`, for one command that only reads; it may share a virsh process with concurrent reads. */
  async read(args: readonly string[], options: VirshReadOptions = {}): Promise<string> {
    const [result] = await this.runReads([args], options);
    if (result.error) throw result.error;
    return result.stdout;
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
   * The markers carry a random token chosen per call and count only as whole lines in order, so an object name
   * that contains marker-like text (anyone who can define a domain chooses its name) cannot move one command's
   * output into another's slot.
   */
  async runBatch(
    commands: ReadonlyArray<readonly string[]>,
    options: VirshCallOptions = {},
  ): Promise<VirshBatchResult[]> {
    if (commands.length === 0) return [];
    const token = randomBytes(16).toString("hex");
    const marker = (i: number) => batchMarker(token, i);
    const script = commands
      .map((args, i) => `echo ${marker(i)}; echo --err ${marker(i)}; ${args.map(quoteForVirshShell).join(" ")}`)
      .join("; ");
    const command = this.describe([script]);
    const raw = await this.spawnVirsh([script], command, options);
    const stdoutParts = splitOnMarkers(raw.stdout.toString("utf8"), token, commands.length).parts;
    const stderrSplit = splitOnMarkers(raw.stderr, token, commands.length);
    const results = commands.map((args, i): VirshBatchResult => {
      const stderr = stderrSplit.parts[i] ?? "";
      const stdout = stdoutParts[i] ?? "";
      const failed = /^error:/m.test(stderr);
      // virsh's exit code is the last command's; a failed command of a batch stands for itself with virsh's 1.
      return failed ? { stdout, error: errorFromStderr(stderr, 1, this.describe(args)) } : { stdout };
    });
    // An error before the first marker (no connection to libvirtd) means no command ran; a failed exit that no
    // command accounts for is virsh's own failure. Either one fails the whole batch rather than giving empty output.
    const failedBeforeCommands = /^error:/m.test(stderrSplit.before);
    if (failedBeforeCommands || (raw.exitCode !== 0 && results.every((r) => r.error === undefined))) {
      const stderr = stderrSplit.before.trim() !== "" ? stderrSplit.before : stderrSplit.parts.join("");
      throw errorFromStderr(stderr, raw.exitCode, command);
    }
    return results;
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
      // Node's stdio pipes are sockets, which virsh cannot open as /dev/stdin (ENXIO); a private temporary file
      // given as stdin can be. A process group of its own lets a timeout kill virsh's helpers (ssh) too.
      let stdin: StdinFile;
      try {
        stdin = openStdinFile(options.input);
      } catch (err) {
        reject(
          new VirshError({
            code: "SPAWN_FAILED",
            virshMessage: `cannot prepare stdin: ${(err as Error).message}`,
            exitCode: null,
            command,
          }),
        );
        return;
      }
      let child: ChildProcess;
      try {
        child = spawn(this.virshPath, ["-q", "-c", this.uri, ...args], {
          stdio: [stdin.fd, "pipe", "pipe"],
          env: { ...process.env, LC_ALL: "C", LANG: "C" },
          detached: true,
        });
      } catch (err) {
        stdin.remove();
        reject(new VirshError({ code: "SPAWN_FAILED", virshMessage: (err as Error).message, exitCode: null, command }));
        return;
      } finally {
        closeSync(stdin.fd); // the child has its own copy
      }
      const stdout: Buffer[] = [];
      const stderr: Buffer[] = [];
      let killedFor: "TIMEOUT" | "ABORTED" | undefined;
      const kill = (reason: "TIMEOUT" | "ABORTED") => {
        killedFor ??= reason;
        try {
          if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
        } catch {
          child.kill("SIGKILL");
        }
      };
      const timer = setTimeout(() => kill("TIMEOUT"), timeoutMs);
      const onAbort = () => kill("ABORTED");
      options.signal?.addEventListener("abort", onAbort, { once: true });
      const cleanup = () => {
        clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
        stdin.remove();
      };

      child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
      child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
      child.on("error", (err: NodeJS.ErrnoException) => {
        cleanup();
        const hint = err.code === "ENOENT" ? " (is libvirt-clients installed? run scripts/setup-libvirt.sh)" : "";
        reject(
          new VirshError({ code: "SPAWN_FAILED", virshMessage: `${err.message}${hint}`, exitCode: null, command }),
        );
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
    });
  }
}

interface StdinFile {
  readonly fd: number;
  remove(): void;
}

/** Opens `input` as a readable file descriptor (or /dev/null without input). */
function openStdinFile(input: string | Buffer | undefined): StdinFile {
  if (input === undefined) return { fd: openSync("/dev/null", "r"), remove: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), "cdktf-virt-virsh-"));
  const file = join(dir, "stdin");
  try {
    writeFileSync(file, input, { mode: 0o600 });
    return { fd: openSync(file, "r"), remove: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

function errorFromStderr(stderr: string, exitCode: number, command: string): VirshError {
  const virshMessage = virshErrorText(stderr) || `virsh exited with code ${exitCode} and printed no error`;
  return new VirshError({ ...classifyVirshMessage(virshMessage), virshMessage, exitCode, command });
}

function batchMarker(token: string, index: number): string {
  return `@@cdktf-virt-batch-${token}:${index}@@`;
}

/**
 * Splits text at the batch markers of `token`: part i is what command i printed, `before` what came ahead of the
 * first marker. virsh's `echo` under -q ends no line, `echo --err` prefixes "error: "; the random token is what
 * tells a marker from a command's output, and each marker counts only as the next one expected.
 */
function splitOnMarkers(text: string, token: string, count: number): { before: string; parts: string[] } {
  const parts = new Array<string>(count).fill("");
  let before = "";
  let current = -1;
  let last = 0;
  while (current + 1 < count) {
    const wanted = batchMarker(token, current + 1);
    const at = text.indexOf(wanted, last);
    if (at < 0) break;
    const start = at >= 7 && text.startsWith("error: ", at - 7) ? at - 7 : at;
    const end = at + wanted.length + (text[at + wanted.length] === "\n" ? 1 : 0);
    if (current >= 0) parts[current] += text.slice(last, start);
    else before = text.slice(0, start);
    current += 1;
    last = end;
  }
  if (current >= 0) parts[current] += text.slice(last);
  else before = text;
  return { before, parts };
}

/** Quotes an argument for virsh's own command-string parser (shell-like: '...' is literal). */
export function quoteForVirshShell(arg: string): string {
  if (/^[A-Za-z0-9_\-.:/=@+,]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

function quoteForDisplay(arg: string): string {
  return /^[A-Za-z0-9_\-.:/=@+,]+$/.test(arg) ? arg : JSON.stringify(arg);
}
