// Waiting with a time budget that also stops promptly when Terraform sends StopProvider (ctx.signal).
// Every wait of the provider goes through here, so the timeout and the stop behaviour are the same everywhere.
import { MAX_TIMEOUT_MS } from "../../../incus/cancel";

/** A wait ran out of time. */
export class WaitTimeoutError extends Error {
  constructor(
    readonly what: string,
    readonly timeoutMs: number,
  ) {
    super(
      `Timed out after ${formatDuration(timeoutMs)} waiting for ${what}. ` +
        "Raise the provider's wait_timeout if the host is just slow.",
    );
    this.name = "WaitTimeoutError";
  }
}

/** A wait was cut short because Terraform asked the provider to stop. */
export class WaitStoppedError extends Error {
  constructor(readonly what: string) {
    super(`Stopped waiting for ${what}: Terraform asked the provider to stop (interrupt).`);
    this.name = "WaitStoppedError";
  }
}

const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * The longest duration the provider accepts: 2^31-1 ms, the longest a timer can wait (Node fires a longer one
 * after 1 ms, so a longer wait_timeout would end every wait at once). Said as "596h31m23s" in messages.
 */
export const MAX_DURATION_MS = MAX_TIMEOUT_MS;

/**
 * Go-style durations as the official provider and Terraform use them: "90s", "1m30s", "500ms", "2h".
 * Returns milliseconds, at most MAX_DURATION_MS; throws an Error saying what is accepted.
 */
export function parseDuration(text: string): number {
  const trimmed = text.trim();
  const problem = `${JSON.stringify(
    text,
  )} is not a duration; use a number with a unit, e.g. "30s", "5m", "1m30s" or "500ms"`;
  if (trimmed === "" || trimmed === "0") {
    if (trimmed === "0") return 0;
    throw new Error(problem);
  }
  const re = /(\d+(?:\.\d+)?|\.\d+)(ns|us|µs|ms|s|m|h)/y;
  let total = 0;
  let pos = 0;
  while (pos < trimmed.length) {
    re.lastIndex = pos;
    const m = re.exec(trimmed);
    if (!m) throw new Error(problem);
    total += Number(m[1]) * UNITS[m[2]];
    pos = re.lastIndex;
  }
  const ms = Math.round(total);
  if (!(ms <= MAX_DURATION_MS)) {
    const longest = formatDuration(Math.floor(MAX_DURATION_MS / 1000) * 1000);
    throw new Error(
      `${JSON.stringify(
        text,
      )} is longer than the maximum of ${longest} (${MAX_DURATION_MS} ms), the longest a timer can wait`,
    );
  }
  return ms;
}

/** "3m", "1m30s", "250ms": the inverse of parseDuration for messages. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return `${h ? `${h}h` : ""}${m ? `${m}m` : ""}${rest || (!h && !m) ? `${rest}s` : ""}`;
}

/** Resolves after `ms`, or rejects with WaitStoppedError as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal, what = "a delay"): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new WaitStoppedError(what));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new WaitStoppedError(what));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** A signal that aborts when `signal` aborts or after `timeoutMs`; dispose it to release the timer. */
export function budgetSignal(
  signal: AbortSignal | undefined,
  timeoutMs: number,
): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error("timeout")), timeoutMs);
  const onAbort = (): void => controller.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    },
  };
}

export interface WaitOptions {
  /** Give up after this long with WaitTimeoutError. */
  readonly timeoutMs: number;
  /** ctx.signal: stop with WaitStoppedError when it aborts. */
  readonly signal?: AbortSignal;
  /** Pause between probes. @default 250 ms */
  readonly intervalMs?: number;
}

/**
 * Calls `probe` until it returns something other than undefined/false, and returns that. `what` completes
 * "waiting for ..." in messages, e.g. `instance "web" to have an IPv4 address`. Errors thrown by the probe
 * end the wait.
 */
export async function waitUntil<T>(
  what: string,
  probe: (signal: AbortSignal) => Promise<T | undefined | false>,
  options: WaitOptions,
): Promise<T> {
  const started = Date.now();
  const interval = options.intervalMs ?? 250;
  for (;;) {
    if (options.signal?.aborted) throw new WaitStoppedError(what);
    const left = options.timeoutMs - (Date.now() - started);
    if (left <= 0) throw new WaitTimeoutError(what, options.timeoutMs);
    const budget = budgetSignal(options.signal, left);
    let result: T | undefined | false;
    try {
      result = await probe(budget.signal);
    } catch (err) {
      if (options.signal?.aborted) throw new WaitStoppedError(what);
      if (budget.signal.aborted) throw new WaitTimeoutError(what, options.timeoutMs);
      throw err;
    } finally {
      budget.dispose();
    }
    if (result !== undefined && result !== false) return result;
    const pause = Math.min(interval, options.timeoutMs - (Date.now() - started));
    if (pause > 0) await sleep(pause, options.signal, what);
  }
}
