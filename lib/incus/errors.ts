// Every failure of the Incus client is an IncusError with a stable `code`. Callers match on `code`
// (or the isXxx helpers), never on message text: the text is for people and may change.

/** Stable machine-readable failure kinds. */
export type IncusErrorCode =
  | "BAD_REQUEST" // 400: Incus rejected the request (invalid config, wrong state, ...)
  | "FORBIDDEN" // 401/403: the client is not trusted or lacks permission
  | "NOT_FOUND" // 404: the object (or endpoint) does not exist
  | "CONFLICT" // 409: the object already exists or is in use
  | "PRECONDITION_FAILED" // 412: the If-Match ETag is stale
  | "SERVER_ERROR" // 5xx or any other unexpected HTTP status
  | "OPERATION_FAILED" // a background operation ended in Failure or Cancelled
  | "TIMEOUT" // no answer or no finished operation within the time budget
  | "ABORTED" // the caller's AbortSignal fired
  | "TLS" // the HTTPS handshake failed verification (server cert, pin, CA, client cert)
  | "CONNECTION" // the socket or address cannot be reached
  | "INVALID_RESPONSE" // the daemon answered something that is not the Incus envelope
  | "INVALID_OPTIONS"; // the client was configured or called with invalid options

/** Where and why a call failed; every field is optional because not every failure has all of them. */
export interface IncusErrorDetails {
  /** HTTP status of the response, when there was one. */
  readonly status?: number;
  /** The error text Incus itself returned (`error` in the envelope, `err` of an operation). */
  readonly incusMessage?: string;
  /** HTTP method of the failed call. */
  readonly method?: string;
  /** Request path including the query string (e.g. `/1.0/instances/c1?project=default`). */
  readonly path?: string;
  /** Human description of the remote (`unix:/var/lib/incus/unix.socket`, `https://10.0.0.2:8443`). */
  readonly endpoint?: string;
  /** The underlying error (socket or TLS error, abort reason). */
  readonly cause?: unknown;
}

/** Base class of every error thrown by lib/incus. */
export class IncusError extends Error {
  readonly code: IncusErrorCode;
  readonly status: number | undefined;
  readonly incusMessage: string | undefined;
  readonly method: string | undefined;
  readonly path: string | undefined;
  readonly endpoint: string | undefined;

  constructor(code: IncusErrorCode, message: string, details: IncusErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "IncusError";
    this.code = code;
    this.status = details.status;
    this.incusMessage = details.incusMessage;
    this.method = details.method;
    this.path = details.path;
    this.endpoint = details.endpoint;
  }
}

export class IncusNotFoundError extends IncusError {
  constructor(message: string, details: IncusErrorDetails = {}) {
    super("NOT_FOUND", message, details);
    this.name = "IncusNotFoundError";
  }
}

export class IncusConflictError extends IncusError {
  constructor(message: string, details: IncusErrorDetails = {}) {
    super("CONFLICT", message, details);
    this.name = "IncusConflictError";
  }
}

export class IncusPreconditionFailedError extends IncusError {
  constructor(message: string, details: IncusErrorDetails = {}) {
    super("PRECONDITION_FAILED", message, details);
    this.name = "IncusPreconditionFailedError";
  }
}

/**
 * A background operation finished with status Failure or Cancelled. Its code is OPERATION_FAILED,
 * or CONFLICT when Incus' text says the object already exists (see refineCode).
 */
export class IncusOperationError extends IncusError {
  /** The operation id (UUID). */
  readonly operationId: string;
  /** The operation's final metadata (e.g. an image import still reports the fingerprint). */
  readonly operationMetadata: Record<string, unknown> | null;

  constructor(
    message: string,
    operationId: string,
    operationMetadata: Record<string, unknown> | null,
    details: IncusErrorDetails = {},
  ) {
    super(refineCode("OPERATION_FAILED", details.incusMessage ?? ""), message, details);
    this.name = "IncusOperationError";
    this.operationId = operationId;
    this.operationMetadata = operationMetadata;
  }
}

export class IncusTimeoutError extends IncusError {
  constructor(message: string, details: IncusErrorDetails = {}) {
    super("TIMEOUT", message, details);
    this.name = "IncusTimeoutError";
  }
}

export class IncusAbortedError extends IncusError {
  constructor(message: string, details: IncusErrorDetails = {}) {
    super("ABORTED", message, details);
    this.name = "IncusAbortedError";
  }
}

export class IncusTlsError extends IncusError {
  constructor(message: string, details: IncusErrorDetails = {}) {
    super("TLS", message, details);
    this.name = "IncusTlsError";
  }
}

export class IncusConnectionError extends IncusError {
  constructor(message: string, details: IncusErrorDetails = {}) {
    super("CONNECTION", message, details);
    this.name = "IncusConnectionError";
  }
}

/** Maps an HTTP status (or an envelope's `error_code`) onto the stable code. */
export function codeForStatus(status: number): IncusErrorCode {
  switch (status) {
    case 400:
      return "BAD_REQUEST";
    case 401:
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 409:
      return "CONFLICT";
    case 412:
      return "PRECONDITION_FAILED";
    default:
      return "SERVER_ERROR";
  }
}

