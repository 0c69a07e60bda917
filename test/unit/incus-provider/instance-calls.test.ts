// The Incus API calls incus_instance makes for a create, an adoption, a rebuild in place and a delete, and incus_storage_volume
// for a create, against a fake incusd that keeps instances and volumes in memory. Every call beyond what the change needs is incusd CPU on every apply (the apply
// benchmark is CPU-bound on incusd), so the lists are pinned: a test fails when a redundant read comes back.
import type { ServerResponse } from "node:http";
import { UNKNOWN } from "../../../lib/provider/framework";
import { instanceResource } from "../../../lib/provider/incus/instance";
import { storageVolumeResource } from "../../../lib/provider/incus/storage/volume-resource";
import { asyncEnvelope, errorEnvelope, operation, sendJson, startFakeIncus, sync } from "../incus/fake-incus";
import type { FakeIncus, RecordedRequest } from "../incus/fake-incus";
import { fakeSession } from "./fake-session";

interface FakeInstance {
  name: string;
  status: string;
  config: Record<string, string>;
  devices: Record<string, Record<string, string>>;
  profiles: string[];
  description: string;
}

const instances = new Map<string, FakeInstance>();
const volumes = new Map<string, Record<string, unknown>>();
let clustered = false;
const IMAGES = ["busybox", "busybox-2"];
let fake: FakeIncus;
let ops = 0;
/**
 * Reads of a stopped instance that still show its stop unrecorded (volatile.last_state.power RUNNING, as before
 * Incus' post-stop hook has run), and whether that hook then starts it again (a reboot).
 */
let hookPending = { reads: 0, reboot: false };
/** PUTs of an instance refused as busy before one goes through (an operation a killed run left running). */
let busyPuts = 0;
const BUSY = 'Failed to create instance update operation: Instance is busy running a "start" operation';

function instanceBody(i: FakeInstance) {
  return {
    ...i,
    type: "container",
    architecture: "x86_64",
    ephemeral: false,
    stateful: false,
    location: "none",
    project: "default",
    expanded_config: i.config,
    expanded_devices: i.devices,
  };
}

/** Answers with a finished operation on its wait (the fake does the work at once). */
function startOperation(res: ServerResponse): void {
  sendJson(res, 202, asyncEnvelope(`op-${++ops}`));
}

