// The layer endpoint modules are written against: per-call options (project, target, signal,
// timeout), reads that return {value, etag}, and writes that wait for their operation. It owns the
// call's Deadline so one budget covers the request and the operation wait.
import { Deadline, checkTimeoutMs } from "./cancel";
import { IncusError } from "./errors";
import type { Operation, WriteResult } from "./operations";
import { settle } from "./operations";
import { withQuery } from "./request";
import type { HttpMethod, IncomingResponse, QueryParams, RawBody, RequestSender } from "./request";

/** Options every call takes. */
export interface CallOptions {
  /** Incus project; sent as ?project= where the endpoint takes it. @default the client's project, else the server's default */
  readonly project?: string;
  /** Cluster member; sent as ?target= where the endpoint takes it. */
  readonly target?: string;
  /** Cancels the call, including the wait for its operation. */
  readonly signal?: AbortSignal;
  /** Budget for the whole call (request + operation wait): at most 2^31-1 ms, or Infinity for none. @default the client's operationTimeoutMs */
  readonly timeoutMs?: number;
}

/** Options of calls that change an existing object. */
export interface UpdateOptions extends CallOptions {
  /** ETag from an earlier read; sent as If-Match so a concurrent change gives PRECONDITION_FAILED. */
  readonly etag?: string;
}

/** A read object with the ETag to pass to a later update. */
export interface Versioned<T> {
  readonly value: T;
  readonly etag: string | undefined;
}

/** Which scoping query parameters an endpoint accepts. */
export interface Scope {
  readonly project?: boolean;
  readonly target?: boolean;
}

export const PROJECT = { project: true } as const;
export const PROJECT_AND_TARGET = { project: true, target: true } as const;
export const UNSCOPED = {} as const;

/** Everything a single call may send besides method and path. */
export interface CallRequest {
  readonly query?: QueryParams;
  readonly json?: unknown;
  readonly raw?: RawBody;
  readonly headers?: Readonly<Record<string, string>>;
  readonly etag?: string;
  /** Cap for the HTTP request itself (see OutgoingRequest.timeoutMs). */
  readonly timeoutMs?: number;
}

/** `/1.0/<seg>/<seg>` with every segment percent-encoded (alias names may contain `/`). */
export function apiPath(...segments: string[]): string {
  return "/1.0/" + segments.map((s) => encodeURIComponent(s)).join("/");
}

export interface ApiDefaults {
  readonly project?: string;
  readonly operationTimeoutMs: number;
}

export class IncusApi {
  constructor(
    private readonly sender: RequestSender,
    private readonly defaults: ApiDefaults,
  ) {}

  /** Human description of the remote, e.g. `unix:/var/lib/incus/unix.socket`. */
  get endpoint(): string {
    return this.sender.endpoint;
  }

  /** GET an object: its sync metadata and ETag. */
  async get<T>(path: string, call: CallOptions | undefined, scope: Scope, query?: QueryParams): Promise<Versioned<T>> {
    const res = await this.run("GET", path, call, scope, { query });
    return { value: res.envelope?.metadata as T, etag: res.etag };
  }

  /** GET a collection with ?recursion=1 (full objects instead of URLs). */
  async list<T>(path: string, call: CallOptions | undefined, scope: Scope, query?: QueryParams): Promise<T[]> {
    const res = await this.run("GET", path, call, scope, { query: { ...query, recursion: 1 } });
    return (res.envelope?.metadata as T[] | null) ?? [];
  }

  /**
   * GET raw bytes (file contents, log files) with the response headers; JSON answers come back as
   * envelope. Bounded by the call's budget rather than requestTimeoutMs, as files may be large.
   */
  async download(
    path: string,
    call: CallOptions | undefined,
    scope: Scope,
    query?: QueryParams,
  ): Promise<IncomingResponse> {
    return this.run("GET", path, call, scope, { query, timeoutMs: Infinity });
  }

  /** Any changing call; waits for the operation when Incus answers async. */
  async write(
    method: HttpMethod,
    path: string,
    call: CallOptions | undefined,
    scope: Scope,
    request: CallRequest = {},
  ): Promise<WriteResult> {
    const deadline = this.deadlineFor(call);
    try {
      const query = this.scopedQuery(call, scope, request.query);
      const res = await this.sender.send({ method, path, ...request, query, deadline });
      return await settle(this.sender, res, deadline, {
        method,
        path: withQuery(path, query),
        endpoint: this.sender.endpoint,
      });
    } finally {
      deadline.dispose();
    }
  }

  /**
   * A changing call whose operation is handed back still running: token and migration-source operations end
   * only when another server uses them, so waiting for them here would never return.
   */
  async start(
    method: HttpMethod,
    path: string,
    call: CallOptions | undefined,
    scope: Scope,
    request: CallRequest = {},
  ): Promise<Operation> {
    const res = await this.run(method, path, call, scope, request);
    const op = res.envelope?.type === "async" ? (res.envelope.metadata as Operation | null) : null;
    if (typeof op?.id !== "string") {
      throw new IncusError("INVALID_RESPONSE", `${method} ${path} on ${this.endpoint} did not start an operation`);
    }
    return op;
  }

  /** One request without operation handling (sync endpoints, downloads). */
  private async run(
    method: HttpMethod,
    path: string,
    call: CallOptions | undefined,
    scope: Scope,
    request: CallRequest,
  ): Promise<IncomingResponse> {
    const deadline = this.deadlineFor(call);
    try {
      return await this.sender.send({
        method,
        path,
        ...request,
        query: this.scopedQuery(call, scope, request.query),
        deadline,
      });
    } finally {
      deadline.dispose();
    }
  }

  private deadlineFor(call: CallOptions | undefined): Deadline {
    const budget = checkTimeoutMs("timeoutMs", call?.timeoutMs ?? this.defaults.operationTimeoutMs, true);
    return Deadline.start(call?.signal, budget);
  }

  private scopedQuery(call: CallOptions | undefined, scope: Scope, query: QueryParams | undefined): QueryParams {
    const project = call?.project ?? this.defaults.project;
    return {
      ...query,
      ...(scope.project && project ? { project } : {}),
      ...(scope.target && call?.target ? { target: call.target } : {}),
    };
  }
}
