// Request layer against an in-process fake incusd: envelope parsing, status → error mapping,
// ETag/If-Match, project/target scoping, connection failures, timeouts and aborts.
import {
  IncusConflictError,
  IncusNotFoundError,
  IncusPreconditionFailedError,
  isAborted,
  isConflict,
  isConnectionError,
  isNotFound,
  isTimeout,
} from "../../../lib/incus";
import type { IncusError } from "../../../lib/incus";
import { errorEnvelope, failure, sendJson, sync, useFakeIncus } from "./fake-incus";

const incus = useFakeIncus();

test("a sync GET returns the metadata and the ETag", async () => {
  incus.handler = (_req, res) =>
    sendJson(res, 200, sync({ name: "p1", description: "d", config: {} }), { etag: '"abc"' });
  const got = await incus.fake.client().projects.get("p1");
  expect(got).toEqual({ value: { name: "p1", description: "d", config: {} }, etag: '"abc"' });
  expect(incus.fake.requests[0].method).toBe("GET");
  expect(incus.fake.requests[0].url).toBe("/1.0/projects/p1");
});

test("updates send If-Match and JSON; scoped calls add project and target where the API takes them", async () => {
  incus.handler = (_req, res) => sendJson(res, 200, sync(null));
  const client = incus.fake.client({ project: "team" });
  await client.storageVolumes.patch("pool", "vol", { config: { size: "1GiB" } }, { etag: '"e1"', target: "node2" });
  await client.networks.delete("br0", { project: "other", target: "node2" });
  await client.projects.get("team");

  const [patch, del, project] = incus.fake.requests;
  expect(patch.method).toBe("PATCH");
  expect(patch.pathname).toBe("/1.0/storage-pools/pool/volumes/custom/vol");
  expect(Object.fromEntries(patch.query)).toEqual({ project: "team", target: "node2" });
  expect(patch.headers["if-match"]).toBe('"e1"');
  expect(patch.headers["content-type"]).toBe("application/json");
  expect(JSON.parse(patch.body.toString())).toEqual({ config: { size: "1GiB" } });
  // DELETE /networks/{name} takes no target; projects take no project.
  expect(Object.fromEntries(del.query)).toEqual({ project: "other" });
  expect(project.url).toBe("/1.0/projects/team");
});

test("path segments are percent-encoded", async () => {
  incus.handler = (_req, res) => sendJson(res, 200, sync({ name: "debian/12", target: "f" }));
  await incus.fake.client().images.getAlias("debian/12");
  expect(incus.fake.requests[0].url).toBe("/1.0/images/aliases/debian%2F12");
});

test.each([
  [404, "Instance not found", "NOT_FOUND", IncusNotFoundError],
  [409, "Volume by that name already exists", "CONFLICT", IncusConflictError],
  [412, "ETag doesn't match", "PRECONDITION_FAILED", IncusPreconditionFailedError],
  [400, "Invalid config", "BAD_REQUEST", undefined],
  [403, "not authorized", "FORBIDDEN", undefined],
  [500, 'Failed to create "projects" entry: UNIQUE constraint failed: projects.name', "CONFLICT", IncusConflictError],
  [500, "disk on fire", "SERVER_ERROR", undefined],
])("HTTP %i (%s) becomes %s", async (status, text, code, klass) => {
  incus.handler = (_req, res) => sendJson(res, status, errorEnvelope(status, text));
  const err = await failure(incus.fake.client().instances.get("c1", { project: "p" }));
  expect(err.code).toBe(code);
  if (klass) expect(err).toBeInstanceOf(klass);
  expect(err.status).toBe(status);
  expect(err.incusMessage).toBe(text);
  expect(err.method).toBe("GET");
  expect(err.path).toBe("/1.0/instances/c1?project=p");
  expect(err.endpoint).toBe(`unix:${incus.fake.socketPath}`);
  expect(err.message).toContain(text);
  expect(err.message).toContain("GET /1.0/instances/c1?project=p");
});

test("an error envelope that arrives with HTTP 200 is still an error, by its error_code", async () => {
  incus.handler = (_req, res) => sendJson(res, 200, errorEnvelope(404, "gone"));
  const err = await failure(incus.fake.client().profiles.get("x"));
  expect(isNotFound(err)).toBe(true);
  expect(err.incusMessage).toBe("gone");
});