// Incus reports some duplicates as HTTP 500 or as failed operations (projects, profiles and
// instances hit a database UNIQUE constraint) while others get a proper 409. Recognising them here,
// in one place, lets callers match on CONFLICT regardless of which path Incus took.
const ALREADY_EXISTS = /already exists|UNIQUE constraint failed/i;
// A cluster answers a member-specific create (?target=) for a pool or network that member has already with 400.
const ALREADY_ON_MEMBER = /already defined on member/i;

/** Narrows a generic failure code to CONFLICT when Incus' message says the object already exists. */
export function refineCode(code: IncusErrorCode, incusMessage: string): IncusErrorCode {
  if ((code === "SERVER_ERROR" || code === "OPERATION_FAILED") && ALREADY_EXISTS.test(incusMessage)) return "CONFLICT";
  if (code === "BAD_REQUEST" && ALREADY_ON_MEMBER.test(incusMessage)) return "CONFLICT";
  return code;
}

/** What a person can do about each kind of HTTP failure; empty when the Incus text says it all. */
function hintFor(code: IncusErrorCode): string {
  switch (code) {
    case "PRECONDITION_FAILED":
      return " (the object changed since it was read: read it again and retry with the new ETag)";
    case "FORBIDDEN":
      return " (the client is not trusted by this server or lacks permission: trust its certificate with `incus config trust add-certificate`, or use a user with access to the Incus socket)";
    default:
      return "";
  }
}

// How a cluster member answers when the member a request is forwarded to is down or still starting: the event
// connection to it is gone, it is not ready, or the forwarding connection is refused or times out.
const MEMBER_UNREACHABLE =
  /Missing event connection with target cluster member|Server isn't ready yet|cluster member .*(offline|unreachable)|dial tcp [^\s]+: (connect: connection refused|i\/o timeout|connect: no route to host)/i;

/**
 * For a failure of a cluster member that forwarded the request: says which member (from `?target=`) and what to
 * do; empty for anything else.
 */
export function clusterMemberHint(status: number, incusMessage: string, path: string | undefined): string {
  if (status < 500 || !MEMBER_UNREACHABLE.test(incusMessage)) return "";
  const target = /[?&]target=([^&]+)/.exec(path ?? "")?.[1];
  if (target) {
    return ` (the cluster member "${decodeURIComponent(
      target,
    )}" cannot be reached: it is down or still starting; run again once \`incus cluster list\` shows it ONLINE)`;
  }
  return " (the server, or the cluster member holding this object, is down or still starting; run again once it is up — on a cluster, once `incus cluster list` shows every member ONLINE)";
}

/** Builds the error for a failed HTTP call, choosing the subclass from the status. */
export function errorForStatus(
  status: number,
  incusMessage: string,
  details: Omit<IncusErrorDetails, "status" | "incusMessage">,
): IncusError {
  const code = refineCode(codeForStatus(status), incusMessage);
  const where = `${details.method ?? "?"} ${details.path ?? "?"}${details.endpoint ? ` on ${details.endpoint}` : ""}`;
  const hint = hintFor(code) || clusterMemberHint(status, incusMessage, details.path);
  const message = `Incus ${where} failed with HTTP ${status}: ${incusMessage || "(no error text)"}${hint}`;
  const full: IncusErrorDetails = { ...details, status, incusMessage };
  switch (code) {
    case "NOT_FOUND":
      return new IncusNotFoundError(message, full);
    case "CONFLICT":
      return new IncusConflictError(message, full);
    case "PRECONDITION_FAILED":
      return new IncusPreconditionFailedError(message, full);
    default:
      return new IncusError(code, message, full);
  }
}

export function isIncusError(err: unknown): err is IncusError {
  return err instanceof IncusError;
}

/** True when `err` is an IncusError with one of the given codes. */
export function hasIncusCode(err: unknown, ...codes: IncusErrorCode[]): err is IncusError {
  return err instanceof IncusError && codes.includes(err.code);
}

export const isNotFound = (err: unknown): err is IncusError => hasIncusCode(err, "NOT_FOUND");
export const isConflict = (err: unknown): err is IncusError => hasIncusCode(err, "CONFLICT");
export const isPreconditionFailed = (err: unknown): err is IncusError => hasIncusCode(err, "PRECONDITION_FAILED");
export const isOperationFailed = (err: unknown): err is IncusOperationError => err instanceof IncusOperationError;
export const isTimeout = (err: unknown): err is IncusError => hasIncusCode(err, "TIMEOUT");
export const isAborted = (err: unknown): err is IncusError => hasIncusCode(err, "ABORTED");
export const isTlsError = (err: unknown): err is IncusError => hasIncusCode(err, "TLS");
export const isConnectionError = (err: unknown): err is IncusError => hasIncusCode(err, "CONNECTION");

/** The promise's value, or undefined when it failed with NOT_FOUND (other errors pass through). */
export async function ignoreNotFound<T>(promise: Promise<T>): Promise<T | undefined> {
  try {
    return await promise;
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}
