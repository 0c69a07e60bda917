// The request/response layer: sends one HTTP request over a Transport, parses the Incus envelope
// ({type: sync|async|error, metadata, operation}) and turns every failure into an IncusError:
// HTTP and envelope errors by status, socket and TLS failures by their Node error codes, and
// aborts by the Deadline's reason. A request that met a dropped keep-alive connection is sent again once on a new
// connection when repeating it is safe (idempotent.ts), and reads are asked again on the few answers Incus gives
// only for a moment (transient.ts).
import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import type { Dispatcher } from "undici";
import type { Deadline } from "./cancel";
import {
  IncusAbortedError,
  IncusConnectionError,
  IncusError,
  IncusTimeoutError,
  IncusTlsError,
  errorForStatus,
} from "./errors";
import { isIdempotent } from "./idempotent";
import { TransientRetry } from "./transient";
import type { Transport } from "./transport";
import { CHAIN_ONLY_ERRORS, PINNED_CERT_MISMATCH } from "./transport";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD";

/** Query parameters; undefined values are left out. */
export type QueryParams = Readonly<Record<string, string | number | boolean | undefined>>;

/** The JSON envelope every Incus endpoint answers with (except raw file/log downloads). */
export interface IncusEnvelope {
  readonly type: "sync" | "async" | "error";
  readonly status?: string;
  readonly status_code?: number;
  readonly operation?: string;
  readonly error_code?: number;
  readonly error?: string;
  readonly metadata: unknown;
}

/** A non-JSON request body (file contents, image tarballs). */
export interface RawBody {
  readonly data: Buffer | Uint8Array | string | Readable;
  readonly contentType: string;
  readonly contentLength?: number;
}

export interface OutgoingRequest {
  readonly method: HttpMethod;
  /** Path with segments already encoded, e.g. `/1.0/instances/c1`. */
  readonly path: string;
  readonly query?: QueryParams;
  /** JSON body (serialized here). */
  readonly json?: unknown;
  readonly raw?: RawBody;
  readonly headers?: Readonly<Record<string, string>>;
  /** Sent as If-Match so a stale read gives 412 instead of overwriting someone's change. */
  readonly etag?: string;
  readonly deadline: Deadline;
  /**
   * Cap for this single request (still bounded by the deadline).
   * @default the sender's requestTimeoutMs; for raw uploads only the deadline (they may be large)
   */
  readonly timeoutMs?: number;
  /** Return an `error` envelope that came with HTTP 2xx instead of throwing (operation waits need it). */
  readonly acceptErrorEnvelope?: boolean;
}

export interface IncomingResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly etag: string | undefined;
  /** Set when the response was JSON. */
  readonly envelope?: IncusEnvelope;
  /** Set when the response was not JSON (a file or log download). */
  readonly bytes?: Buffer;
}

/** Appends the query string; keys are sorted so identical calls produce identical paths. */
export function withQuery(path: string, query: QueryParams | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  if (!text) return path;
  return path.includes("?") ? `${path}&${text}` : `${path}?${text}`;
}

// Node/OpenSSL error codes meaning the TLS handshake did not verify (or was refused by the peer).
const TLS_CODES = new Set([
  PINNED_CERT_MISMATCH,
  ...CHAIN_ONLY_ERRORS,
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_SIGNATURE_FAILURE",
  "CERT_UNTRUSTED",
  "CERT_REJECTED",
  "INVALID_CA",
  "HOSTNAME_MISMATCH",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "EPROTO",
]);

// A pooled keep-alive connection the daemon already closed fails the next request with one of these ("other side
// closed" is UND_ERR_SOCKET), before any byte of an answer.
const STALE_CONNECTION_CODES = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);

function isStaleConnection(err: unknown, deadline: Deadline): boolean {
  if (err instanceof IncusError || deadline.signal.aborted) return false;
  const code = (err as { code?: unknown } | undefined)?.code;
  const causeCode = (err as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return STALE_CONNECTION_CODES.has(String(code)) || STALE_CONNECTION_CODES.has(String(causeCode));
}

/**
 * Whether a request that failed on a dropped connection may be sent again: a read always; a write only when no
 * byte of an answer had come (past that, Incus has acted on it and said so), when its body can be sent again (not
 * a stream already consumed) and when repeating it is safe (idempotent.ts).
 */
function mayResend(req: OutgoingRequest, answered: boolean): boolean {
  if (req.method === "GET" || req.method === "HEAD") return true;
  if (answered || (req.raw && !isReplayable(req.raw.data))) return false;
  return isIdempotent(req.method, req.path, req.headers);
}

function isReplayable(data: RawBody["data"]): boolean {
  return typeof data === "string" || data instanceof Uint8Array;
}

function errorCodeOf(err: unknown): string | undefined {
  // undici wraps connect failures; the interesting code may sit on the cause.
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && !code.startsWith("UND_ERR")) return code;
  }
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

