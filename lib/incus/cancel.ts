// A call's time budget and cancellation in one object. A call (one HTTP request plus, for async
// endpoints, the wait for its operation) gets a Deadline; each HTTP request inside it gets a child
// with a tighter budget. When something is aborted we must tell the caller *why*: their own
// AbortSignal fired (ABORTED) or a budget ran out (TIMEOUT). This class keeps that answer.
import { IncusError } from "./errors";

/**
 * The longest budget a timer can hold: 2^31-1 ms (about 24.8 days). Node fires a setTimeout given more than
 * that after 1 ms, so a longer budget would end every call at once instead of never.
 */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Checks a time budget given as an option: a positive number of milliseconds a timer can hold, or (only where
 * `unlimited` allows it) Infinity for no limit. Throws INVALID_OPTIONS naming `option` and the maximum.
 */
export function checkTimeoutMs(option: string, value: number, unlimited = false): number {
  if (value > 0 && (value <= MAX_TIMEOUT_MS || (unlimited && value === Infinity))) return value;
  throw new IncusError(
    "INVALID_OPTIONS",
    `${option} must be a positive number of milliseconds up to ${MAX_TIMEOUT_MS} (about 24.8 days, the longest a timer can wait)` +
      `${unlimited ? ", or Infinity for no limit" : ""}, got ${String(value)}`,
  );
}

export type StopReason = "aborted" | "timeout";

export class Deadline {
  private readonly controller = new AbortController();
  private readonly expiresAt: number;
  private timer: NodeJS.Timeout | undefined;
  private stopReason: StopReason | undefined;
  private detach: () => void = () => undefined;

  /**
   * @param budgetMs time allowed from now; `Infinity` for no limit
   * @param upstream the caller's signal, or the parent Deadline's signal
   * @param parent the enclosing Deadline, whose stop reason wins when it fires
   */
  private constructor(
    readonly budgetMs: number,
    upstream: AbortSignal | undefined,
    private readonly parent: Deadline | undefined,
  ) {
    this.expiresAt = Date.now() + budgetMs;
    if (Number.isFinite(budgetMs)) {
      this.timer = setTimeout(() => this.stop("timeout"), Math.max(0, budgetMs));
      this.timer.unref();
    }
    if (!upstream) return;
    const onAbort = (): void => this.stop(parent?.reason() ?? "aborted");
    if (upstream.aborted) {
      onAbort();
      return;
    }
    upstream.addEventListener("abort", onAbort, { once: true });
    this.detach = () => upstream.removeEventListener("abort", onAbort);
  }

  /** Starts the budget of a whole call. */
  static start(signal: AbortSignal | undefined, budgetMs: number): Deadline {
    return new Deadline(budgetMs, signal, undefined);
  }

  /** A sub-budget (never longer than what is left of this one); dispose it when done. */
  child(budgetMs: number): Deadline {
    return new Deadline(Math.min(budgetMs, this.remainingMs()), this.signal, this);
  }

  /** Aborts when the caller aborts or the budget runs out; hand it to undici. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Why this deadline stopped, or undefined while it is still running. */
  reason(): StopReason | undefined {
    return this.parent?.reason() ?? this.stopReason;
  }

  /** The budget that ran out (this one's or an enclosing one's), for messages; undefined if none did. */
  exhaustedBudgetMs(): number | undefined {
    if (this.parent?.reason() === "timeout") return this.parent.exhaustedBudgetMs();
    return this.stopReason === "timeout" ? this.budgetMs : undefined;
  }

  remainingMs(): number {
    return Math.max(0, this.expiresAt - Date.now());
  }

  /** Releases the timer and the listener on the upstream signal. */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.detach();
  }

  private stop(reason: StopReason): void {
    if (this.controller.signal.aborted) return;
    this.stopReason = reason;
    this.dispose();
    this.controller.abort(
      reason === "timeout"
        ? new Error(`time budget of ${this.budgetMs} ms ran out`)
        : new Error("aborted by the caller"),
    );
  }
}