function serve(req: RecordedRequest, res: ServerResponse): void {
  const path = req.pathname;
  const body = req.body.length ? (JSON.parse(req.body.toString()) as Record<string, unknown>) : {};
  let m: RegExpExecArray | null;
  if ((m = /^\/1\.0\/operations\/([^/]+)\/wait$/.exec(path))) return sendJson(res, 200, sync(operation(m[1], 200)));
  if ((m = /^\/1\.0\/images\/aliases\/([^/]+)$/.exec(path))) {
    return IMAGES.includes(m[1])
      ? sendJson(res, 200, sync({ name: m[1], target: `fp-${m[1]}` }))
      : sendJson(res, 404, errorEnvelope(404, "Image alias not found"));
  }
  if (path === "/1.0")
    return sendJson(res, 200, sync({ api_extensions: [], environment: { server_clustered: clustered } }));
  if (path === "/1.0/storage-pools/p")
    return sendJson(res, 200, sync({ name: "p", driver: "dir", config: { "volume.size": "1GiB" } }));
  if (path === "/1.0/storage-pools/p/volumes/custom" && req.method === "POST") {
    volumes.set(String(body.name), { ...body, config: { ...(body.config as object), size: "1GiB" } });
    return sendJson(res, 200, sync({}));
  }
  if ((m = /^\/1\.0\/storage-pools\/p\/volumes\/custom\/([^/]+)$/.exec(path))) {
    const volume = volumes.get(m[1]);
    if (!volume) return sendJson(res, 404, errorEnvelope(404, "Storage volume not found"));
    return sendJson(res, 200, sync({ ...volume, location: clustered ? "m1" : "none" }));
  }
  if (path === "/1.0/instances" && req.method === "POST") {
    const name = String(body.name);
    if (instances.has(name)) return sendJson(res, 409, errorEnvelope(409, `Instance "${name}" already exists`));
    instances.set(name, {
      name,
      status: "Stopped",
      config: {
        ...(body.config as Record<string, string>),
        "volatile.uuid": `uuid-${name}`,
        "volatile.base_image": `fp-${String((body.source as { alias?: string }).alias)}`,
      },
      devices: body.devices as FakeInstance["devices"],
      profiles: body.profiles as string[],
      description: String(body.description ?? ""),
    });
    return startOperation(res);
  }
  if (!(m = /^\/1\.0\/instances\/([^/]+)(\/[a-z]+)?$/.exec(path)))
    return sendJson(res, 404, errorEnvelope(404, "not found"));
  const instance = instances.get(m[1]);
  if (!instance) return sendJson(res, 404, errorEnvelope(404, "Instance not found"));
  const sub = m[2] ?? "";
  if (sub === "" && req.method === "GET") {
    if (instance.status === "Stopped" && hookPending.reads > 0 && --hookPending.reads === 0) {
      instance.config["volatile.last_state.power"] = "STOPPED";
      if (hookPending.reboot) instance.status = "Running";
    }
    const body = instanceBody(instance);
    if (hookPending.reads > 0) body.config = { ...body.config, "volatile.last_state.power": "RUNNING" };
    return sendJson(res, 200, sync(body), { etag: "e1" });
  }
  if (sub === "" && req.method === "PUT") {
    if (busyPuts > 0 && busyPuts--) return sendJson(res, 500, errorEnvelope(500, BUSY));
    Object.assign(instance, { config: body.config, devices: body.devices, profiles: body.profiles });
    return startOperation(res);
  }
  if (sub === "/state" && req.method === "GET")
    return sendJson(res, 200, sync({ status: instance.status, status_code: 0, pid: 1, processes: 1, network: {} }));
  if (sub === "/state" && req.method === "PUT") {
    // A container whose image reports readiness (user.test-ready here) is "Ready" once started.
    const started = instance.config["user.test-ready"] ? "Ready" : "Running";
    instance.status = body.action === "start" ? started : "Stopped";
    instance.config["volatile.last_state.power"] = instance.status.toUpperCase();
    return startOperation(res);
  }
  if (sub === "/rebuild" && req.method === "POST") {
    instance.config["volatile.base_image"] = `fp-${String((body.source as { alias: string }).alias)}`;
    return startOperation(res);
  }
  if (sub === "/snapshots") return sendJson(res, 200, sync([]));
  if (sub === "" && req.method === "DELETE") {
    instances.delete(instance.name);
    return startOperation(res);
  }
  return sendJson(res, 400, errorEnvelope(400, `fake incusd: ${req.method} ${path}`));
}

beforeAll(async () => {
  fake = await startFakeIncus((req, res) => serve(req, res));
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  instances.clear();
  volumes.clear();
  hookPending = { reads: 0, reboot: false };
  busyPuts = 0;
  clustered = false;
});

/** A provider session, as Terraform's one provider process per command has. */
function session() {
  return fakeSession(fake);
}

const OWNER = "user.cdktf-virt.owner";

function planned(name: string, over: Record<string, unknown> = {}) {
  return {
    name,
    description: "",
    type: "container",
    image: "busybox",
    ephemeral: false,
    running: true,
    profiles: ["default"],
    project: null,
    remote: null,
    target: UNKNOWN,
    config: { [OWNER]: `stack/${name}` },
    exec: null,
    source_instance: null,
    source_file: null,
    architecture: UNKNOWN,
    ipv4_address: UNKNOWN,
    ipv6_address: UNKNOWN,
    mac_address: UNKNOWN,
    status: UNKNOWN,
    interfaces: UNKNOWN,
    wait_for: [],
    device: [{ name: "root", type: "disk", properties: { path: "/", pool: "p" } }],
    file: [],
    ...over,
  };
}

/** The bodies of the stops sent so far (PUT .../state with action stop). */
function stopBodies(): Record<string, unknown>[] {
  return fake.requests
    .filter((r) => r.method === "PUT" && r.pathname.endsWith("/state"))
    .map((r) => JSON.parse(r.body.toString()) as Record<string, unknown>)
    .filter((b) => b.action === "stop");
}

/** The calls made so far as "METHOD /path", operation ids made alike. */
function calls(): string[] {
  return fake.requests.map((r) => `${r.method} ${r.pathname.replace(/op-\d+/, "{op}")}`);
}

async function create(ctx: ReturnType<typeof session>, plan: Record<string, unknown>) {
  const resp = { state: null as unknown };
  await instanceResource.create!(
    { planned: plan as never, config: plan as never, prior: null } as never,
    ctx,
    resp as never,
  );
  return resp.state as Record<string, unknown> | null;
}

