// Operation waits against a fake incusd: slices of /wait?timeout=, Incus 6's ambiguous error
// envelopes, failures, cancellation and the call's time budget.
import { IncusOperationError, isAborted, isConflict, isNotFound, isTimeout } from "../../../lib/incus";
import type { IncusError } from "../../../lib/incus";
import { asyncEnvelope, errorEnvelope, operation, sendJson, startFakeIncus, sync } from "./fake-incus";
import type { FakeIncus, Handler, RecordedRequest } from "./fake-incus";

let fake: FakeIncus;
let handler: Handler = () => undefined;

beforeAll(async () => {
  fake = await startFakeIncus((req, res) => handler(req, res));
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const waits = (): RecordedRequest[] => fake.requests.filter((r) => r.pathname.endsWith("/wait"));

test("an async create waits until the operation succeeds, polling in slices", async () => {
  let polls = 0;
  handler = (req, res) => {
    if (req.method === "POST") return sendJson(res, 202, asyncEnvelope("op1"));
    polls++;
    return sendJson(res, 200, sync(operation("op1", polls < 3 ? 103 : 200)));
  };
  await fake.client().instances.create({ name: "c1", source: { type: "none" } }, { timeoutMs: 20_000 });
  expect(waits()).toHaveLength(3);
  expect(waits()[0].url).toBe("/1.0/operations/op1/wait?timeout=19");
});

test("Incus 6 answers a timed-out wait with an error envelope: the operation decides", async () => {
  let polls = 0;
  handler = (req, res) => {
    if (req.method === "POST") return sendJson(res, 202, asyncEnvelope("op2"));
    if (req.pathname.endsWith("/wait")) {
      polls++;
      return polls === 1
        ? sendJson(res, 200, errorEnvelope(500, "context deadline exceeded"))
        : sendJson(res, 200, sync(operation("op2", 200, { metadata: { done: true } })));
    }
    return sendJson(res, 200, sync(operation("op2", 103)));
  };
  const result = await fake.client().api.write("POST", "/1.0/instances", undefined, {}, { json: {} });
  expect(result.metadata).toEqual({ done: true });
  expect(result.operation?.id).toBe("op2");
  expect(fake.requests.map((r) => `${r.method} ${r.pathname}`)).toEqual([
    "POST /1.0/instances",
    "GET /1.0/operations/op2/wait",
    "GET /1.0/operations/op2",
    "GET /1.0/operations/op2/wait",
  ]);
});

test("a failed operation is IncusOperationError with Incus's text and the operation metadata", async () => {
  handler = (req, res) => {
    if (req.method === "POST") return sendJson(res, 202, asyncEnvelope("op3"));
    if (req.pathname.endsWith("/wait")) return sendJson(res, 200, errorEnvelope(500, "Failed creating instance: boom"));
    return sendJson(
      res,
      200,
      sync(operation("op3", 400, { err: "Failed creating instance: boom", metadata: { fingerprint: "abc" } })),
    );
  };
  const err = (await fake
    .client()
    .instances.create({ name: "c1", source: { type: "none" } })
    .catch((e: unknown) => e)) as IncusOperationError;
  expect(err).toBeInstanceOf(IncusOperationError);
  expect(err.code).toBe("OPERATION_FAILED");
  expect(err.incusMessage).toBe("Failed creating instance: boom");
  expect(err.operationId).toBe("op3");
  expect(err.operationMetadata).toEqual({ fingerprint: "abc" });
  expect(err.message).toContain("POST /1.0/instances");
  expect(err.message).toContain("boom");
});

test("a failure that says 'already exists' is a CONFLICT; a cancelled operation says so", async () => {
  handler = (req, res) => {
    if (req.method === "POST") return sendJson(res, 202, asyncEnvelope("op4"));
    return sendJson(res, 200, sync(operation("op4", 400, { err: "Image with same fingerprint already exists" })));
  };
  const conflict = await fake
    .client()
    .images.import({ metadata: Buffer.from("m"), rootfs: Buffer.from("r") })
    .catch((e: unknown) => e);
  expect(isConflict(conflict)).toBe(true);
  expect(conflict).toBeInstanceOf(IncusOperationError);

  handler = (req, res) => {
    if (req.method === "POST") return sendJson(res, 202, asyncEnvelope("op5"));
    return sendJson(res, 200, sync(operation("op5", 401, { err: "Operation cancelled" })));
  };
  const cancelled = (await fake
    .client()
    .instances.create({ name: "c", source: { type: "none" } })
    .catch((e: unknown) => e)) as IncusError;
  expect(cancelled.code).toBe("OPERATION_FAILED");
  expect(cancelled.message).toMatch(/was cancelled/);
});

test("an operation that vanished is NOT_FOUND; one with only a wait error is OPERATION_FAILED", async () => {
  handler = (req, res) => {
    if (req.method === "POST") return sendJson(res, 202, asyncEnvelope("op6"));
    return sendJson(res, 404, errorEnvelope(404, "Operation not found"));
  };
  expect(
    isNotFound(
      await fake
        .client()
        .instances.delete("c")
        .catch((e: unknown) => e),
    ),
  ).toBe(true);

  handler = (req, res) => {
    if (req.method === "DELETE") return sendJson(res, 202, asyncEnvelope("op7"));
    if (req.pathname.endsWith("/wait")) return sendJson(res, 200, errorEnvelope(500, "storage exploded"));
    return sendJson(res, 404, errorEnvelope(404, "Operation not found"));
  };
  const err = (await fake
    .client()
    .instances.delete("c")
    .catch((e: unknown) => e)) as IncusError;
  expect(err.code).toBe("OPERATION_FAILED");
  expect(err.incusMessage).toBe("storage exploded");
});

test("the caller can abort a long wait", async () => {
  handler = (req, res) => {
    if (req.method === "POST") return sendJson(res, 202, asyncEnvelope("op8"));
    // A wait that never answers within the test (Incus would hold it for ?timeout seconds).
    return undefined;
  };
  const controller = new AbortController();
  const started = Date.now();
  setTimeout(() => controller.abort(), 150);
  const aborted = (await fake
    .client()
    .instances.create({ name: "c", source: { type: "none" } }, { signal: controller.signal })
    .catch((e: unknown) => e)) as IncusError;
  expect(isAborted(aborted)).toBe(true);
  expect(aborted.message).toMatch(/op8/);
  expect(Date.now() - started).toBeLessThan(1_500);
});

test("the call's budget bounds a wait that never answers, with one message however the timers fall", async () => {
  // Under CPU load Date.now() runs ahead of the timers. Pinning the clock 100 ms ahead once the
  // operation has started makes that certain: a wait request with a timer of its own, set to the
  // time left of the call, would fire ~100 ms before the call's 400 ms and report "no answer
  // within 300 ms" about itself. The wait never answers, so only the call's budget can end it.
  const realNow = Date.now.bind(Date);
  const clock = jest.spyOn(Date, "now");
  handler = (req, res) => {
    if (req.method !== "POST") return undefined;
    clock.mockImplementation(() => realNow() + 100);
    return sendJson(res, 202, asyncEnvelope("op8"));
  };
  const started = realNow();
  try {
    const timed = (await fake
      .client()
      .instances.create({ name: "c", source: { type: "none" } }, { timeoutMs: 400 })
      .catch((e: unknown) => e)) as IncusError;
    const elapsed = realNow() - started;
    expect(isTimeout(timed)).toBe(true);
    expect(timed.message).toMatch(
      /^Incus operation \(op8\) started by POST \/1\.0\/instances did not finish within 400 ms /,
    );
    expect(elapsed).toBeGreaterThanOrEqual(390);
    expect(elapsed).toBeLessThan(1_500);
  } finally {
    clock.mockRestore();
  }
});

test("the budget running out while the operation is read (not awaited) gives the same message", async () => {
  handler = (req, res) => {
    if (req.method === "POST") return sendJson(res, 202, asyncEnvelope("op11"));
    if (req.pathname.endsWith("/wait")) return sendJson(res, 200, errorEnvelope(500, "context deadline exceeded"));
    return undefined; // GET /1.0/operations/op11 never answers
  };
  const timed = (await fake
    .client()
    .instances.create({ name: "c", source: { type: "none" } }, { timeoutMs: 300 })
    .catch((e: unknown) => e)) as IncusError;
  expect(isTimeout(timed)).toBe(true);
  expect(timed.message).toMatch(
    /^Incus operation \(op11\) started by POST \/1\.0\/instances did not finish within 300 ms /,
  );
});

test("sync answers to write calls need no wait", async () => {
  handler = (_req, res) => sendJson(res, 200, sync({ ok: 1 }));
  const result = await fake.client().api.write("PATCH", "/1.0/profiles/p", undefined, {}, { json: {} });
  expect(result).toEqual({ metadata: { ok: 1 } });
  expect(waits()).toHaveLength(0);
});

test("a wait answer that is not an operation is INVALID_RESPONSE, not an endless loop", async () => {
  handler = (req, res) =>
    req.method === "POST"
      ? sendJson(res, 202, asyncEnvelope("op9"))
      : sendJson(res, 200, sync({ name: "not an operation" }));
  const err = (await fake
    .client()
    .instances.create({ name: "c", source: { type: "none" } })
    .catch((e: unknown) => e)) as IncusError;
  expect(err.code).toBe("INVALID_RESPONSE");
});

test("a wait that returns 'running' at once is re-polled with a pause, not in a hot loop", async () => {
  let polls = 0;
  handler = (req, res) => {
    if (req.method === "POST") return sendJson(res, 202, asyncEnvelope("op10"));
    polls++;
    return sendJson(res, 200, sync(operation("op10", 103)));
  };
  const err = (await fake
    .client()
    .instances.create({ name: "c", source: { type: "none" } }, { timeoutMs: 500 })
    .catch((e: unknown) => e)) as IncusError;
  expect(isTimeout(err)).toBe(true);
  expect(polls).toBeLessThanOrEqual(6);
});
