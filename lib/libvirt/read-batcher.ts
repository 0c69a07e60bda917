// Read-only virsh commands of concurrent callers share virsh processes. Terraform plans and applies resources
// concurrently, so ten domains mean ten lookups arriving within moments of each other; each would be a virsh process
// of its own (20-50 ms quiet, far more under load). Here a read waits a few milliseconds for others, and at most
// `lanes` read processes run at a time: whatever arrived meanwhile goes out as one `runBatch` when a lane is free.
// Each caller gets its own commands' results. Writes never come through here, so one resource's failed change can
// never touch another's; and when a shared process fails as a whole, each caller's reads run again on their own.
import { VirshError } from "./errors";
import type { VirshBatchResult, VirshCallOptions } from "./virsh-call";

/** A read's options: no stdin (reads of different callers share one). */
export type VirshReadOptions = Omit<VirshCallOptions, "input">;

export interface ReadBatcherRunner {
  runBatch(commands: ReadonlyArray<readonly string[]>, options: VirshCallOptions): Promise<VirshBatchResult[]>;
  /** The runner's default timeout: a shared process gets the longest of its callers'. */
  readonly timeoutMs: number;
  /** How an aborted caller's commands are named in its error. */
  describe(args: readonly string[]): string;
}

export interface ReadBatcherOptions {
  /** How long the first read waits for others. */
  readonly windowMs: number;
  /** How many read processes may run at a time; reads that arrive while all are busy wait and go out together. */
  readonly lanes: number;
  /** The most commands one shared process runs (one virsh argument holds them all). */
  readonly maxCommands: number;
}

interface Entry {
  readonly commands: ReadonlyArray<readonly string[]>;
  readonly call: VirshReadOptions;
  settled: boolean;
  resolve(results: VirshBatchResult[]): void;
  reject(err: unknown): void;
  /** What the entry's own signal does now: set while it waits or runs in a shared process. */
  onAbort?: () => void;
  /** Removes the entry's listener from its signal. */
  unlisten?: () => void;
}

export class ReadBatcher {
  private readonly queue: Entry[] = [];
  private running = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly runner: ReadBatcherRunner,
    private readonly options: ReadBatcherOptions,
  ) {}

  /** Runs `commands` (reads only), probably in a virsh process shared with other callers' reads. */
  run(commands: ReadonlyArray<readonly string[]>, call: VirshReadOptions = {}): Promise<VirshBatchResult[]> {
    // Nothing to share, or the caller gave up already (the runner rejects it as ABORTED at once).
    if (commands.length === 0 || call.signal?.aborted || this.options.windowMs <= 0)
      return this.runner.runBatch(commands, call);
    return new Promise<VirshBatchResult[]>((resolve, reject) => {
      const entry: Entry = { commands, call, settled: false, resolve, reject };
      const signal = call.signal;
      if (signal) {
        const listener = () => entry.onAbort?.();
        signal.addEventListener("abort", listener, { once: true });
        entry.unlisten = () => signal.removeEventListener("abort", listener);
      }
      this.queue.push(entry);
      this.watchAbort(entry, () => {
        const at = this.queue.indexOf(entry);
        if (at >= 0) this.queue.splice(at, 1);
      });
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        this.pump();
      }, this.options.windowMs);
    });
  }

  private watchAbort(entry: Entry, then: () => void): void {
    entry.onAbort = () => {
      then();
      settle(entry, () => entry.reject(this.abortedError(entry)));
    };
  }

  private abortedError(entry: Entry): VirshError {
    const command = this.runner.describe([entry.commands.map((c) => c.join(" ")).join("; ")]);
    return new VirshError({ code: "ABORTED", virshMessage: "aborted by the caller", exitCode: null, command });
  }

  /** Starts a shared process on each free lane with what is waiting. */
  private pump(): void {
    while (this.running < this.options.lanes && this.queue.length > 0) {
      const group: Entry[] = [];
      let size = 0;
      while (
        this.queue.length > 0 &&
        (group.length === 0 || size + this.queue[0].commands.length <= this.options.maxCommands)
      ) {
        const entry = this.queue.shift()!;
        group.push(entry);
        size += entry.commands.length;
      }
      this.running += 1;
      void this.launch(group).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  /** Runs the entry's reads in a process of its own, with its own timeout and signal, as if it had called the runner. */
  private runAlone(entry: Entry): Promise<void> {
    entry.onAbort = undefined;
    return this.runner.runBatch(entry.commands, entry.call).then(
      (results) => settle(entry, () => entry.resolve(results)),
      (err: unknown) => settle(entry, () => entry.reject(err)),
    );
  }

  private async launch(group: Entry[]): Promise<void> {
    // Alone: the caller's own timeout and signal apply.
    if (group.length === 1) return this.runAlone(group[0]);
    // Shared: killed only when every caller has given up; the longest timeout of its callers applies.
    const controller = new AbortController();
    for (const entry of group) {
      this.watchAbort(entry, () => {
        if (group.every((e) => e.settled || e === entry)) controller.abort();
      });
    }
    const timeoutMs = Math.max(...group.map((e) => e.call.timeoutMs ?? this.runner.timeoutMs));
    try {
      const results = await this.runner.runBatch(
        group.flatMap((e) => e.commands),
        { timeoutMs, signal: controller.signal },
      );
      let offset = 0;
      for (const entry of group) {
        const own = results.slice(offset, offset + entry.commands.length);
        offset += entry.commands.length;
        settle(entry, () => entry.resolve(own));
      }
    } catch (err) {
      // A process that failed as a whole (not for a timeout or an abort) must not fail one caller for another's
      // reads: each caller's reads run again on their own.
      const retry = !(err instanceof VirshError && (err.code === "TIMEOUT" || err.code === "ABORTED"));
      await Promise.all(
        group.map(async (entry) => {
          if (entry.settled) return;
          if (!retry) return settle(entry, () => entry.reject(err));
          await this.runAlone(entry);
        }),
      );
    }
  }
}

function settle(entry: Entry, how: () => void): void {
  if (entry.settled) return;
  entry.settled = true;
  entry.onAbort = undefined;
  entry.unlisten?.();
  how();
}
