// Answers Incus gives for a moment while an object changes state, which a request may simply send again. They are
// listed here, in one table, so the retry stays narrow (these reads, these answers, a few seconds) and is the
// same for every caller; anything else fails at once as before.
//
// GET /1.0/instances/<name>/state answers HTTP 500 "Invalid PID '<garbage>'" while a forced stop is under way
// (Incus 6.0: the init process is gone but its pidfile is still read; measured 0.5-0.6 s). A deploy resumed right
// after a kill reads the state of instances Incus is still stopping, and must not fail on it.
//
// DELETE /1.0/networks/<name> of a bridge answers HTTP 500 "Failed to delete bridge children interfaces: ...
// Device "vethX" does not exist" when a veth of an instance stopped a moment earlier vanishes between Incus listing
// the bridge's interfaces and asking about each (Incus 6.0; seen when one apply deletes an instance and then its
// network). Nothing was deleted, and the same DELETE a moment later succeeds (or answers 404 once it has).
// POST /1.0/networks of a bridge answers the same when any interface of the host (not only the bridge's) vanishes
// while Incus sets the new bridge up; Incus then reverts the create (record and interface), so the same POST a
// moment later creates it. An update (PUT/PATCH) sets the bridge up again the same way and reverts the same way.
//
// DELETE /1.0/networks/<name>/peers/<peer> of one side of a mutual OVN peering answers HTTP 500 "Failed deleting
// peer: Failed deleting OVN network peering: object not found" when the other side is deleted at the same moment
// (one destroy of both resources): each delete removes the router ports of both sides, and the later one fails
// reading a static route the earlier one just removed, before it has changed anything (Incus 6.0
// DeleteLogicalRouterPeering). Sent again, it finds the ports gone and deletes the peer.
import { setTimeout as sleep } from "node:timers/promises";
import type { Deadline } from "./cancel";
import { hasIncusCode } from "./errors";

/** A request and an error answer that means "not now" rather than "no". */
interface TransientAnswer {
  readonly method: string;
  /** Matched against the request path without its query. */
  readonly path: RegExp;
  readonly status: number;
  /** Matched against the error text Incus returned. */
  readonly incusMessage: RegExp;
}

const VANISHED_INTERFACE = /^Failed to delete bridge children interfaces: .*Device "[^"]+" does not exist/;

// The API handler wraps the driver's error ("Failed deleting peer: ..."; Incus 6.0.4 cmd/incusd/network_peers.go).
const PEERING_RACE = /^(?:Failed deleting peer: )?Failed deleting OVN network peering: .*\bobject not found\b/;

const TRANSIENT_ANSWERS: readonly TransientAnswer[] = [
  { method: "GET", path: /^\/1\.0\/instances\/[^/]+\/state$/, status: 500, incusMessage: /^Invalid PID\b/ },
  { method: "DELETE", path: /^\/1\.0\/networks\/[^/]+$/, status: 500, incusMessage: VANISHED_INTERFACE },
  { method: "POST", path: /^\/1\.0\/networks$/, status: 500, incusMessage: VANISHED_INTERFACE },
  { method: "PUT", path: /^\/1\.0\/networks\/[^/]+$/, status: 500, incusMessage: VANISHED_INTERFACE },
  { method: "PATCH", path: /^\/1\.0\/networks\/[^/]+$/, status: 500, incusMessage: VANISHED_INTERFACE },
  { method: "DELETE", path: /^\/1\.0\/networks\/[^/]+\/peers\/[^/]+$/, status: 500, incusMessage: PEERING_RACE },
];

/** How long one request keeps asking while the answer stays transient (about ten times the measured window). */
export const TRANSIENT_RETRY_FOR_MS = 5_000;
/** Pause between two asks. */
export const TRANSIENT_RETRY_PAUSE_MS = 100;

/** Whether `err` is one of the transient answers to `method path`. */
export function isTransientAnswer(err: unknown, method: string, path: string): boolean {
  if (!hasIncusCode(err, "SERVER_ERROR")) return false;
  const bare = path.split("?")[0];
  return TRANSIENT_ANSWERS.some(
    (t) =>
      t.method === method &&
      t.path.test(bare) &&
      t.status === err.status &&
      t.incusMessage.test(err.incusMessage ?? ""),
  );
}

export interface TransientRetryOptions {
  /** @default TRANSIENT_RETRY_FOR_MS */
  readonly forMs?: number;
  /** @default TRANSIENT_RETRY_PAUSE_MS */
  readonly pauseMs?: number;
}

/** The retry state of one request: when its first transient answer came. */
export class TransientRetry {
  private firstAt: number | undefined;
  private readonly forMs: number;
  private readonly pauseMs: number;

  constructor(
    private readonly method: string,
    private readonly path: string,
    options: TransientRetryOptions = {},
  ) {
    this.forMs = options.forMs ?? TRANSIENT_RETRY_FOR_MS;
    this.pauseMs = options.pauseMs ?? TRANSIENT_RETRY_PAUSE_MS;
  }

  /**
   * Whether to send the request again after `err`: only for a transient answer within the retry window, and
   * only after a pause. The pause ends early when `deadline` stops: the caller's abort then wins (true, and the
   * sender reports ABORTED), while a budget that ran out ends with the daemon's last answer (false).
   */
  async again(err: unknown, deadline: Deadline): Promise<boolean> {
    if (!isTransientAnswer(err, this.method, this.path)) return false;
    const now = Date.now();
    this.firstAt ??= now;
    const left = this.firstAt + this.forMs - now;
    if (left <= 0) return false;
    await sleep(Math.min(this.pauseMs, left), undefined, { signal: deadline.signal }).catch(() => undefined);
    return deadline.reason() !== "timeout";
  }
}
