// incus_storage_bucket against the real terraform and incusd. Buckets on local pools are served by MinIO, which
// this machine does not have (Debian 12 packages no MinIO and no npm package ships its server binary), so incusd
// refuses every bucket: what is tested end to end is that refusal, reported as a diagnostic naming MinIO, the bucket
// and the pool, with nothing left behind in Incus or in the state; and the plan-time checks and defaults.
// The create/update/import/drift logic is covered by test/unit/incus-provider/misc-resources.test.ts.
import { TEST_POOL } from "../../support/incus";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("bkt");
});

afterAll(async () => {
  await h?.close();
});

function bucketName(suffix: string): string {
  const name = h.name(suffix);
  h.cleanup.add(`storage bucket ${name}`, () => h.client.storageBuckets.delete(TEST_POOL, name));
  return name;
}

test("without MinIO on the server, create fails with a diagnostic naming MinIO; nothing is left behind", async () => {
  const name = bucketName("a");
  h.config(`resource "incus_storage_bucket" "b" {\n  pool = "${TEST_POOL}"\n  name = "${name}"\n}\n`);

  // The plan shows upstream's defaults (an empty config; the empty description is one of the hidden attributes).
  const plan = await h.expectChanges();
  expect(plan).toMatch(/config\s+= \{\}/);
  expect(plan).toMatch(/1 unchanged attribute hidden/);
  expect(plan).toMatch(/location\s+= \(known after apply\)/);

  const r = await h.applyFails();
  expectOutput(r, new RegExp(`incus_storage_bucket: the Incus server has no MinIO to serve bucket "${name}"`));
  expectOutput(r, /no `minio` binary/);
  expectOutput(r, /Couldn't find the MinIO client tool/);
  expect(await h.client.storageBuckets.find(TEST_POOL, name)).toBeUndefined();
  expect((await h.run(["state", "list"])).output.trim()).toBe("");
});

test("importing a bucket that does not exist fails", async () => {
  const name = bucketName("missing");
  h.config(`resource "incus_storage_bucket" "b" {\n  pool = "${TEST_POOL}"\n  name = "${name}"\n}\n`);
  const r = await h.run(["import", "-input=false", "incus_storage_bucket.b", `/${TEST_POOL}/${name}`]);
  expect(r.code).not.toBe(0);
  expectOutput(r, /non-existent|Cannot import/i);
});

test("plan-time checks: description with source_file, an empty target", async () => {
  h.config(
    `resource "incus_storage_bucket" "b" {\n  pool        = "${TEST_POOL}"\n  name        = "x"\n  description = "d"\n  source_file = "/tmp/backup.tar.gz"\n}\n`,
  );
  let plan = await h.run(["plan", "-input=false", "-no-color"]);
  expect(plan.code).toBe(1);
  expectOutput(plan, /source_file/);
  expectOutput(plan, /description = "d"/);

  h.config(`resource "incus_storage_bucket" "b" {\n  pool   = "${TEST_POOL}"\n  name   = "x"\n  target = ""\n}\n`);
  plan = await h.run(["plan", "-input=false", "-no-color"]);
  expect(plan.code).toBe(1);
  expectOutput(plan, /must not be empty/);
});
