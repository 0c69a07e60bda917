// What one virsh call takes and gives back: shared by the runner (virsh.ts) and the read batcher
// (read-batcher.ts), which the runner uses, so neither has to import the other for these.
import type { VirshError } from "./errors";

export interface VirshCallOptions {
  /** Overrides the runner's default timeout for this call. */
  readonly timeoutMs?: number;
  /** Kills the call when it fires; the promise rejects with code ABORTED. */
  readonly signal?: AbortSignal;
  /** virsh's stdin; commands read it through the path `/dev/stdin`. */
  readonly input?: string | Buffer;
}

/** What one command of a batch printed, and its error if it failed. */
export interface VirshBatchResult {
  readonly stdout: string;
  readonly error?: VirshError;
}
