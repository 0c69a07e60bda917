// incus_storage_volume_snapshot against the real terraform and incusd: create with a description and an expiry,
// an empty plan, description and expiry changed in place, drift of the description, a rename replaces it, import by
// [project]/pool/volume/name, an existing snapshot refused with the import command, destroy of one already gone;
// and snapshots.schedule / snapshots.expiry volume keys reaching Incus (a snapshot without expires_at takes the
// volume's expiry).
import { TEST_POOL } from "../../support/incus";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

const SNAP = "incus_storage_volume_snapshot.snap";

let h: Harness;

beforeAll(async () => {
  h = await harness("vsnap");
});

afterAll(async () => {
  await h?.close();
});

function volume(name: string, config = `{ size = "16MiB" }`): string {
  return `resource "incus_storage_volume" "data" {\n  name   = "${name}"\n  pool   = "${TEST_POOL}"\n  config = ${config}\n}\n`;
}

function snapshot(name: string, body = ""): string {
  return `resource "incus_storage_volume_snapshot" "snap" {\n  name   = "${name}"\n  pool   = "${TEST_POOL}"\n  volume = incus_storage_volume.data.name\n${body}}\n`;
}

test("incus_storage_volume_snapshot create, no-op plan, in-place update, drift, replace, import, existing refused, destroy", async () => {
  const vol = h.name("data");
  h.cleanup.add(`volume ${vol}`, () => h.client.storageVolumes.delete(TEST_POOL, vol));
  const before = Math.floor(Date.now() / 1000) - 5;
  h.config(
    volume(vol) + snapshot("before-upgrade", `  description = "pre v2"\n  expires_at  = "2031-01-02T03:04:05Z"\n`),
  );
  await h.apply();
  const live = (await h.client.volumeSnapshots.get(TEST_POOL, vol, "before-upgrade")).value;
  expect(live).toMatchObject({ name: "before-upgrade", description: "pre v2" });
  expect(Date.parse(live.expires_at!)).toBe(Date.parse("2031-01-02T03:04:05Z"));
  const values = (await h.ws.resource(SNAP))!.values;
  expect(values).toMatchObject({
    name: "before-upgrade",
    pool: TEST_POOL,
    volume: vol,
    description: "pre v2",
    expires_at: "2031-01-02T03:04:05Z",
    project: null,
    remote: null,
  });
  expect(values.created_at).toBeGreaterThanOrEqual(before);
  await h.expectNoChanges();

  // Description and expiry change in place; the same instant written another way is no change.
  h.config(
    volume(vol) + snapshot("before-upgrade", `  description = "kept"\n  expires_at  = "2032-06-01T00:00:00+02:00"\n`),
  );
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  const changed = (await h.client.volumeSnapshots.get(TEST_POOL, vol, "before-upgrade")).value;
  expect(changed.description).toBe("kept");
  expect(Date.parse(changed.expires_at!)).toBe(Date.parse("2032-05-31T22:00:00Z"));
  await h.expectNoChanges();

  // Drift: a description changed out of band shows in the plan; apply puts it back.
  await h.client.volumeSnapshots.update(TEST_POOL, vol, "before-upgrade", {
    description: "tampered",
    expires_at: changed.expires_at,
  });
  expect(await h.expectChanges()).toMatch(/"tampered" -> "kept"/);
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  expect((await h.client.volumeSnapshots.get(TEST_POOL, vol, "before-upgrade")).value.description).toBe("kept");
  await h.expectNoChanges();

  // Import by /pool/volume/name: the plan right after is empty.
  await h.ws.ok(["state", "rm", SNAP]);
  await h.import(SNAP, `/${TEST_POOL}/${vol}/before-upgrade`);
  await h.expectNoChanges();

  // A new name replaces the snapshot.
  h.config(volume(vol) + snapshot("renamed", `  description = "kept"\n`));
  expectOutput(await h.apply(), /1 added, 0 changed, 1 destroyed/);
  expect((await h.client.volumeSnapshots.list(TEST_POOL, vol)).map((s) => s.name)).toEqual(["renamed"]);
  const noExpiry = (await h.ws.resource(SNAP))!.values;
  expect(noExpiry.expires_at).toBeNull();
  await h.expectNoChanges();

  // One that exists already (not in state) is refused with the import command and left alone.
  await h.client.volumeSnapshots.create(TEST_POOL, vol, "manual");
  h.config(
    volume(vol) + snapshot("renamed", `  description = "kept"\n`) + snapshot("manual").replace('"snap"', '"manual"'),
  );
  const refused = await h.applyFails();
  expectOutput(refused, new RegExp(`incus_storage_volume_snapshot "${TEST_POOL}/${vol}/manual" already exists`));
  expectOutput(
    refused,
    new RegExp(`terraform import incus_storage_volume_snapshot\\.<resource name> /${TEST_POOL}/${vol}/manual`),
  );

  // Destroy tolerates a snapshot deleted out of band.
  h.config(volume(vol) + snapshot("renamed", `  description = "kept"\n`));
  await h.client.volumeSnapshots.delete(TEST_POOL, vol, "renamed");
  expectOutput(await h.destroyWithoutRefresh(), /2 destroyed/);
  expect(await h.client.storageVolumes.find(TEST_POOL, vol)).toBeUndefined();
});

test("snapshots.schedule, snapshots.expiry and snapshots.pattern reach Incus; a snapshot without expires_at takes the volume's expiry", async () => {
  const vol = h.name("sched");
  h.cleanup.add(`volume ${vol}`, () => h.client.storageVolumes.delete(TEST_POOL, vol));
  const config = `{ size = "16MiB", "snapshots.schedule" = "@daily", "snapshots.expiry" = "1w", "snapshots.pattern" = "auto-{{ creation_date|date:'2006-01-02' }}" }`;
  h.config(volume(vol, config) + snapshot("manual"));
  const started = Date.now();
  await h.apply();
  expect((await h.client.storageVolumes.get(TEST_POOL, vol)).value.config).toMatchObject({
    "snapshots.schedule": "@daily",
    "snapshots.expiry": "1w",
    "snapshots.pattern": "auto-{{ creation_date|date:'2006-01-02' }}",
  });
  const expires = Date.parse((await h.ws.resource(SNAP))!.values.expires_at);
  const week = 7 * 24 * 3600 * 1000;
  expect(expires).toBeGreaterThanOrEqual(started + week - 60_000);
  expect(expires).toBeLessThanOrEqual(Date.now() + week + 60_000);
  await h.expectNoChanges();

  // A changed schedule is an in-place update of the volume.
  h.config(volume(vol, config.replace("@daily", "0 3 * * *")) + snapshot("manual"));
  expectOutput(await h.apply(), /0 added, 1 changed, 0 destroyed/);
  expect((await h.client.storageVolumes.get(TEST_POOL, vol)).value.config["snapshots.schedule"]).toBe("0 3 * * *");
  await h.expectNoChanges();
  await h.ws.destroy();
});

test("incus_storage_volume_snapshot rejects a bad expiry at validation", async () => {
  h.config(volume(h.name("bad")) + snapshot("s", `  expires_at = "next tuesday"\n`));
  const r = await h.run(["validate"]);
  expect(r.code).not.toBe(0);
  expectOutput(r, /is not an RFC 3339 time/);
});