const CREATE_AND_START = [
  "POST /1.0/instances",
  "GET /1.0/operations/{op}/wait",
  "PUT /1.0/instances/c1/state",
  "GET /1.0/operations/{op}/wait",
];

// After the start, the address wait (address-settle.ts) reads the instance once for its expanded devices (profiles
// may add NICs); the state is then read once more at the end.
test("create: the POST and the start, then two reads of the instance (no /state: a container without a NIC has no addresses); the image is looked up once per session", async () => {
  const ctx = session();
  const state = await create(ctx, planned("c1"));
  expect(ctx.diagnostics.errors).toEqual([]);
  expect(calls()).toEqual([
    "GET /1.0/images/aliases/busybox",
    ...CREATE_AND_START,
    "GET /1.0/instances/c1",
    "GET /1.0/instances/c1",
  ]);
  expect(state).toMatchObject({ name: "c1", status: "Running", running: true, architecture: "x86_64" });
  expect(state).toMatchObject({ interfaces: {}, ipv4_address: null, mac_address: null });
  expect(instances.get("c1")?.config[OWNER]).toBe("stack/c1");

  fake.requests.length = 0;
  await create(ctx, planned("c2"));
  expect(calls()).toEqual([
    ...CREATE_AND_START.map((c) => c.replace("c1", "c2")),
    "GET /1.0/instances/c2",
    "GET /1.0/instances/c2",
  ]);
});

test("create of a container with a NIC: its /state is read for the addresses", async () => {
  const nic = { name: "eth0", type: "nic", properties: { nictype: "p2p" } };
  const plan = planned("c1");
  const state = await create(session(), { ...plan, device: [...(plan.device as object[]), nic] });
  expect(calls().slice(-2)).toEqual(["GET /1.0/instances/c1", "GET /1.0/instances/c1/state"]);
  expect(state).toMatchObject({ status: "Running" });
});

// On Incus 6.0 a /state read of a running container without a NIC fails incusd's netlink query, and the daemon then
// reads every container's network state through a child process until it restarts (docs/providers.md): a wait for
// "Ready" needs only the status, which the instance object carries.
test("create with wait_for ready: the status is polled from the instance object, never from /state", async () => {
  const state = await create(
    session(),
    planned("c1", {
      config: { [OWNER]: "stack/c1", "user.test-ready": "true" },
      wait_for: [{ type: "ready", delay: null, nic: null }],
    }),
  );
  expect(calls()).not.toContain("GET /1.0/instances/c1/state");
  expect(state).toMatchObject({ status: "Ready", running: true });
});

/** A refresh (ReadResource) of `state` in a new session: what every plan does for each instance. */
async function refresh(state: Record<string, unknown>) {
  return (await instanceResource.read!({ state } as never, session())) as Record<string, unknown> | null;
}

describe("refresh of a running container", () => {
  const nic = { name: "eth0", type: "nic", properties: { nictype: "p2p" } };

  test("without a NIC: one read of the instance and no /state, which would also sum its disk usage", async () => {
    const prior = await create(session(), planned("c1"));
    fake.requests.length = 0;
    const state = await refresh(prior!);
    expect(calls()).toEqual(["GET /1.0/instances/c1"]);
    expect(state).toMatchObject({ status: "Running", interfaces: {}, mac_address: null });
  });

  test("with a NIC: its /state is requested together with the instance", async () => {
    const plan = planned("c1");
    const prior = await create(session(), { ...plan, device: [...(plan.device as object[]), nic] });
    fake.requests.length = 0;
    // (the fake's /state shows no interface, so the state records none: what counts here is the read)
    await refresh({
      ...prior!,
      interfaces: { eth0: { name: "eth0", type: "broadcast", state: "up", ip_addresses: [] } },
    });
    expect(calls().sort()).toEqual(["GET /1.0/instances/c1", "GET /1.0/instances/c1/state"]);
  });

  test("that had no NIC and got one outside Terraform: its /state is read after the instance", async () => {
    const prior = await create(session(), planned("c1"));
    instances.get("c1")!.devices.eth0 = { type: "nic", nictype: "p2p" };
    fake.requests.length = 0;
    await refresh(prior!);
    expect(calls()).toEqual(["GET /1.0/instances/c1", "GET /1.0/instances/c1/state"]);
  });
});