export class RequestSender {
  constructor(
    private readonly transport: Transport,
    private readonly requestTimeoutMs: number,
  ) {}

  get endpoint(): string {
    return this.transport.endpoint;
  }

  async send(req: OutgoingRequest): Promise<IncomingResponse> {
    const fullPath = withQuery(req.path, req.query);
    const where = { method: req.method, path: fullPath, endpoint: this.transport.endpoint };
    const limit = this.limitFor(req);
    // A cap no tighter than what is left of the call gets no timer of its own. Two timers ending at
    // the same moment race to say whose budget ran out: under load the request's timer (clipped to
    // the time left) could win and the message named 299 ms for a call given 300 ms.
    const ownTimer = limit.ms < req.deadline.remainingMs();
    const deadline = ownTimer ? req.deadline.child(limit.ms) : req.deadline;
    const transient = new TransientRetry(req.method, req.path);
    let staleRetried = false;
    /** Set when a dropped connection ended a write that is not safe to repeat. */
    let notResent = false;
    try {
      for (;;) {
        if (deadline.signal.aborted) throw deadline.signal.reason;
        let answered = false;
        try {
          const response = await this.transport.dispatcher.request({
            origin: this.transport.origin,
            path: fullPath,
            method: req.method,
            headers: this.headersFor(req),
            body: this.bodyFor(req),
            signal: deadline.signal,
          });
          answered = true;
          const bytes = Buffer.from(await response.body.arrayBuffer());
          return this.interpret(response, bytes, req, where);
        } catch (err) {
          if (!staleRetried && isStaleConnection(err, deadline)) {
            if (mayResend(req, answered)) {
              staleRetried = true;
              continue;
            }
            notResent = !answered;
          }
          if (await transient.again(err, deadline)) continue;
          throw err;
        }
      }
    } catch (err) {
      if (err instanceof IncusError) throw err;
      if (notResent && deadline.reason() === undefined) throw this.unsentWriteFailure(err, where);
      throw this.transportFailure(
        err,
        deadline,
        req.deadline.reason() === "timeout" ? callLimit(req.deadline) : limit,
        where,
      );
    } finally {
      // The call's deadline belongs to the caller; only a timer made here is released here.
      if (ownTimer) deadline.dispose();
    }
  }

  /** This request's own cap, named after the option that sets it. */
  private limitFor(req: OutgoingRequest): TimeLimit {
    if (req.timeoutMs !== undefined) return { ms: req.timeoutMs, name: "this request's own limit" };
    if (req.raw) return { ms: Infinity, name: "no limit of its own" };
    return { ms: this.requestTimeoutMs, name: "the client's requestTimeoutMs", option: "requestTimeoutMs" };
  }

  private headersFor(req: OutgoingRequest): Record<string, string> {
    const headers: Record<string, string> = { "user-agent": "cdktf-virt", ...req.headers };
    if (req.json !== undefined) headers["content-type"] = "application/json";
    if (req.raw) {
      headers["content-type"] = req.raw.contentType;
      if (req.raw.contentLength !== undefined) headers["content-length"] = String(req.raw.contentLength);
    }
    if (req.etag) headers["if-match"] = req.etag;
    return headers;
  }

  private bodyFor(req: OutgoingRequest): Dispatcher.DispatchOptions["body"] {
    if (req.json !== undefined) return JSON.stringify(req.json);
    return req.raw?.data ?? null;
  }

