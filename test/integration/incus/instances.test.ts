// Instances against the real incusd: create from alias/fingerprint/empty, read, update, rename,
// state changes, snapshots, failing operations, concurrency and cancellation.
import {
  IncusOperationError,
  isAborted,
  isConflict,
  isNotFound,
  isOperationFailed,
  isPreconditionFailed,
  isTimeout,
} from "../../../lib/incus";
import type { IncusError } from "../../../lib/incus";
import { TEST_IMAGE, createTestContainer, rootDisk, uniqueName } from "../../support/incus";
import { incusSuite } from "../../support/incus-suite";

jest.setTimeout(60_000);

const { client, cleanup } = incusSuite();

test("create from an alias and start, read, list, patch and put with ETags", async () => {
  const name = uniqueName("incus");
  await createTestContainer(client, cleanup, name, { start: true });

  const read = await client.instances.get(name);
  expect(read.value.status).toBe("Running");
  expect(read.value.type).toBe("container");
  expect(read.value.devices.root).toEqual({ type: "disk", path: "/", pool: "cdktf-virt-test" });
  expect((await client.instances.list()).map((i) => i.name)).toContain(name);

  await client.instances.patch(name, { config: { "user.role": "web" } }, { etag: read.etag });
  const patched = await client.instances.get(name);
  expect(patched.value.config["user.role"]).toBe("web");

  // The old ETag is stale now: the update must be refused and change nothing.
  const stale = await client.instances
    .patch(name, { config: { "user.role": "db" } }, { etag: read.etag })
    .catch((e: unknown) => e);
  expect(isPreconditionFailed(stale)).toBe(true);

  const { value } = patched;
  await client.instances.update(
    name,
    {
      config: { ...value.config, "user.role": "cache" },
      devices: value.devices,
      profiles: value.profiles,
      ephemeral: false,
      description: "put",
    },
    { etag: patched.etag },
  );
  const put = await client.instances.get(name);
  expect(put.value.config["user.role"]).toBe("cache");
  expect(put.value.description).toBe("put");
});

test("state: get, stop (force), start, restart, freeze and unfreeze", async () => {
  const name = uniqueName("incus");
  // With a NIC: Incus 6.0 cannot query a NIC-less container's network over netlink, and after one such /state read
  // it reads every container's network state through a child process until it restarts (incusd-netlink-watch.ts).
  const devices = { eth0: { type: "nic", nictype: "p2p" } };
  await createTestContainer(client, cleanup, name, { start: true, devices });
  const state = await client.instanceState.get(name);
  expect(state.value.status).toBe("Running");
  expect(state.value.pid).toBeGreaterThan(0);

  await client.instanceState.freeze(name);
  expect((await client.instanceState.get(name)).value.status).toBe("Frozen");
  await client.instanceState.unfreeze(name);
  expect((await client.instanceState.get(name)).value.status).toBe("Running");

  const pidBefore = (await client.instanceState.get(name)).value.pid;
  await client.instanceState.restart(name, { force: true });
  const afterRestart = (await client.instanceState.get(name)).value;
  expect(afterRestart.status).toBe("Running");
  expect(afterRestart.pid).not.toBe(pidBefore);

  await client.instanceState.stop(name, { force: true });
  expect((await client.instanceState.get(name)).value.status).toBe("Stopped");
  await client.instanceState.start(name);
  expect((await client.instanceState.get(name)).value.status).toBe("Running");
});

test("a clean stop with a timeout fails with Incus's message when the guest ignores it", async () => {
  // busybox init ignores the shutdown signal LXC sends, so the timeout must trip.
  const name = uniqueName("incus");
  await createTestContainer(client, cleanup, name, { start: true });
  const err = (await client.instanceState.stop(name, { timeout: 1 }).catch((e: unknown) => e)) as IncusError;
  expect(isOperationFailed(err)).toBe(true);
  expect(err.incusMessage).toBeTruthy();
  // From the instance object: a /state read of this NIC-less container would switch Incus 6.0 (see the test above).
  expect((await client.instances.get(name)).value.status).toBe("Running");
});

