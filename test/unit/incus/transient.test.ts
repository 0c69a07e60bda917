// The transient answers a request is sent again for, against an in-process fake incusd: GET .../state answering
// HTTP 500 "Invalid PID" while Incus force-stops the instance. Retried for a few seconds, abortably, bounded by
// the call's budget; every other failure (other endpoints, other texts, writes) still fails at once.
import { isAborted } from "../../../lib/incus";
import { Deadline } from "../../../lib/incus/cancel";
import { IncusError as BaseError } from "../../../lib/incus/errors";
import { TRANSIENT_RETRY_FOR_MS, TransientRetry, isTransientAnswer } from "../../../lib/incus/transient";
import { errorEnvelope, failure, sendJson, sync, useFakeIncus } from "./fake-incus";
import type { FakeIncus, Handler } from "./fake-incus";

const INVALID_PID = "Invalid PID '\ufffd'";
const STOPPED = {
  status: "Stopped",
  status_code: 102,
  pid: 0,
  processes: 0,
  cpu: { usage: 0 },
  memory: null,
  disk: null,
  network: null,
};

const incus = useFakeIncus();

/** Answers "Invalid PID" for the first `ms` after the first request, then `after`. */
function invalidPidFor(
  ms: number,
  after: (res: Parameters<Handler>[1]) => void = (res) => sendJson(res, 200, sync(STOPPED)),
): Handler {
  let since: number | undefined;
  return (_req, res) => {
    since ??= Date.now();
    if (Date.now() - since < ms) return sendJson(res, 500, errorEnvelope(500, INVALID_PID));
    after(res);
  };
}

test("the state read asks again while Incus answers Invalid PID, and returns the state once it settles", async () => {
  incus.handler = invalidPidFor(600);
  const started = Date.now();
  const got = await incus.fake.client().instanceState.get("c1", { project: "p" });
  expect(got.value.status).toBe("Stopped");
  expect(Date.now() - started).toBeGreaterThanOrEqual(600);
  const reads = incus.fake.requests.length;
  expect(reads).toBeGreaterThanOrEqual(4);
  expect(reads).toBeLessThanOrEqual(10); // paused between asks, no hot loop
  expect(incus.fake.requests.every((r) => r.method === "GET" && r.url === "/1.0/instances/c1/state?project=p")).toBe(
    true,
  );
});

test("the retry is bounded by the call's budget: the daemon's last answer is the error", async () => {
  incus.handler = invalidPidFor(60_000);
  const started = Date.now();
  const err = await failure(incus.fake.client().instanceState.get("c1", { timeoutMs: 400 }));
  expect(Date.now() - started).toBeLessThan(1_500);
  expect(err).toMatchObject({ code: "SERVER_ERROR", status: 500, incusMessage: INVALID_PID });
  expect(incus.fake.requests.length).toBeGreaterThanOrEqual(2);
});

test("the caller's abort ends the retry at once with ABORTED", async () => {
  incus.handler = invalidPidFor(60_000);
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 250);
  const started = Date.now();
  const err = await failure(incus.fake.client().instanceState.get("c1", { signal: controller.signal }));
  expect(isAborted(err)).toBe(true);
  expect(Date.now() - started).toBeLessThan(1_000);
});

test("nothing else is retried: other endpoints, other texts, other statuses, writes", async () => {
  const once = async (call: (c: ReturnType<FakeIncus["client"]>) => Promise<unknown>, status: number, text: string) => {
    incus.fake.requests.length = 0;
    incus.handler = (_req, res) => sendJson(res, status, errorEnvelope(status, text));
    await failure(call(incus.fake.client()));
    return incus.fake.requests.length;
  };
  expect(await once((c) => c.instances.get("c1"), 500, INVALID_PID)).toBe(1);
  expect(await once((c) => c.instanceState.get("c1"), 500, "disk on fire")).toBe(1);
  expect(await once((c) => c.instanceState.get("c1"), 400, INVALID_PID)).toBe(1);
  expect(await once((c) => c.instanceState.stop("c1", { force: true }), 500, INVALID_PID)).toBe(1);
});