  private interpret(
    response: Dispatcher.ResponseData,
    bytes: Buffer,
    req: OutgoingRequest,
    where: ErrorWhere,
  ): IncomingResponse {
    const status = response.statusCode;
    const etagHeader = response.headers.etag;
    const etag = Array.isArray(etagHeader) ? etagHeader[0] : etagHeader;
    const contentType = String(response.headers["content-type"] ?? "");
    const isJson = contentType.startsWith("application/json");
    if (!isJson) {
      if (status >= 400) throw errorForStatus(status, bytes.toString("utf8").trim(), where);
      return { status, headers: response.headers, etag, bytes };
    }
    const envelope = parseEnvelope(bytes, status, where);
    if (status >= 400) throw errorForStatus(status, envelope.error ?? "", where);
    if (envelope.type === "error" && !req.acceptErrorEnvelope) {
      throw errorForStatus(envelope.error_code || status, envelope.error ?? "", where);
    }
    return { status, headers: response.headers, etag, envelope };
  }

  /** A write the connection closed on before any answer, which is not sent again: it may have been applied. */
  private unsentWriteFailure(err: unknown, where: ErrorWhere): IncusError {
    const target = `${where.method} ${where.path} on ${where.endpoint}`;
    const code = errorCodeOf(err) ?? "error";
    const text = (err as Error)?.message ?? String(err);
    return new IncusConnectionError(
      `Cannot reach Incus for ${target} (${code}: ${text}): the connection closed before any answer, and the request ` +
        `was not sent again because Incus may have applied it and repeating ${where.method} there is not safe; check ` +
        `whether it took effect before trying again`,
      { ...where, cause: err },
    );
  }

  /** `limit` is the configured budget that ran out, if one did (never the time that was left of it). */
  private transportFailure(err: unknown, deadline: Deadline, limit: TimeLimit, where: ErrorWhere): IncusError {
    const target = `${where.method} ${where.path} on ${where.endpoint}`;
    const reason = deadline.reason();
    if (reason === "aborted")
      return new IncusAbortedError(`Incus ${target} was aborted by the caller`, { ...where, cause: err });
    if (reason === "timeout") {
      const advice = limit.option ? ` (raise ${limit.option} if it is just slow)` : "";
      return new IncusTimeoutError(
        `Incus ${target} got no answer within ${limit.ms} ms (${limit.name}); the daemon may be overloaded or hung${advice}`,
        { ...where, cause: err },
      );
    }
    const code = errorCodeOf(err);
    const text = (err as Error)?.message ?? String(err);
    if (code && (TLS_CODES.has(code) || code.startsWith("ERR_SSL") || code.startsWith("ERR_TLS"))) {
      return new IncusTlsError(
        `TLS handshake with ${where.endpoint} failed (${code}: ${text}); check the pinned server certificate or CA, and that the server trusts the client certificate`,
        { ...where, cause: err },
      );
    }
    const hint =
      this.transport.kind === "unix"
        ? "is incusd running and is this user allowed to use its socket? (set INCUS_SOCKET or INCUS_DIR if it lives elsewhere)"
        : "is core.https_address set on the server and is the address reachable?";
    return new IncusConnectionError(`Cannot reach Incus for ${target} (${code ?? "error"}: ${text}): ${hint}`, {
      ...where,
      cause: err,
    });
  }
}

/** A configured time budget and what configures it, for timeout messages. */
interface TimeLimit {
  readonly ms: number;
  readonly name: string;
  /** The option a person raises when the daemon is merely slow. */
  readonly option?: string;
}

/** The whole call's budget: the timeoutMs it was given (or the one of an enclosing call that ran out). */
function callLimit(deadline: Deadline): TimeLimit {
  return { ms: deadline.exhaustedBudgetMs() ?? deadline.budgetMs, name: "the call's timeoutMs", option: "timeoutMs" };
}

interface ErrorWhere {
  readonly method: string;
  readonly path: string;
  readonly endpoint: string;
}

function parseEnvelope(bytes: Buffer, status: number, where: ErrorWhere): IncusEnvelope {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new IncusError(
      "INVALID_RESPONSE",
      `Incus ${where.method} ${where.path} on ${where.endpoint} answered HTTP ${status} with invalid JSON`,
      {
        ...where,
        status,
      },
    );
  }
  const type = (parsed as { type?: unknown } | null)?.type;
  if (type !== "sync" && type !== "async" && type !== "error") {
    throw new IncusError(
      "INVALID_RESPONSE",
      `Incus ${where.method} ${where.path} on ${where.endpoint} answered HTTP ${status} without an Incus envelope`,
      {
        ...where,
        status,
      },
    );
  }
  return parsed as IncusEnvelope;
}
