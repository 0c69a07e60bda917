// Running one piece of provider/resource code for one RPC: a fresh Diagnostics, an AbortSignal that
// StopProvider can fire, and the rule that exceptions become error diagnostics (message to the user, stack to the
// debug log), never a crashed process or a gRPC error.
import { DiagnosticError, Diagnostics } from "../diagnostics";
import type { CtyType } from "../../cty";
import type { Logger } from "../resource";
import type { Schema } from "../schema";

/** A registered resource or data source with its schema's cty type, computed once. */
export interface Entry<T> {
  readonly impl: T;
  readonly schema: Schema;
  readonly type: CtyType;
}

export interface CallScope {
  readonly signal: AbortSignal;
  readonly diagnostics: Diagnostics;
  readonly log: Logger;
}

/** Tracks in-flight calls so StopProvider can cancel them all. */
export class InFlightCalls {
  private readonly active = new Set<AbortController>();

  /** Runs `fn` with a scope whose signal fires on stop(); the controller is forgotten when fn settles. */
  async run<T>(log: Logger, fn: (scope: CallScope) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    this.active.add(controller);
    try {
      return await fn({ signal: controller.signal, diagnostics: new Diagnostics(), log });
    } finally {
      this.active.delete(controller);
    }
  }

  /** Aborts every in-flight call; returns how many were running. */
  stop(reason: string): number {
    const n = this.active.size;
    for (const c of this.active) c.abort(new StopError(reason));
    return n;
  }
}

export class StopError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "StopError";
  }
}

/**
 * Awaits resource code; an exception is recorded as an error diagnostic (with the attribute path of a
 * DiagnosticError) and `undefined` is returned.
 */
export async function guarded<T>(
  what: string,
  diagnostics: Diagnostics,
  log: Logger,
  fn: () => T | Promise<T>,
): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    recordError(what, err, diagnostics, log);
    return undefined;
  }
}

export function recordError(what: string, err: unknown, diagnostics: Diagnostics, log: Logger): void {
  if (err instanceof DiagnosticError) {
    diagnostics.error(err.summary, err.detail, err.path);
  } else {
    const message = err instanceof Error ? err.message : String(err);
    const interrupted = err instanceof StopError || (err instanceof Error && err.name === "AbortError");
    diagnostics.error(interrupted ? `${what}: interrupted` : `${what} failed`, message);
  }
  log.debug(`${what} failed`, { error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
}
