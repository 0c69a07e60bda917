// Waiting for Incus background operations, in one place. Async endpoints answer 202 with an
// operation; we long-poll GET /1.0/operations/{id}/wait?timeout=N in slices until it finishes,
// the call's Deadline runs out (TIMEOUT) or the caller aborts (ABORTED).
//
// Incus 6 answers a wait that merely timed out and a wait on a failed operation the same way: an
// `error` envelope with HTTP 200. We tell them apart by reading the operation itself.
import { setTimeout as sleep } from "node:timers/promises";
import type { Deadline } from "./cancel";
import {
  IncusAbortedError,
  IncusError,
  IncusOperationError,
  IncusTimeoutError,
  hasIncusCode,
  isNotFound,
} from "./errors";
import type { IncomingResponse, RequestSender } from "./request";

/** An Incus background operation (GET /1.0/operations/{id}). */
export interface Operation {
  readonly id: string;
  readonly class: "task" | "websocket" | "token" | string;
  readonly description: string;
  readonly created_at: string;
  readonly updated_at: string;
  /** Running, Success, Failure, Cancelled, ... */
  readonly status: string;
  /** 100 created, 103 running, 105 pending, 106 cancelling; 200 success; 400 failure; 401 cancelled. */
  readonly status_code: number;
  readonly resources: Record<string, string[]> | null;
  readonly metadata: Record<string, unknown> | null;
  readonly may_cancel: boolean;
  /** The error text when the operation failed. */
  readonly err: string;
  readonly location?: string;
}

/** What a write call produced: the sync metadata, or the finished operation's metadata. */
export interface WriteResult {
  readonly metadata: unknown;
  /** The finished operation when the endpoint was async. */
  readonly operation?: Operation;
}

/** Longest single long-poll; short enough that a lost connection is noticed reasonably soon. */
const MAX_WAIT_SLICE_SECONDS = 30;
/** Extra time the HTTP request gets beyond the server-side wait before we consider it lost. */
const WAIT_SLACK_MS = 15_000;
/** Incus holds a wait until the operation ends or the slice passes; a quicker "still running"
 * answer (a proxy, an older daemon) is re-polled after this pause instead of in a hot loop. */
const MIN_POLL_INTERVAL_MS = 100;

const SUCCESS = 200;
const FAILURE = 400;
const CANCELLED = 401;

/** Operation id from `/1.0/operations/<id>` or a bare id. */
function operationId(ref: string): string {
  const id = ref.split("?")[0].split("/").filter(Boolean).pop();
  if (!id)
    throw new IncusError(
      "INVALID_RESPONSE",
      `Incus returned an async response without an operation URL (${JSON.stringify(ref)})`,
    );
  return id;
}

function asOperation(value: unknown, id: string, ctx: WaitContext): Operation {
  if (typeof (value as Operation | null)?.status_code !== "number") {
    throw new IncusError(
      "INVALID_RESPONSE",
      `Incus answered the wait for operation ${id} (started by ${ctx.method} ${ctx.path}) without an operation object`,
      ctx,
    );
  }
  return value as Operation;
}

function isFinished(op: Operation): boolean {
  return op.status_code >= SUCCESS;
}

function finish(op: Operation, ctx: WaitContext): Operation {
  if (op.status_code === SUCCESS) return op;
  const what =
    op.status_code === CANCELLED
      ? "was cancelled"
      : op.status_code === FAILURE
        ? "failed"
        : `ended with status ${op.status}`;
  throw new IncusOperationError(
    `Incus operation "${op.description}" (${op.id}) started by ${ctx.method} ${ctx.path} ${what}: ${
      op.err || "(no error text)"
    }`,
    op.id,
    op.metadata,
    { method: ctx.method, path: ctx.path, endpoint: ctx.endpoint, incusMessage: op.err, status: op.status_code },
  );
}

/** The request that started the operation, for error messages. */
export interface WaitContext {
  readonly method: string;
  readonly path: string;
  readonly endpoint: string;
}

