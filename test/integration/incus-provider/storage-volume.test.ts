// incus_storage_volume against the real terraform and incusd, on the shared test pool: filesystem and block
// volumes sized with config.size, a copy (source_volume), an ISO upload (source_file), drift, import,
// replacement, destroy of a vanished volume, and adopt-on-create.
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { OWNER_KEY } from "../../../lib/provider/incus";
import { TEST_POOL } from "../../support/incus";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("vol");
});

afterAll(async () => {
  await h?.close();
});

function track(name: string): string {
  h.cleanup.add(`volume ${name}`, () => h.client.storageVolumes.delete(TEST_POOL, name));
  return name;
}

function volume(label: string, name: string, body = ""): string {
  return `resource "incus_storage_volume" "${label}" {\n  name = "${name}"\n  pool = "${TEST_POOL}"\n${body}\n}\n`;
}

test("incus_storage_volume create, no-op plan, resize, drift, import, replace, destroy", async () => {
  const fs = track(h.name("fs"));
  const blk = track(h.name("blk"));
  const copy = track(h.name("copy"));
  const write = (fsSize: string, blkType = "block") =>
    h.config(
      volume("fs", fs, `  config = { size = "${fsSize}", "user.purpose" = "data" }`) +
        volume("blk", blk, `  content_type = "${blkType}"\n  config = { size = "32MiB" }`) +
        volume("copy", copy, `  source_volume = { pool = "${TEST_POOL}", name = incus_storage_volume.fs.name }`),
    );
  write("64MiB");
  await h.apply();
  expect((await h.client.storageVolumes.get(TEST_POOL, fs)).value).toMatchObject({
    content_type: "filesystem",
    config: { size: "64MiB", "user.purpose": "data" },
  });
  expect((await h.client.storageVolumes.get(TEST_POOL, blk)).value).toMatchObject({
    content_type: "block",
    config: { size: "32MiB" },
  });
  // The copy takes the source's config; it is recorded as the server reports it and does not drift.
  expect((await h.client.storageVolumes.get(TEST_POOL, copy)).value.config).toMatchObject({
    size: "64MiB",
    "user.purpose": "data",
  });
  const fsState = await h.ws.resource("incus_storage_volume.fs");
  expect(fsState?.values).toMatchObject({
    type: "custom",
    content_type: "filesystem",
    description: "",
    location: "none",
    target: null,
  });
  await h.expectNoChanges();

  // Growing a volume is an in-place update.
  write("128MiB");
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  expect((await h.client.storageVolumes.get(TEST_POOL, fs)).value.config.size).toBe("128MiB");
  await h.expectNoChanges();

  // Drift: a changed key and a removed key come back.
  await h.client.storageVolumes.update(TEST_POOL, fs, { config: { size: "128MiB", "user.other": "x" } });
  const reverting = await h.apply();
  expectOutput(reverting, /"user\.other"\s+= "x" -> null/);
  expectOutput(reverting, /\+ "user\.purpose"\s+= "data"/);
  expect((await h.client.storageVolumes.get(TEST_POOL, fs)).value.config).toEqual({
    size: "128MiB",
    "user.purpose": "data",
  });

  // Import by [project]/pool/name: the plan right after is empty.
  await h.ws.ok(["state", "rm", "incus_storage_volume.blk"]);
  await h.import("incus_storage_volume.blk", `/${TEST_POOL}/${blk}`);
  expect((await h.ws.resource("incus_storage_volume.blk"))?.values).toMatchObject({
    content_type: "block",
    config: { size: "32MiB" },
  });
  await h.expectNoChanges();

  // Changing the content type replaces the volume; deleting one out of band re-creates it.
  await h.client.storageVolumes.delete(TEST_POOL, copy);
  write("128MiB", "filesystem");
  expectOutput(await h.apply(), /2 added, 0 changed, 1 destroyed/);
  expect((await h.client.storageVolumes.get(TEST_POOL, blk)).value.content_type).toBe("filesystem");
  expect(await h.client.storageVolumes.find(TEST_POOL, copy)).toBeDefined();

  // Destroy succeeds even for a volume that vanished out of band.
  await h.client.storageVolumes.delete(TEST_POOL, blk);
  expectOutput(await h.destroyWithoutRefresh(), /3 destroyed/);
  for (const v of [fs, blk, copy]) expect(await h.client.storageVolumes.find(TEST_POOL, v)).toBeUndefined();
});

test("incus_storage_volume from an ISO file, and adopt-on-create by owner marker", async () => {
  const iso = track(h.name("iso"));
  const mine = track(h.name("mine"));
  const foreign = track(h.name("foreign"));
  const file = join(h.ws.dir, "tiny.iso");
  writeFileSync(file, randomBytes(256 * 1024));
  await h.client.storageVolumes.create(TEST_POOL, { name: mine, config: { [OWNER_KEY]: "s/v" } });
  await h.client.storageVolumes.create(TEST_POOL, { name: foreign, config: { "user.keep": "1" } });

  h.config(
    volume("iso", iso, `  source_file = "tiny.iso"`) +
      volume("mine", mine, `  description = "adopted"\n  config = { "${OWNER_KEY}" = "s/v", size = "16MiB" }`),
  );
  await h.apply();
  expect((await h.client.storageVolumes.get(TEST_POOL, iso)).value.content_type).toBe("iso");
  expect((await h.ws.resource("incus_storage_volume.iso"))?.values.content_type).toBe("iso");
  expect((await h.client.storageVolumes.get(TEST_POOL, mine)).value).toMatchObject({
    description: "adopted",
    config: { size: "16MiB" },
  });
  await h.expectNoChanges();
  await h.ws.destroy();

  h.config(volume("f", foreign, `  config = { "${OWNER_KEY}" = "s/v" }`));
  const r = await h.applyFails();
  expectOutput(r, new RegExp(`incus_storage_volume "${TEST_POOL}/${foreign}" already exists`));
  expectOutput(r, new RegExp(`terraform import incus_storage_volume\\.<resource name> /${TEST_POOL}/${foreign}`));
  expect((await h.client.storageVolumes.get(TEST_POOL, foreign)).value.config).toEqual({ "user.keep": "1" });
});

test("incus_storage_volume file blocks with a source_file are rejected with a clear error", async () => {
  h.config(
    volume(
      "x",
      h.name("file"),
      `  source_file = "/tmp/x.iso"\n  file {\n    target_path = "/a"\n    content = "x"\n  }`,
    ),
  );
  const r = await h.run(["validate"]);
  expect(r.code).not.toBe(0);
  expectOutput(r, /file blocks conflict with source_file/);
});
