// An in-process stand-in for incusd on a unix socket, for unit tests of error mapping, operation
// waits and request shapes. Each test scripts the answers; every request is recorded.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IncusClient } from "../../../lib/incus";
import type { IncusClientOptions, IncusError } from "../../../lib/incus";

export interface RecordedRequest {
  readonly method: string;
  /** Path with query, as sent. */
  readonly url: string;
  readonly pathname: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** Which connection of the fake it came on (1, 2, … in the order the fake accepted them). */
  readonly connection: number;
}

export type Handler = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

export interface FakeIncus {
  readonly socketPath: string;
  readonly requests: RecordedRequest[];
  client(options?: Omit<IncusClientOptions, "remote">): IncusClient;
  close(): Promise<void>;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

export function sync(metadata: unknown) {
  return { type: "sync", status: "Success", status_code: 200, operation: "", error_code: 0, error: "", metadata };
}

export function errorEnvelope(code: number, error: string) {
  return { type: "error", status: "", status_code: 0, operation: "", error_code: code, error, metadata: null };
}

export function operation(id: string, statusCode: number, extra: Record<string, unknown> = {}) {
  const status = { 103: "Running", 200: "Success", 400: "Failure", 401: "Cancelled" }[statusCode] ?? "Running";
  return {
    id,
    class: "task",
    description: "Doing things",
    created_at: "",
    updated_at: "",
    status,
    status_code: statusCode,
    resources: null,
    metadata: null,
    may_cancel: false,
    err: "",
    location: "none",
    ...extra,
  };
}

export function asyncEnvelope(id: string) {
  return {
    type: "async",
    status: "Operation created",
    status_code: 100,
    operation: `/1.0/operations/${id}`,
    error_code: 0,
    error: "",
    metadata: operation(id, 103),
  };
}

export async function startFakeIncus(handler: Handler): Promise<FakeIncus> {
  const dir = mkdtempSync(join(tmpdir(), "fake-incus-"));
  const socketPath = join(dir, "unix.socket");
  const requests: RecordedRequest[] = [];
  const clients: IncusClient[] = [];
  const connections = new WeakMap<object, number>();
  let accepted = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const recorded = {
        method: req.method ?? "",
        url: req.url ?? "",
        pathname: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
        connection: connections.get(req.socket) ?? 0,
      };
      requests.push(recorded);
      Promise.resolve(handler(recorded, res)).catch((err: unknown) =>
        sendJson(res, 500, errorEnvelope(500, `fake handler crashed: ${String(err)}`)),
      );
    });
  });
  server.on("connection", (socket) => connections.set(socket, ++accepted));
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return {
    socketPath,
    requests,
    client(options = {}) {
      const client = new IncusClient({ ...options, remote: { kind: "unix", socketPath } });
      clients.push(client);
      return client;
    },
    async close() {
      server.closeAllConnections();
      await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One fake incusd for a test file: started before its tests, closed after them, its request log cleared before
 * each test. Tests answer by setting `handler`.
 */
export function useFakeIncus(): { fake: FakeIncus; handler: Handler } {
  const state = { handler: (() => undefined) as Handler, fake: undefined as unknown as FakeIncus };
  beforeAll(async () => {
    state.fake = await startFakeIncus((req, res) => state.handler(req, res));
  });
  afterAll(async () => {
    await state.fake.close();
  });
  beforeEach(() => {
    state.fake.requests.length = 0;
  });
  return state;
}

/** The error a call fails with (the test fails when it succeeds). */
export async function failure<E = IncusError>(p: Promise<unknown>): Promise<E> {
  return (await p.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e,
  )) as E;
}
