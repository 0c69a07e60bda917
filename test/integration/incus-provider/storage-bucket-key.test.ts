// incus_storage_bucket_key against the real terraform and incusd. No bucket can exist on this machine (incusd
// needs MinIO for buckets on local pools; see storage-bucket.test.ts), so what runs end to end is: a key of a
// bucket that does not exist is refused with a diagnostic naming the bucket; a key together with its bucket stops
// at the bucket's MinIO diagnostic and creates nothing; the key pair is sensitive in plans; the role is checked at
// plan time. The create/update/read logic is covered by test/unit/incus-provider/misc-resources.test.ts.
import { TEST_POOL } from "../../support/incus";
import type { Harness } from "./provider-harness";
import { expectOutput, harness } from "./provider-harness";

jest.setTimeout(300_000);

let h: Harness;

beforeAll(async () => {
  h = await harness("bkey");
});

afterAll(async () => {
  await h?.close();
});

test("a key of a missing bucket is refused, naming the bucket", async () => {
  const bucket = h.name("nobucket");
  h.config(
    `resource "incus_storage_bucket_key" "k" {\n  pool           = "${TEST_POOL}"\n  storage_bucket = "${bucket}"\n  name           = "reader"\n}\n`,
  );
  const plan = await h.expectChanges();
  expect(plan).toMatch(/access_key\s+= \(sensitive value\)/);
  expect(plan).toMatch(/secret_key\s+= \(sensitive value\)/);
  expect(plan).toMatch(/role\s+= "read-only"/);

  const r = await h.applyFails();
  expectOutput(r, new RegExp(`incus_storage_bucket_key: storage bucket "${bucket}" does not exist`));
  expect((await h.run(["state", "list"])).output.trim()).toBe("");
});

test("a key with its bucket stops at the bucket's MinIO diagnostic and creates nothing", async () => {
  const bucket = h.name("b");
  h.cleanup.add(`storage bucket ${bucket}`, () => h.client.storageBuckets.delete(TEST_POOL, bucket));
  h.config(`resource "incus_storage_bucket" "b" {
  pool = "${TEST_POOL}"
  name = "${bucket}"
}

resource "incus_storage_bucket_key" "k" {
  pool           = incus_storage_bucket.b.pool
  storage_bucket = incus_storage_bucket.b.name
  name           = "admin"
  role           = "admin"
}
`);
  const r = await h.applyFails();
  expectOutput(r, /has no MinIO to serve bucket/);
  expect(await h.client.storageBuckets.find(TEST_POOL, bucket)).toBeUndefined();
  expect((await h.run(["state", "list"])).output.trim()).toBe("");
});

test("an unknown role is refused at plan time", async () => {
  h.config(
    `resource "incus_storage_bucket_key" "k" {\n  pool           = "${TEST_POOL}"\n  storage_bucket = "b"\n  name           = "k"\n  role           = "owner"\n}\n`,
  );
  const plan = await h.run(["plan", "-input=false", "-no-color"]);
  expect(plan.code).toBe(1);
  expectOutput(plan, /"admin", "read-only"/);
});
