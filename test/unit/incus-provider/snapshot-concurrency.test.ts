// Snapshots of one instance or volume are created and deleted one at a time by the Incus client (one per remote in a
// provider process, lib/incus/one-at-a-time.ts), whichever resource asks. Incus' dir
// driver races on the parent's snapshots directory: two deletes of the same instance's snapshots at once fail ~5% of
// the time ("readdirent .../containers-snapshots/<instance>: no such file or directory"; 4 of 80 on a real dir pool),
// and Terraform deletes an instance's snapshot resources in parallel. The fake incusd here holds each operation for a
// while and records how many snapshot operations of one parent were in flight together.
import type { ServerResponse } from "node:http";
import { instanceSnapshotResource } from "../../../lib/provider/incus/instance";
import { storageVolumeSnapshotResource } from "../../../lib/provider/incus/storage/volume-snapshot-resource";
import { asyncEnvelope, errorEnvelope, operation, sendJson, sync, useFakeIncus } from "../incus/fake-incus";
import type { RecordedRequest } from "../incus/fake-incus";
import { fakeSession } from "./fake-session";

const HOLD_MS = 40;
const state = useFakeIncus();
/** Snapshot operations in flight per parent path ("/1.0/instances/c1"), and the most seen at once. */
let inFlight = new Map<string, number>();
let most = new Map<string, number>();
/** Operation id -> the parent whose snapshot it changes. */
let parents = new Map<string, string>();
/** Paths of the snapshots created so far. */
let created = new Set<string>();
let ops = 0;

beforeEach(() => {
  inFlight = new Map();
  most = new Map();
  parents = new Map();
  created = new Set();
  state.handler = serve;
});

function serve(req: RecordedRequest, res: ServerResponse): void {
  const snapshot = /^(.*)\/snapshots(?:\/[^/]+)?$/.exec(req.pathname);
  if (snapshot && (req.method === "DELETE" || req.method === "POST")) {
    const parent = snapshot[1];
    if (req.method === "POST") created.add(`${parent}/snapshots/${String(JSON.parse(req.body.toString()).name)}`);
    const id = `op-${++ops}`;
    parents.set(id, parent);
    const now = (inFlight.get(parent) ?? 0) + 1;
    inFlight.set(parent, now);
    most.set(parent, Math.max(most.get(parent) ?? 0, now));
    return sendJson(res, 202, asyncEnvelope(id));
  }
  const wait = /^\/1\.0\/operations\/([^/]+)\/wait$/.exec(req.pathname);
  if (wait) {
    // The operation runs for a while, then ends: the parent has one operation fewer in flight.
    setTimeout(() => {
      const parent = parents.get(wait[1]);
      if (parent) inFlight.set(parent, (inFlight.get(parent) ?? 1) - 1);
      sendJson(res, 200, sync(operation(wait[1], 200)));
    }, HOLD_MS);
    return;
  }
  // A snapshot this fake created is read back; any other is not there.
  if (snapshot && req.method === "GET" && created.has(req.pathname))
    return sendJson(res, 200, sync({ name: req.pathname.split("/").pop(), created_at: "2026-12-05T00:00:00Z" }));
  return sendJson(res, 404, errorEnvelope(404, "not found"));
}

/** A provider session, as Terraform's one provider process per command has. */
function session() {
  return fakeSession(state.fake);
}

const instanceSnapshot = (instance: string, name: string) => ({
  instance,
  name,
  stateful: false,
  project: null,
  remote: null,
  created_at: 0,
});

test("the deletes of one instance's snapshots run one at a time; another instance's alongside", async () => {
  const ctx = session();
  await Promise.all(
    [
      instanceSnapshot("c1", "s1"),
      instanceSnapshot("c1", "s2"),
      instanceSnapshot("c1", "s3"),
      instanceSnapshot("c2", "s1"),
    ].map((prior) => instanceSnapshotResource.delete!({ prior } as never, ctx)),
  );
  expect(ctx.diagnostics.errors).toEqual([]);
  expect(state.fake.requests.filter((r) => r.method === "DELETE")).toHaveLength(4);
  expect(most.get("/1.0/instances/c1")).toBe(1);
  expect(most.get("/1.0/instances/c2")).toBe(1);
});

test("a create and a delete of one instance's snapshots do not overlap either", async () => {
  const ctx = session();
  const resp = { state: null as unknown };
  await Promise.all([
    instanceSnapshotResource.create!(
      { planned: instanceSnapshot("c1", "new"), config: {}, prior: null } as never,
      ctx,
      resp as never,
    ),
    instanceSnapshotResource.delete!({ prior: instanceSnapshot("c1", "old") } as never, ctx),
  ]);
  expect(ctx.diagnostics.errors).toEqual([]);
  expect(resp.state).toMatchObject({ name: "new", instance: "c1" });
  expect(most.get("/1.0/instances/c1")).toBe(1);
});

test("a failed delete lets the next one of the same instance run", async () => {
  const ctx = session();
  state.handler = (req, res) =>
    req.method === "DELETE" && req.pathname.endsWith("/s1")
      ? sendJson(res, 500, errorEnvelope(500, "disk on fire"))
      : serve(req, res);
  const results = await Promise.allSettled(
    ["s1", "s2"].map((name) => instanceSnapshotResource.delete!({ prior: instanceSnapshot("c1", name) } as never, ctx)),
  );
  expect(results.map((r) => r.status)).toEqual(["rejected", "fulfilled"]);
  expect(state.fake.requests.filter((r) => r.method === "DELETE").map((r) => r.pathname)).toEqual([
    "/1.0/instances/c1/snapshots/s1",
    "/1.0/instances/c1/snapshots/s2",
  ]);
});

test("the deletes of one storage volume's snapshots run one at a time", async () => {
  const ctx = session();
  const prior = (name: string) => ({ pool: "p", volume: "v1", name, project: null, remote: null });
  await Promise.all(
    ["s1", "s2", "s3"].map((name) => storageVolumeSnapshotResource.delete!({ prior: prior(name) } as never, ctx)),
  );
  expect(ctx.diagnostics.errors).toEqual([]);
  expect(most.get("/1.0/storage-pools/p/volumes/custom/v1")).toBe(1);
});