test("create over an instance a previous run left behind: the conflict reads it, adopts it and starts it; nothing is deleted", async () => {
  await create(session(), planned("c1", { running: false }));
  fake.requests.length = 0;
  const ctx = session();
  const state = await create(ctx, planned("c1"));
  expect(ctx.diagnostics.errors).toEqual([]);
  expect(calls()).toEqual([
    "GET /1.0/images/aliases/busybox",
    "POST /1.0/instances",
    "GET /1.0/instances/c1",
    "GET /1.0/images/aliases/busybox", // the adoption compares the image it was made from
    "PUT /1.0/instances/c1/state",
    "GET /1.0/operations/{op}/wait",
    "GET /1.0/instances/c1",
  ]);
  expect(state).toMatchObject({ name: "c1", status: "Running" });
});

test("create over an instance still busy with an operation a killed run started: the refused PUT is sent again after a fresh read", async () => {
  await create(session(), planned("c1", { running: false }));
  fake.requests.length = 0;
  busyPuts = 2;
  const ctx = session();
  const config = { [OWNER]: "stack/c1", "user.added": "1" };
  const state = await create(ctx, planned("c1", { config }));
  expect(ctx.diagnostics.errors).toEqual([]);
  expect(calls()).toEqual([
    "GET /1.0/images/aliases/busybox",
    "POST /1.0/instances",
    "GET /1.0/instances/c1",
    "GET /1.0/images/aliases/busybox",
    "PUT /1.0/instances/c1", // busy
    "GET /1.0/instances/c1",
    "PUT /1.0/instances/c1", // busy
    "GET /1.0/instances/c1",
    "PUT /1.0/instances/c1",
    "GET /1.0/operations/{op}/wait",
    "PUT /1.0/instances/c1/state",
    "GET /1.0/operations/{op}/wait",
    "GET /1.0/instances/c1", // the devices for the addresses: they were just written
    "GET /1.0/instances/c1",
  ]);
  expect(state).toMatchObject({ name: "c1", status: "Running" });
  expect(instances.get("c1")?.config["user.added"]).toBe("1");
});

test("create over someone else's instance: refused with an error, the instance untouched and not recorded", async () => {
  instances.set("c1", {
    name: "c1",
    status: "Stopped",
    config: { [OWNER]: "other/c1" },
    devices: {},
    profiles: ["default"],
    description: "",
  });
  const ctx = session();
  const state = await create(ctx, planned("c1"));
  expect(state).toBeNull();
  expect(ctx.diagnostics.errors[0].summary).toBe('incus_instance "c1" already exists');
  expect(calls().filter((c) => !c.startsWith("GET"))).toEqual(["POST /1.0/instances"]);
});

test("rebuild in place: one read before the stop and one after the rebuild, no read of the stopped instance before it", async () => {
  const record = { [OWNER]: "stack/c1", "user.cdktf-virt.image-change": "rebuild" };
  const ctx = session();
  const prior = await create(ctx, planned("c1", { config: record }));
  fake.requests.length = 0;
  const plan = { ...prior, image: "busybox-2", status: UNKNOWN, ipv4_address: UNKNOWN, mac_address: UNKNOWN };
  const resp = { state: null as unknown };
  await instanceResource.update!({ prior, planned: plan } as never, session(), resp as never);
  expect(calls()).toEqual([
    "GET /1.0/images/aliases/busybox-2",
    "GET /1.0/instances/c1",
    "PUT /1.0/instances/c1/state",
    "GET /1.0/operations/{op}/wait",
    "GET /1.0/instances/c1", // the stop's wait sees it stopped
    "POST /1.0/instances/c1/rebuild",
    "GET /1.0/operations/{op}/wait",
    "GET /1.0/instances/c1",
    "PUT /1.0/instances/c1/state",
    "GET /1.0/operations/{op}/wait",
    "GET /1.0/instances/c1",
  ]);
  expect(instances.get("c1")?.config["volatile.base_image"]).toBe("fp-busybox-2");
  expect(resp.state).toMatchObject({ image: "busybox-2", status: "Running" });
  // Nothing of the old root disk survives, and no custom volume is attached: killed, as before a replacement.
  expect(stopBodies()).toEqual([{ action: "stop", force: true, timeout: 5 }]);
});

test("rebuild in place of an instance with a custom volume: a clean stop within its boot.host_shutdown_timeout", async () => {
  const record = { [OWNER]: "stack/c1", "user.cdktf-virt.image-change": "rebuild", "boot.host_shutdown_timeout": "7" };
  const data = { name: "data", type: "disk", properties: { pool: "p", source: "v1", path: "/data" } };
  const base = planned("c1", { config: record });
  const prior = await create(session(), { ...base, device: [...(base.device as object[]), data] });
  fake.requests.length = 0;
  const plan = { ...prior, image: "busybox-2", status: UNKNOWN, ipv4_address: UNKNOWN, mac_address: UNKNOWN };
  await instanceResource.update!({ prior, planned: plan } as never, session(), { state: null } as never);
  expect(stopBodies()).toEqual([{ action: "stop", force: false, timeout: 7 }]);
});