async function fetchOperation(
  sender: RequestSender,
  id: string,
  deadline: Deadline,
  ctx: WaitContext,
): Promise<Operation | undefined> {
  try {
    const res = await sender.send({ method: "GET", path: `/1.0/operations/${encodeURIComponent(id)}`, deadline });
    return asOperation(res.envelope?.metadata, id, ctx);
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

function stopped(deadline: Deadline, id: string, ctx: WaitContext, last: Operation | undefined): IncusError {
  const what = `Incus operation ${last ? `"${last.description}" ` : ""}(${id}) started by ${ctx.method} ${ctx.path}`;
  if (deadline.reason() === "aborted") {
    return new IncusAbortedError(
      `Stopped waiting for ${what}: aborted by the caller (the operation may still run in Incus)`,
      ctx,
    );
  }
  return new IncusTimeoutError(
    `${what} did not finish within ${
      deadline.exhaustedBudgetMs() ?? deadline.budgetMs
    } ms (it may still run in Incus; raise timeoutMs if it is just slow)`,
    ctx,
  );
}

/** Sleeps what is left of MIN_POLL_INTERVAL_MS since the poll started; the loop then notices aborts. */
async function pause(pollStarted: number, deadline: Deadline): Promise<void> {
  const rest = MIN_POLL_INTERVAL_MS - (Date.now() - pollStarted);
  if (rest <= 0) return;
  await sleep(rest, undefined, { signal: deadline.signal }).catch(() => undefined);
}

/** One long-poll of the wait endpoint; returns the operation as Incus reports it after the poll. */
async function pollOnce(
  sender: RequestSender,
  id: string,
  slice: number,
  deadline: Deadline,
  ctx: WaitContext,
): Promise<Operation> {
  let res: IncomingResponse;
  try {
    res = await sender.send({
      method: "GET",
      path: `/1.0/operations/${encodeURIComponent(id)}/wait`,
      query: { timeout: slice },
      deadline,
      timeoutMs: slice * 1000 + WAIT_SLACK_MS,
      acceptErrorEnvelope: true,
    });
  } catch (err) {
    if (isNotFound(err)) {
      throw new IncusError(
        "NOT_FOUND",
        `Incus operation ${id} started by ${ctx.method} ${ctx.path} vanished before it could be awaited`,
        {
          ...ctx,
          status: 404,
        },
      );
    }
    throw err;
  }
  const envelope = res.envelope;
  if (envelope?.type === "sync") return asOperation(envelope.metadata, id, ctx);
  // An error envelope: either this slice timed out or the operation failed. Ask the operation.
  const op = await fetchOperation(sender, id, deadline, ctx);
  if (op) return op;
  throw new IncusOperationError(
    `Incus operation (${id}) started by ${ctx.method} ${ctx.path} failed: ${envelope?.error || "(no error text)"}`,
    id,
    null,
    { ...ctx, incusMessage: envelope?.error },
  );
}

/** Waits until the operation finishes; returns it on success, throws IncusOperationError otherwise. */
async function waitForOperation(
  sender: RequestSender,
  ref: string,
  deadline: Deadline,
  ctx: WaitContext,
): Promise<Operation> {
  const id = operationId(ref);
  let last: Operation | undefined;
  for (;;) {
    const remainingMs = deadline.remainingMs();
    if (deadline.signal.aborted || remainingMs <= 0) throw stopped(deadline, id, ctx, last);
    const slice = Math.max(1, Math.min(MAX_WAIT_SLICE_SECONDS, Math.floor(remainingMs / 1000)));
    const pollStarted = Date.now();
    let op: Operation;
    try {
      op = await pollOnce(sender, id, slice, deadline, ctx);
    } catch (err) {
      // The call's own budget or the caller's abort, whichever request of the poll it hit: one
      // message naming the operation and the call's budget. (A lone request that hung past its own
      // limit while the call still had time keeps its own TIMEOUT message.)
      if (hasIncusCode(err, "ABORTED", "TIMEOUT") && deadline.reason()) throw stopped(deadline, id, ctx, last);
      throw err;
    }
    if (isFinished(op)) return finish(op, ctx);
    last = op;
    await pause(pollStarted, deadline);
  }
}

/** Turns any write response into its final result, waiting when Incus answered with an operation. */
export async function settle(
  sender: RequestSender,
  res: IncomingResponse,
  deadline: Deadline,
  ctx: WaitContext,
): Promise<WriteResult> {
  const envelope = res.envelope;
  if (envelope?.type !== "async") return { metadata: envelope?.metadata };
  const operation = await waitForOperation(sender, envelope.operation ?? "", deadline, ctx);
  return { metadata: operation.metadata, operation };
}
