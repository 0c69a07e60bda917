// Errors raised by the virsh runner. Callers match on `code` (and `notFound` for lookups), never on message text:
// the text is virsh's own, kept verbatim so that a person reading a diagnostic sees what libvirt said.

/** Stable failure classes of a virsh call. */
export type VirshErrorCode =
  /** The object named in the command does not exist (see `notFound` for which kind). */
  | "NOT_FOUND"
  /** An object with that name (or UUID) exists already. */
  | "ALREADY_EXISTS"
  /** libvirt refused the operation in the object's current state (e.g. destroying a stopped domain). */
  | "INVALID_OPERATION"
  /** The call did not finish within its timeout and was killed. */
  | "TIMEOUT"
  /** The caller's AbortSignal fired and the call was killed. */
  | "ABORTED"
  /** virsh could not be started at all (not installed, not on PATH). */
  | "SPAWN_FAILED"
  /** Any other failure; the message is virsh's. */
  | "FAILED";

/** The kinds of libvirt objects a lookup can fail to find. */
export type LibvirtObjectKind = "domain" | "pool" | "volume" | "network";

export interface VirshErrorDetails {
  readonly code: VirshErrorCode;
  /** virsh's error text (the `error: ...` lines without the prefix), or a description for timeouts/spawn failures. */
  readonly virshMessage: string;
  /** virsh's exit code; null when it was killed or never started. */
  readonly exitCode: number | null;
  /** The command as run, e.g. `virsh -c qemu:///system vol-info --pool p v`. */
  readonly command: string;
  readonly notFound?: LibvirtObjectKind;
}

export class VirshError extends Error {
  readonly code: VirshErrorCode;
  readonly virshMessage: string;
  readonly exitCode: number | null;
  readonly command: string;
  /** Set when code is NOT_FOUND: which kind of object was missing. */
  readonly notFound?: LibvirtObjectKind;

  constructor(details: VirshErrorDetails) {
    super(`${details.command} failed (${describeExit(details)}): ${details.virshMessage}`);
    this.name = "VirshError";
    this.code = details.code;
    this.virshMessage = details.virshMessage;
    this.exitCode = details.exitCode;
    this.command = details.command;
    if (details.notFound) this.notFound = details.notFound;
  }
}

function describeExit(details: VirshErrorDetails): string {
  if (details.code === "TIMEOUT") return "timed out";
  if (details.code === "ABORTED") return "aborted";
  if (details.code === "SPAWN_FAILED") return "could not start virsh";
  return `exit code ${details.exitCode}`;
}

/** True when `err` is a VirshError saying that an object (of `kind`, if given) does not exist. */
export function isNotFound(err: unknown, kind?: LibvirtObjectKind): err is VirshError {
  return err instanceof VirshError && err.code === "NOT_FOUND" && (kind === undefined || err.notFound === kind);
}

// virsh prints "failed to get <kind> '<name>'" for every lookup by name, and libvirt's own
// "<Kind> not found: ..." for the underlying error. The first form is the most reliable one to match.
const NOT_FOUND_PATTERNS: ReadonlyArray<readonly [RegExp, LibvirtObjectKind]> = [
  [/failed to get domain\b|Domain not found\b/i, "domain"],
  [/failed to get pool\b|Storage pool not found\b/i, "pool"],
  [/failed to get vol\b|Storage volume not found\b/i, "volume"],
  [/failed to get network\b|Network not found\b/i, "network"],
];

/** Sorts virsh's stderr into a failure class. The first matching pattern wins (a missing pool outranks its volume). */
export function classifyVirshMessage(message: string): { code: VirshErrorCode; notFound?: LibvirtObjectKind } {
  const firstMatch = NOT_FOUND_PATTERNS.map(([pattern, kind]) => ({ index: message.search(pattern), kind }))
    .filter((m) => m.index >= 0)
    .sort((a, b) => a.index - b.index)[0];
  if (firstMatch) return { code: "NOT_FOUND", notFound: firstMatch.kind };
  if (/already exists|exists already/i.test(message)) return { code: "ALREADY_EXISTS" };
  if (/Requested operation is not valid/i.test(message)) return { code: "INVALID_OPERATION" };
  return { code: "FAILED" };
}

/** Extracts the `error: ...` lines virsh writes to stderr; falls back to the whole text. */
export function virshErrorText(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
  const errors = lines.filter((l) => l.startsWith("error:")).map((l) => l.slice("error:".length).trim());
  return (errors.length > 0 ? errors : lines).join("; ");
}
