// A local state file cut short by a killed terraform. Terraform's local backend rewrites its state file in place
// (truncate, then write; it must keep its lock on the file, see hashicorp/terraform#34266), so a terraform killed
// while writing leaves a prefix of JSON, and every later terraform command refuses to start ("Unsupported state
// file format"). Before its first write of a run, Terraform copies the state it started from to `<path>.backup`.
// Restoring that backup is the recovery Terraform's maintainers point to; what the killed run changed after it is
// found again by the next refresh (objects it deleted are gone) and by adoption (objects it created carry the
// stack's owner marker). The cut file is moved aside, never deleted.
import { readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import type { BigIntStats } from "node:fs";

export interface CutStateRecovery {
  /** The state file that could not be read. */
  readonly statePath: string;
  /** Why it could not be read (the JSON parser's message, or the missing "version"). */
  readonly problem: string;
  /** Where the cut file was moved: kept, never deleted. */
  readonly keptAs: string;
  /** The backup copied into its place; undefined when there was no readable backup (terraform starts with none). */
  readonly restoredFrom?: string;
}

export interface RecoverOptions {
  /** The time in the name of the kept file. @default now */
  readonly now?: Date;
  /**
   * Whether a process holds a lock on the file (a terraform writing it right now: its half-written file must not be
   * taken for a cut one). @default `lockedOnLinux` (the locks of /proc/locks; elsewhere always true: no recovery)
   */
  readonly isLocked?: (path: string) => boolean;
}

/**
 * Restores Terraform's backup in place of a state file that is not readable JSON (see the top of this file).
 * Does nothing, and returns undefined, when the file is missing, empty (Terraform reads that as no state), readable,
 * or locked by a process.
 */
export function recoverCutLocalState(statePath: string, opts: RecoverOptions = {}): CutStateRecovery | undefined {
  const problem = unreadableState(statePath);
  if (problem === undefined) return undefined;
  if ((opts.isLocked ?? lockedOnLinux)(statePath)) return undefined;
  const backupPath = `${statePath}.backup`;
  const backup = readIfPresent(backupPath);
  const usableBackup = backup !== undefined && stateProblem(backup) === undefined;
  const keptAs = `${statePath}.cut-${stamp(opts.now ?? new Date())}`;
  renameSync(statePath, keptAs);
  if (!usableBackup) return { statePath, problem, keptAs };
  // Written beside and renamed, so a terraform starting meanwhile reads the whole backup or no file.
  const partial = `${statePath}.${process.pid}.partial`;
  writeFileSync(partial, backup, { mode: 0o600 });
  renameSync(partial, statePath);
  return { statePath, problem, keptAs, restoredFrom: backupPath };
}

/** Why `statePath` cannot be read as a state, or undefined when it can (or there is no file, or it is empty). */
function unreadableState(statePath: string): string | undefined {
  const bytes = readIfPresent(statePath);
  if (bytes === undefined || bytes.length === 0) return undefined;
  return stateProblem(bytes);
}

function stateProblem(bytes: Buffer): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString("utf8"));
  } catch (err) {
    return `not JSON (${(err as Error).message}; ${bytes.length} bytes)`;
  }
  if (typeof parsed !== "object" || parsed === null || !("version" in parsed))
    return `no "version" attribute (${bytes.length} bytes)`;
  return undefined;
}

function readIfPresent(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

/** 2026-12-06T00-45-12Z: a time for a file name (no colons). */
function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
}

/**
 * Whether any process holds a lock on `path`, from /proc/locks (Linux: Terraform locks its local state with
 * fcntl, which lists the file's device and inode there). Where /proc/locks cannot be read the answer is true, so
 * nothing is recovered on a system this cannot check.
 */
export function lockedOnLinux(path: string, procLocks = "/proc/locks"): boolean {
  let locks: string;
  let stat: BigIntStats;
  try {
    locks = readFileSync(procLocks, "utf8");
    stat = statSync(path, { bigint: true });
  } catch {
    return true;
  }
  const file = `${hex2(devMajor(stat.dev))}:${hex2(devMinor(stat.dev))}:${stat.ino}`;
  // "1: POSIX  ADVISORY  WRITE 3162 fd:01:1443592 0 EOF" (a blocked waiter's line has "->" before its type).
  return locks.split("\n").some((line) => line.split(/\s+/).includes(file));
}

// glibc's encoding of a device number (gnu_dev_major / gnu_dev_minor), which /proc/locks prints as %02x:%02x.
function devMajor(dev: bigint): bigint {
  return ((dev >> 8n) & 0xfffn) | ((dev >> 32n) & ~0xfffn);
}

function devMinor(dev: bigint): bigint {
  return (dev & 0xffn) | ((dev >> 12n) & ~0xffn);
}

function hex2(n: bigint): string {
  return n.toString(16).padStart(2, "0");
}
