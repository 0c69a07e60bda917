// Storage pools, custom volumes (filesystem and block), volume copy and volume snapshots
// against the real incusd.
import { isConflict, isNotFound } from "../../../lib/incus";
import { TEST_POOL, createTestContainer, uniqueName } from "../../support/incus";
import { incusSuite } from "../../support/incus-suite";

jest.setTimeout(60_000);

const { client, cleanup } = incusSuite();

test("storage pools: create, read, list, patch, delete", async () => {
  const name = uniqueName("incus");
  cleanup.add(`pool ${name}`, () => client.storagePools.delete(name));
  await client.storagePools.create({ name, driver: "dir", description: "pool test" });
  const read = await client.storagePools.get(name);
  expect(read.value).toMatchObject({ name, driver: "dir", description: "pool test", status: "Created" });
  expect((await client.storagePools.list()).map((p) => p.name)).toContain(name);

  await client.storagePools.patch(name, { description: "patched" }, { etag: read.etag });
  expect((await client.storagePools.get(name)).value.description).toBe("patched");

  await client.storagePools.delete(name);
  expect(await client.storagePools.find(name)).toBeUndefined();
});

test("custom volumes: filesystem and block with config.size, update, rename, delete", async () => {
  const fs = uniqueName("incus");
  const block = uniqueName("incus");
  const renamed = `${fs}-r`;
  for (const v of [fs, block, renamed]) cleanup.add(`volume ${v}`, () => client.storageVolumes.delete(TEST_POOL, v));

  await client.storageVolumes.create(TEST_POOL, { name: fs, config: { size: "64MiB" }, description: "fs" });
  await client.storageVolumes.create(TEST_POOL, { name: block, content_type: "block", config: { size: "16MiB" } });

  const fsRead = await client.storageVolumes.get(TEST_POOL, fs);
  expect(fsRead.value).toMatchObject({ name: fs, type: "custom", content_type: "filesystem", description: "fs" });
  expect(fsRead.value.config.size).toBe("64MiB");
  expect((await client.storageVolumes.get(TEST_POOL, block)).value).toMatchObject({
    content_type: "block",
    config: { size: "16MiB" },
  });
  const listed = (await client.storageVolumes.list(TEST_POOL)).map((v) => v.name);
  expect(listed).toEqual(expect.arrayContaining([fs, block]));

  await client.storageVolumes.patch(TEST_POOL, fs, { config: { "user.note": "kept" } }, { etag: fsRead.etag });
  const patched = await client.storageVolumes.get(TEST_POOL, fs);
  expect(patched.value.config).toMatchObject({ size: "64MiB", "user.note": "kept" });
  await client.storageVolumes.update(
    TEST_POOL,
    fs,
    { config: { size: "128MiB" }, description: "put" },
    { etag: patched.etag },
  );
  const put = (await client.storageVolumes.get(TEST_POOL, fs)).value;
  expect(put.config.size).toBe("128MiB");
  expect(put.config["user.note"]).toBeUndefined();

  const dup = await client.storageVolumes.create(TEST_POOL, { name: fs }).catch((e: unknown) => e);
  expect(isConflict(dup)).toBe(true);

  await client.storageVolumes.rename(TEST_POOL, fs, renamed);
  expect(await client.storageVolumes.find(TEST_POOL, fs)).toBeUndefined();
  expect((await client.storageVolumes.get(TEST_POOL, renamed)).value.description).toBe("put");

  await client.storageVolumes.delete(TEST_POOL, renamed);
  await client.storageVolumes.delete(TEST_POOL, block);
  expect(isNotFound(await client.storageVolumes.get(TEST_POOL, block).catch((e: unknown) => e))).toBe(true);
});

test("a volume copy carries the source's data", async () => {
  const source = uniqueName("incus");
  const copy = uniqueName("incus");
  const instance = uniqueName("incus");
  cleanup.add(`volume ${source}`, () => client.storageVolumes.delete(TEST_POOL, source));
  cleanup.add(`volume ${copy}`, () => client.storageVolumes.delete(TEST_POOL, copy));

  await client.storageVolumes.create(TEST_POOL, { name: source, config: { size: "32MiB" } });
  await createTestContainer(client, cleanup, instance, {
    start: true,
    devices: { data: { type: "disk", pool: TEST_POOL, source, path: "/data" } },
  });
  await client.instanceFiles.push(instance, "/data/payload.txt", "written before the copy");

  await client.storageVolumes.copy(TEST_POOL, copy, { pool: TEST_POOL, name: source }, { description: "a copy" });
  const copied = (await client.storageVolumes.get(TEST_POOL, copy)).value;
  expect(copied).toMatchObject({ content_type: "filesystem", description: "a copy" });

  // Attach the copy to the running container and read the file back through it.
  const inst = await client.instances.get(instance);
  await client.instances.patch(instance, {
    devices: { ...inst.value.devices, copy: { type: "disk", pool: TEST_POOL, source: copy, path: "/copy" } },
  });
  expect((await client.instanceFiles.pull(instance, "/copy/payload.txt")).toString()).toBe("written before the copy");
  await client.instanceState.stop(instance, { force: true });
  await client.instances.delete(instance);
});

test("volume snapshots: create, list, get, restore, delete", async () => {
  const volume = uniqueName("incus");
  cleanup.add(`volume ${volume}`, () => client.storageVolumes.delete(TEST_POOL, volume));
  await client.storageVolumes.create(TEST_POOL, { name: volume, config: { size: "32MiB", "user.v": "1" } });

  await client.volumeSnapshots.create(TEST_POOL, volume, "snap0");
  expect((await client.volumeSnapshots.list(TEST_POOL, volume)).map((s) => s.name)).toEqual(["snap0"]);
  expect((await client.volumeSnapshots.get(TEST_POOL, volume, "snap0")).value.name).toBe("snap0");

  await client.volumeSnapshots.restore(TEST_POOL, volume, "snap0");
  await client.volumeSnapshots.delete(TEST_POOL, volume, "snap0");
  expect(await client.volumeSnapshots.list(TEST_POOL, volume)).toEqual([]);
  expect(isNotFound(await client.volumeSnapshots.get(TEST_POOL, volume, "snap0").catch((e: unknown) => e))).toBe(true);
});