describe("incus_instance delete", () => {
  async function destroy(prior: Record<string, unknown>) {
    await instanceResource.delete!({ prior } as never, session());
  }

  /** Instance c1, created and stopped, whose stop Incus will record only after `pending.reads` reads of it. */
  async function stoppedWithHookPending(pending: typeof hookPending) {
    const prior = (await create(session(), planned("c1")))!;
    const stopped = { prior, planned: { ...prior, running: false } };
    await instanceResource.update!(stopped as never, session(), { state: null } as never);
    hookPending = pending;
    fake.requests.length = 0;
    return prior;
  }

  test("read, kill, one read that sees the stop recorded, then the DELETE", async () => {
    const prior = await create(session(), planned("c1"));
    fake.requests.length = 0;
    await destroy(prior!);
    expect(calls()).toEqual([
      "GET /1.0/instances/c1",
      "PUT /1.0/instances/c1/state",
      "GET /1.0/operations/{op}/wait",
      "GET /1.0/instances/c1", // the stop's wait sees it stopped
      "GET /1.0/instances/c1", // and its stop recorded (stop-settle.ts)
      "DELETE /1.0/instances/c1",
      "GET /1.0/operations/{op}/wait",
    ]);
    expect(instances.has("c1")).toBe(false);
  });

  // A deploy killed while it stopped the instance: the status reads Stopped before Incus' post-stop hook has run,
  // and that hook names the instance, so the name is freed only once it has (else it stops the replacement).
  test("a stop Incus has not yet recorded is waited for before the DELETE", async () => {
    await destroy(await stoppedWithHookPending({ reads: 3, reboot: false }));
    expect(calls()).toEqual([
      "GET /1.0/instances/c1", // Stopped, but its stop not recorded: no stop is sent
      "GET /1.0/instances/c1",
      "GET /1.0/instances/c1", // the stop is recorded from this read on
      "DELETE /1.0/instances/c1",
      "GET /1.0/operations/{op}/wait",
    ]);
    expect(instances.has("c1")).toBe(false);
  });

  test("an instance that runs again once its stop is recorded (a reboot) is stopped again, then deleted", async () => {
    await destroy(await stoppedWithHookPending({ reads: 2, reboot: true }));
    const sent = calls();
    expect(sent.filter((c) => c === "PUT /1.0/instances/c1/state")).toHaveLength(1);
    expect(sent.slice(-2)).toEqual(["DELETE /1.0/instances/c1", "GET /1.0/operations/{op}/wait"]);
    expect(instances.has("c1")).toBe(false);
  });
});

describe("incus_storage_volume create", () => {
  const volume = (name: string) => ({
    name,
    pool: "p",
    description: "",
    type: "custom",
    content_type: "filesystem",
    config: { [OWNER]: `stack/${name}` },
    project: null,
    remote: null,
    target: UNKNOWN,
    source_volume: null,
    source_file: null,
    location: UNKNOWN,
    file: [],
  });
  async function createVolume(ctx: ReturnType<typeof session>, name: string) {
    const resp = { state: null as unknown };
    const plan = volume(name);
    await storageVolumeResource.create!({ planned: plan, config: plan, prior: null } as never, ctx, resp as never);
    return resp.state;
  }

  test("an empty volume on a standalone server: the POST, and the server read once per session; state as a read back gives it", async () => {
    const ctx = session();
    const state = await createVolume(ctx, "v1");
    await createVolume(ctx, "v2");
    expect(calls()).toEqual([
      "POST /1.0/storage-pools/p/volumes/custom",
      "GET /1.0",
      "POST /1.0/storage-pools/p/volumes/custom",
    ]);
    const read = await storageVolumeResource.read!({ state } as never, ctx);
    expect(state).toEqual(read);
    expect(state).toMatchObject({ location: "none", config: { [OWNER]: "stack/v1" }, target: null });
  });

  test("on a cluster the volume is read back (a member decides its location)", async () => {
    clustered = true;
    const state = await createVolume(session(), "v1");
    expect(calls()).toContain("GET /1.0/storage-pools/p/volumes/custom/v1");
    expect(state).toMatchObject({ location: "m1" });
  });
});