test("a non-JSON error body is kept as the error text; a non-envelope answer is INVALID_RESPONSE", async () => {
  incus.handler = (_req, res) => {
    res.writeHead(502, { "content-type": "text/plain" });
    res.end("bad gateway\n");
  };
  const plain = await failure(incus.fake.client().server.get());
  expect(plain).toMatchObject({ code: "SERVER_ERROR", status: 502, incusMessage: "bad gateway" });

  incus.handler = (_req, res) => sendJson(res, 200, { hello: "world" });
  expect((await failure(incus.fake.client().server.get())).code).toBe("INVALID_RESPONSE");
  incus.handler = (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{not json");
  };
  expect((await failure(incus.fake.client().server.get())).code).toBe("INVALID_RESPONSE");
});

test("find() turns NOT_FOUND into undefined but keeps other errors", async () => {
  incus.handler = (_req, res) => sendJson(res, 404, errorEnvelope(404, "not found"));
  expect(await incus.fake.client().instances.find("c1")).toBeUndefined();
  incus.handler = (_req, res) => sendJson(res, 500, errorEnvelope(500, "boom"));
  await expect(incus.fake.client().instances.find("c1")).rejects.toMatchObject({ code: "SERVER_ERROR" });
});

test("a missing socket is a CONNECTION error that names the socket and what to do", async () => {
  const { IncusClient } = await import("../../../lib/incus");
  const client = new IncusClient({ remote: { kind: "unix", socketPath: "/nonexistent/incus/unix.socket" } });
  const err = await failure(client.server.get());
  await client.close();
  expect(isConnectionError(err)).toBe(true);
  expect(err.message).toContain("/nonexistent/incus/unix.socket");
  expect(err.message).toMatch(/INCUS_SOCKET/);
  expect(err.message).toMatch(/ENOENT/);
});

test("a daemon that never answers gives TIMEOUT naming the call's budget, not the time left of it", async () => {
  incus.handler = () => undefined; // never respond
  const client = incus.fake.client();
  // Under load the clock moves on between starting the call and sending its request. Here it
  // moves 50 ms at every read while the call starts, so the time left is well under 300 ms.
  const realNow = Date.now.bind(Date);
  let reads = 0;
  const clock = jest.spyOn(Date, "now").mockImplementation(() => realNow() + 50 * reads++);
  const started = realNow();
  let pending: Promise<IncusError>;
  try {
    pending = failure(client.server.get({ timeoutMs: 300 }));
  } finally {
    clock.mockRestore();
  }
  const err = await pending;
  const elapsed = realNow() - started;
  expect(reads).toBeGreaterThanOrEqual(2);
  expect(isTimeout(err)).toBe(true);
  expect(err.message).toContain("got no answer within 300 ms (the call's timeoutMs)");
  expect(err.message).toContain("raise timeoutMs");
  expect(elapsed).toBeGreaterThanOrEqual(290);
  expect(elapsed).toBeLessThan(2_000);
});

test("requestTimeoutMs bounds a single request, and the message names it", async () => {
  incus.handler = () => undefined;
  const err = await failure(incus.fake.client({ requestTimeoutMs: 200 }).server.get());
  expect(isTimeout(err)).toBe(true);
  expect(err.message).toContain("got no answer within 200 ms (the client's requestTimeoutMs)");
  expect(err.message).toContain("raise requestTimeoutMs");
});

test("the caller's AbortSignal aborts a request in flight, and an already aborted signal sends nothing", async () => {
  incus.handler = () => undefined;
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 100);
  const err = await failure(incus.fake.client().server.get({ signal: controller.signal }));
  expect(isAborted(err)).toBe(true);

  incus.fake.requests.length = 0;
  const pre = await failure(incus.fake.client().server.get({ signal: AbortSignal.abort() }));
  expect(isAborted(pre)).toBe(true);
  expect(incus.fake.requests).toHaveLength(0);
});

test("conflicts are recognised whichever way Incus reports them", async () => {
  incus.handler = (_req, res) => sendJson(res, 409, errorEnvelope(409, 'Network "br0" already exists'));
  expect(isConflict(await failure(incus.fake.client().networks.create({ name: "br0" })))).toBe(true);
});

test("invalid client options are rejected when the client is built", async () => {
  const { IncusClient } = await import("../../../lib/incus");
  expect(() => new IncusClient({ requestTimeoutMs: 0 })).toThrow(/requestTimeoutMs must be a positive/);
  expect(() => new IncusClient({ connections: 1.5 })).toThrow(/connections must be a positive integer/);
  incus.handler = (_req, res) => sendJson(res, 200, sync({}));
  await expect(incus.fake.client().server.get({ timeoutMs: -1 })).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
});

test("a read that hits a dropped connection is retried once; a write is not", async () => {
  let calls = 0;
  incus.handler = (_req, res) => {
    calls++;
    if (calls === 1) return void res.socket?.destroy();
    sendJson(res, 200, sync({ api_version: "1.0" }));
  };
  expect((await incus.fake.client().server.get()).value).toEqual({ api_version: "1.0" });
  expect(calls).toBe(2);

  calls = 0;
  const err = await failure(incus.fake.client().profiles.create({ name: "p" }));
  expect(isConnectionError(err)).toBe(true);
  expect(calls).toBe(1);
});