// Incus 6.0 deletes a bridge's child interfaces by listing them and then asking `ip` about each; a veth of an
// instance stopped a moment earlier can vanish in between, and the whole DELETE answers HTTP 500. The network is
// still there; the same DELETE a moment later succeeds.
const VANISHED_VETH =
  'Failed to delete bridge children interfaces: Failed to run: ip -d -j link show veth1f4d702a: exit status 1 (Device "veth1f4d702a" does not exist.)';

test("a network delete that raced a vanishing veth is sent again, and succeeds", async () => {
  let since: number | undefined;
  incus.handler = (_req, res) => {
    since ??= Date.now();
    if (Date.now() - since < 300) return sendJson(res, 500, errorEnvelope(500, VANISHED_VETH));
    sendJson(res, 200, sync({}));
  };
  await incus.fake.client().networks.delete("n1");
  expect(incus.fake.requests.length).toBeGreaterThanOrEqual(2);
  expect(incus.fake.requests.every((r) => r.method === "DELETE" && r.url.startsWith("/1.0/networks/n1"))).toBe(true);
});

// A bridge create asks `ip` about the host's interfaces too: any of them vanishing (another bridge deleted at that
// moment) fails the POST, and Incus reverts the create, so it is sent again.
const VANISHED_BRIDGE =
  'Failed to delete bridge children interfaces: Failed to run: ip -d -j link show tlvbr9e02d6: exit status 1 (Device "tlvbr9e02d6" does not exist.)';

test("a network create that raced a vanishing interface is sent again with its body, and succeeds", async () => {
  incus.fake.requests.length = 0;
  let since: number | undefined;
  incus.handler = (_req, res) => {
    since ??= Date.now();
    if (Date.now() - since < 300) return sendJson(res, 500, errorEnvelope(500, VANISHED_BRIDGE));
    sendJson(res, 200, sync({}));
  };
  await incus.fake.client().networks.create({ name: "n1", config: { "ipv4.address": "none" } });
  const sent = incus.fake.requests;
  expect(sent.length).toBeGreaterThanOrEqual(2);
  expect(sent.every((r) => r.method === "POST" && r.url.startsWith("/1.0/networks"))).toBe(true);
  expect(sent.map((r) => JSON.parse(r.body.toString()))).toEqual(
    sent.map(() => ({ name: "n1", config: { "ipv4.address": "none" } })),
  );
});

test("a network update that raced a vanishing interface is a transient answer too; other network paths are not", () => {
  const vanished = new BaseError("SERVER_ERROR", "x", { status: 500, incusMessage: VANISHED_BRIDGE });
  expect(isTransientAnswer(vanished, "PUT", "/1.0/networks/n1?project=p")).toBe(true);
  expect(isTransientAnswer(vanished, "PATCH", "/1.0/networks/n1")).toBe(true);
  expect(isTransientAnswer(vanished, "POST", "/1.0/networks/n1")).toBe(false);
  expect(isTransientAnswer(vanished, "PUT", "/1.0/networks/n1/forwards/1.2.3.4")).toBe(false);
});

test("other network create failures are not retried", async () => {
  incus.fake.requests.length = 0;
  incus.handler = (_req, res) => sendJson(res, 500, errorEnvelope(500, "Network address is already in use"));
  await failure(incus.fake.client().networks.create({ name: "n1" }));
  expect(incus.fake.requests.length).toBe(1);
});

test("other network delete failures are not retried", async () => {
  incus.fake.requests.length = 0;
  incus.handler = (_req, res) => sendJson(res, 500, errorEnvelope(500, "The network is currently in use"));
  await failure(incus.fake.client().networks.delete("n1"));
  expect(incus.fake.requests.length).toBe(1);
});