test("create from a fingerprint and empty, rename a stopped instance, delete", async () => {
  const fingerprint = (await client.images.getAlias(TEST_IMAGE)).value.target;
  const fromFp = uniqueName("incus");
  const empty = uniqueName("incus");
  const renamed = `${fromFp}-r`;
  cleanup.add(`instance ${renamed}`, () => client.instances.delete(renamed));
  cleanup.add(`instance ${fromFp}`, () => client.instances.delete(fromFp));
  cleanup.add(`instance ${empty}`, () => client.instances.delete(empty));

  await client.instances.create({
    name: fromFp,
    source: { type: "image", fingerprint: fingerprint.slice(0, 12) },
    devices: rootDisk(),
  });
  expect((await client.instances.get(fromFp)).value.config["volatile.base_image"]).toBe(fingerprint);

  await client.instances.create({
    name: empty,
    type: "container",
    source: { type: "none" },
    devices: rootDisk(),
    profiles: ["default"],
  });
  const emptyRead = (await client.instances.get(empty)).value;
  expect(emptyRead.status).toBe("Stopped");
  expect(emptyRead.config["volatile.base_image"]).toBeUndefined();

  await client.instances.rename(fromFp, renamed);
  expect(await client.instances.find(fromFp)).toBeUndefined();
  expect((await client.instances.get(renamed)).value.name).toBe(renamed);

  await client.instances.delete(renamed);
  await client.instances.delete(empty);
  expect(await client.instances.find(renamed)).toBeUndefined();
  expect(await client.instances.find(empty)).toBeUndefined();
});

test("an operation that fails in Incus surfaces as IncusOperationError with Incus's message", async () => {
  const name = uniqueName("incus");
  cleanup.add(`instance ${name}`, () => client.instances.delete(name));
  const err = (await client.instances
    .create({ name, source: { type: "image", alias: `${name}-no-such-image` }, devices: rootDisk() })
    .catch((e: unknown) => e)) as IncusError;
  expect(err).toBeInstanceOf(IncusOperationError);
  expect(err.code).toBe("OPERATION_FAILED");
  expect(err.incusMessage).toBeTruthy();
  expect(err.message).toContain(err.incusMessage);
  expect(err.method).toBe("POST");
  expect(err.path).toBe("/1.0/instances");
  expect(await client.instances.find(name)).toBeUndefined();
});

test("creating an instance that exists is a CONFLICT and leaves it alone", async () => {
  const name = uniqueName("incus");
  await createTestContainer(client, cleanup, name, { start: false });
  const err = await client.instances
    .create({ name, source: { type: "none" }, devices: rootDisk() })
    .catch((e: unknown) => e);
  expect(isConflict(err)).toBe(true);
  expect((await client.instances.get(name)).value.config["volatile.base_image"]).toBeTruthy();
});

test("snapshots: create, list, get, restore, delete", async () => {
  const name = uniqueName("incus");
  await createTestContainer(client, cleanup, name, { start: true });
  await client.instanceFiles.push(name, "/state.txt", "before");
  await client.instanceSnapshots.create(name, "snap0");
  await client.instanceFiles.push(name, "/state.txt", "after");

  expect((await client.instanceSnapshots.list(name)).map((s) => s.name)).toEqual(["snap0"]);
  expect((await client.instanceSnapshots.get(name, "snap0")).value.name).toBe("snap0");

  await client.instanceState.stop(name, { force: true });
  await client.instanceSnapshots.restore(name, "snap0");
  await client.instanceState.start(name);
  expect((await client.instanceFiles.pull(name, "/state.txt")).toString()).toBe("before");

  await client.instanceSnapshots.delete(name, "snap0");
  expect(await client.instanceSnapshots.list(name)).toEqual([]);
  expect(isNotFound(await client.instanceSnapshots.get(name, "snap0").catch((e: unknown) => e))).toBe(true);
});

test("many creations in flight at once over one client", async () => {
  const names = Array.from({ length: 10 }, () => uniqueName("incus"));
  for (const n of names) cleanup.add(`instance ${n}`, () => client.instances.delete(n));
  await Promise.all(
    names.map((name) =>
      client.instances.create({ name, source: { type: "image", alias: TEST_IMAGE }, devices: rootDisk() }),
    ),
  );
  const listed = new Set((await client.instances.list()).map((i) => i.name));
  for (const n of names) expect(listed.has(n)).toBe(true);
  await Promise.all(names.map((n) => client.instances.delete(n)));
  const after = new Set((await client.instances.list()).map((i) => i.name));
  for (const n of names) expect(after.has(n)).toBe(false);
});

test("a call is cancelled by its AbortSignal and bounded by timeoutMs", async () => {
  const name = uniqueName("incus");
  await createTestContainer(client, cleanup, name, { start: true });

  const controller = new AbortController();
  const started = Date.now();
  setTimeout(() => controller.abort(), 200);
  const aborted = await client.exec.run(name, ["sleep", "5"], { signal: controller.signal }).catch((e: unknown) => e);
  expect(isAborted(aborted)).toBe(true);
  expect(Date.now() - started).toBeLessThan(2_000);

  const timedStart = Date.now();
  const timedOut = await client.exec.run(name, ["sleep", "5"], { timeoutMs: 1_200 }).catch((e: unknown) => e);
  expect(isTimeout(timedOut)).toBe(true);
  expect(Date.now() - timedStart).toBeLessThan(3_000);
});