// Deleting both sides of a mutual OVN peering at once (one destroy, two resources): each side's delete removes the
// router ports of both sides, and the one that reads a static route the other just removed fails with the OVN
// database's "object not found" before it changes anything. Sent again, it finds the ports gone and succeeds.
// As Incus 6.0.4 answers it: the API handler (cmd/incusd/network_peers.go) wraps the driver's error.
const PEERING_RACE = "Failed deleting peer: Failed deleting OVN network peering: object not found";

test("a network peer delete that raced the other side's delete is sent again, and succeeds", async () => {
  incus.fake.requests.length = 0;
  let answered = 0;
  incus.handler = (_req, res) => {
    if (answered++ === 0) return sendJson(res, 500, errorEnvelope(500, PEERING_RACE));
    sendJson(res, 200, sync({}));
  };
  await incus.fake.client().networkPeers.delete("a", "to-b", { project: "p" });
  expect(incus.fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
    "DELETE /1.0/networks/a/peers/to-b?project=p",
    "DELETE /1.0/networks/a/peers/to-b?project=p",
  ]);
});

test("other network peer delete failures are not retried", async () => {
  incus.fake.requests.length = 0;
  incus.handler = (_req, res) => sendJson(res, 500, errorEnvelope(500, "Cannot delete a Peer that is in use"));
  await failure(incus.fake.client().networkPeers.delete("a", "to-b"));
  expect(incus.fake.requests.length).toBe(1);
  const race = new BaseError("SERVER_ERROR", "x", { status: 500, incusMessage: PEERING_RACE });
  expect(isTransientAnswer(race, "DELETE", "/1.0/networks/a/peers/to-b")).toBe(true);
  const unwrapped = "Failed deleting OVN network peering: object not found";
  expect(
    isTransientAnswer(
      new BaseError("SERVER_ERROR", "x", { status: 500, incusMessage: unwrapped }),
      "DELETE",
      "/1.0/networks/a/peers/to-b",
    ),
  ).toBe(true);
  expect(isTransientAnswer(race, "GET", "/1.0/networks/a/peers/to-b")).toBe(false);
  expect(isTransientAnswer(race, "DELETE", "/1.0/networks/a")).toBe(false);
});

describe("TransientRetry", () => {
  const invalidPid = new BaseError("SERVER_ERROR", "x", { status: 500, incusMessage: INVALID_PID });

  test("matches only the state read's Invalid PID answer", () => {
    expect(isTransientAnswer(invalidPid, "GET", "/1.0/instances/c1/state")).toBe(true);
    expect(isTransientAnswer(invalidPid, "GET", "/1.0/instances/c1/state?project=p")).toBe(true);
    expect(isTransientAnswer(invalidPid, "PUT", "/1.0/instances/c1/state")).toBe(false);
    expect(isTransientAnswer(invalidPid, "GET", "/1.0/instances/c1")).toBe(false);
    expect(isTransientAnswer(new Error(INVALID_PID), "GET", "/1.0/instances/c1/state")).toBe(false);
  });

  test("gives up once its window has passed, after pausing between asks", async () => {
    const deadline = Deadline.start(undefined, 10_000);
    try {
      const retry = new TransientRetry("GET", "/1.0/instances/c1/state", { forMs: 300, pauseMs: 50 });
      const started = Date.now();
      let asks = 1;
      while (await retry.again(invalidPid, deadline)) asks++;
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(290);
      expect(elapsed).toBeLessThan(1_000);
      expect(asks).toBeGreaterThanOrEqual(4);
      expect(asks).toBeLessThanOrEqual(8);
    } finally {
      deadline.dispose();
    }
  });

  test("the default window is a few seconds", () => {
    expect(TRANSIENT_RETRY_FOR_MS).toBeGreaterThanOrEqual(2_000);
    expect(TRANSIENT_RETRY_FOR_MS).toBeLessThanOrEqual(10_000);
  });
});
