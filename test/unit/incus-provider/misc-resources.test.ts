// The zone, certificate, cluster group, server, bucket and integration resources without a daemon:
// - their schemas against the official provider's (v1.1.1 internal/*/resource_*.go), flag by flag;
// - the bucket and bucket key lifecycles against a fake incusd that keeps buckets in memory (no bucket can exist on
//   the test hosts: incusd needs MinIO for them), including the MinIO refusal and a missing API extension;
// - the request shapes of the REST client's new endpoints.
import type { ServerResponse } from "node:http";
import type { Attribute, PlanModifier, Schema } from "../../../lib/provider/framework";
import { DiagnosticError, Diagnostics, UNKNOWN, isUnknown } from "../../../lib/provider/framework";
import { planChange } from "../../../lib/provider/framework/planner";
import { validateConfigValue } from "../../../lib/provider/framework/validate";
import type { ResourceContext } from "../../../lib/provider/framework";
import type { IncusProviderData } from "../../../lib/provider/incus/provider-data";
import { certificateSchema } from "../../../lib/provider/incus/certificate/schema";
import { clusterGroupSchema } from "../../../lib/provider/incus/cluster-group/schema";
import { networkIntegrationSchema } from "../../../lib/provider/incus/network-integration/schema";
import { networkZoneRecordSchema } from "../../../lib/provider/incus/network-zone-record/schema";
import { networkZoneSchema } from "../../../lib/provider/incus/network-zone/schema";
import { serverSchema } from "../../../lib/provider/incus/server/schema";
import { storageBucketKeySchema } from "../../../lib/provider/incus/storage-bucket-key/schema";
import { storageBucketKeyResource } from "../../../lib/provider/incus/storage-bucket-key/resource";
import { storageBucketSchema } from "../../../lib/provider/incus/storage-bucket/schema";
import { storageBucketResource } from "../../../lib/provider/incus/storage-bucket/resource";
import { errorEnvelope, sendJson, startFakeIncus, sync } from "../incus/fake-incus";
import type { FakeIncus, RecordedRequest } from "../incus/fake-incus";

// --- schemas ---------------------------------------------------------------------------------------------------

/**
 * Upstream flags: R required, O optional, OC optional+computed, C computed; "+RR" RequiresReplace, "+RRic"
 * RequiresReplaceIfConfigured, "+S" sensitive, "=<json>" a default.
 */
const UPSTREAM: Record<string, [Schema, Record<string, string>]> = {
  incus_network_zone: [
    networkZoneSchema,
    { name: "R+RR", description: 'OC=""', project: "O+RR", remote: "O+RR", config: "OC" },
  ],
  incus_network_zone_record: [
    networkZoneRecordSchema,
    { name: "R+RR", zone: "R+RR", description: 'OC=""', project: "O+RR", remote: "O+RR", config: "OC" },
  ],
  incus_certificate: [
    certificateSchema,
    {
      name: "R",
      certificate: "R+RR",
      description: 'OC=""',
      projects: "OC",
      remote: "O+RR",
      restricted: "OC=false",
      type: 'OC="client"',
      fingerprint: "C",
    },
  ],
  incus_cluster_group: [
    clusterGroupSchema,
    { name: "R+RR", description: 'OC=""', remote: "O+RR", config: "OC={}", members: "O" },
  ],
  incus_server: [serverSchema, { remote: "O+RR", config: "OC={}", target: "O+RRic" }],
  incus_storage_bucket: [
    storageBucketSchema,
    {
      name: "R+RR",
      description: "OC",
      pool: "R+RR",
      project: "O+RR",
      remote: "O+RR",
      target: "OC+RRic",
      config: "OC",
      source_file: "O+RR",
      location: "C",
    },
  ],
  incus_storage_bucket_key: [
    storageBucketKeySchema,
    {
      name: "R+RR",
      description: 'OC=""',
      pool: "R+RR",
      storage_bucket: "R+RR",
      role: 'OC+RR="read-only"',
      project: "O+RR",
      remote: "O+RR",
      access_key: "C+S",
      secret_key: "C+S",
    },
  ],
  incus_network_integration: [
    networkIntegrationSchema,
    {
      name: "R+RR",
      type: "R+RR",
      description: 'OC=""',
      remote: "O+RR",
      project: "O+RR",
      config: "OC={}",
    },
  ],
};

/** How a plan modifier list treats a change: "RR" (always replaces), "RRic" (only when configured), "" (never). */
function replacement(modifiers: readonly PlanModifier[] | undefined): string {
  const replaces = (configValue: unknown): boolean =>
    (modifiers ?? []).some((m) => {
      const resp = { planValue: "b" as never, requiresReplace: false };
      m.modify(
        {
          path: ["x"],
          type: "string",
          configValue: configValue as never,
          planValue: "b",
          stateValue: "a",
          config: {},
          plan: {},
          state: {},
        },
        resp,
      );
      return resp.requiresReplace;
    });
  if (!replaces("b")) return "";
  return replaces(null) ? "RR" : "RRic";
}

function flags(attr: Attribute): string {
  const mode = attr.required ? "R" : attr.optional && attr.computed ? "OC" : attr.optional ? "O" : "C";
  const rr = replacement(attr.planModifiers);
  return `${mode}${rr ? `+${rr}` : ""}${attr.sensitive ? "+S" : ""}${
    attr.default !== undefined ? `=${JSON.stringify(attr.default)}` : ""
  }`;
}

test.each(Object.keys(UPSTREAM))("%s has the official provider's attributes and flags", (type) => {
  const [schema, expected] = UPSTREAM[type];
  const actual = Object.fromEntries(Object.entries(schema.attributes).map(([name, attr]) => [name, flags(attr)]));
  expect(actual).toEqual(expected);
});

test("incus_network_zone_record entries: a set block of type, value and ttl (default 300)", () => {
  const block = networkZoneRecordSchema.blocks.entry;
  expect(block.nesting).toBe("set");
  expect(Object.fromEntries(Object.entries(block.attributes).map(([n, a]) => [n, flags(a)]))).toEqual({
    type: "R",
    value: "R",
    ttl: "OC=300",
  });
});

test("incus_storage_bucket plans description and config defaults only without source_file", () => {
  const base = { name: "b", pool: "p", project: null, remote: null, target: null, location: null };
  const plain = planChange(storageBucketSchema, { ...base, description: null, config: null, source_file: null }, null);
  expect(plain.planned).toMatchObject({ description: "", config: {} });
  const restored = planChange(
    storageBucketSchema,
    { ...base, description: null, config: null, source_file: "/tmp/b.tar.gz" },
    null,
  );
  expect(isUnknown(restored.planned?.description)).toBe(true);
  expect(isUnknown(restored.planned?.config)).toBe(true);

  const diags = new Diagnostics();
  validateConfigValue(
    storageBucketSchema,
    { ...base, description: "d", config: null, source_file: "/tmp/b.tar.gz" },
    diags,
  );
  expect(diags.hasErrors()).toBe(true);
  expect(JSON.stringify(diags.errors)).toMatch(/source_file/);
});

// --- bucket and key lifecycles against a fake incusd ------------------------------------------------------------

interface Bucket {
  name: string;
  description: string;
  config: Record<string, string>;
  location: string;
  keys: Map<string, { name: string; description: string; role: string; "access-key": string; "secret-key": string }>;
}

let fake: FakeIncus;
let extensions: string[];
let minio: boolean;
const buckets = new Map<string, Bucket>();

function body(req: RecordedRequest): Record<string, unknown> {
  return req.body.length ? (JSON.parse(req.body.toString()) as Record<string, unknown>) : {};
}

/** An in-memory incusd for /1.0 and the buckets of pool "p". */
function serve(req: RecordedRequest, res: ServerResponse): void {
  const notFound = () => sendJson(res, 404, errorEnvelope(404, "Storage bucket not found"));
  if (req.pathname === "/1.0") {
    return sendJson(
      res,
      200,
      sync({
        api_extensions: extensions,
        auth: "trusted",
        config: {},
        environment: { server_clustered: false, server_version: "6.0.4" },
      }),
    );
  }
  const m = /^\/1\.0\/storage-pools\/p\/buckets(?:\/([^/]+)(?:\/keys(?:\/([^/]+))?)?)?$/.exec(req.pathname);
  if (!m) return notFound();
  const [, bucketName, keyName] = m;
  const isKeys = req.pathname.includes("/keys");
  if (!bucketName && req.method === "POST") {
    if (!minio)
      return sendJson(
        res,
        500,
        errorEnvelope(
          500,
          "Failed creating storage bucket: Failed connecting to bucket: Couldn't find the MinIO client tool",
        ),
      );
    const b = body(req);
    const config = { ...((b.config as Record<string, string>) ?? {}), "volatile.uuid": "1234" };
    buckets.set(String(b.name), {
      name: String(b.name),
      description: String(b.description ?? ""),
      config,
      location: "none",
      keys: new Map(),
    });
    return sendJson(res, 200, sync({}));
  }
  const bucket = buckets.get(decodeURIComponent(bucketName ?? ""));
  if (!bucket) return notFound();
  if (!isKeys) {
    if (req.method === "GET") {
      const { keys: _keys, ...rest } = bucket;
      return sendJson(res, 200, sync({ ...rest, s3_url: "" }), { etag: "e1" });
    }
    if (req.method === "PUT") {
      const b = body(req);
      bucket.description = String(b.description ?? "");
      bucket.config = (b.config as Record<string, string>) ?? {};
      return sendJson(res, 200, sync({}));
    }
    if (req.method === "DELETE") {
      buckets.delete(bucket.name);
      return sendJson(res, 200, sync({}));
    }
  }
  if (!keyName && req.method === "POST") {
    const b = body(req);
    if (bucket.keys.has(String(b.name)))
      return sendJson(res, 409, errorEnvelope(409, "Storage bucket key already exists"));
    bucket.keys.set(String(b.name), {
      name: String(b.name),
      description: String(b.description ?? ""),
      role: String(b.role ?? "read-only"),
      "access-key": "AK1",
      "secret-key": "SK1",
    });
    return sendJson(res, 200, sync({}));
  }
  const key = bucket.keys.get(decodeURIComponent(keyName ?? ""));
  if (!key) return notFound();
  if (req.method === "GET") return sendJson(res, 200, sync(key), { etag: "k1" });
  if (req.method === "PUT") {
    const b = body(req);
    // As incusd: an empty pair means new credentials.
    Object.assign(key, {
      description: b.description,
      role: b.role,
      "access-key": b["access-key"] || "AK2",
      "secret-key": b["secret-key"] || "SK2",
    });
    return sendJson(res, 200, sync({}));
  }
  bucket.keys.delete(key.name);
  return sendJson(res, 200, sync({}));
}

beforeAll(async () => {
  fake = await startFakeIncus((req, res) => serve(req, res));
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  buckets.clear();
  extensions = ["storage_buckets", "storage_buckets_local", "storage_bucket_backup"];
  minio = true;
});

/** A context whose every remote is the fake (a fresh client, so the API extensions are read anew). */
function ctxOf(): ResourceContext<IncusProviderData> & { diagnostics: Diagnostics } {
  const client = fake.client();
  const data = { client: () => client, defaultRemote: "local", waitTimeoutMs: 1000 } as unknown as IncusProviderData;
  const log = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };
  return { providerData: data, signal: new AbortController().signal, diagnostics: new Diagnostics(), log };
}

const bucketPlan = {
  name: "b1",
  pool: "p",
  description: "first",
  config: { size: "1GiB" },
  project: null,
  remote: null,
  target: UNKNOWN,
  source_file: null,
  location: UNKNOWN,
};

test("incus_storage_bucket create, read (drift), update (server keys kept), delete", async () => {
  const ctx = ctxOf();
  const resp = { state: null as never };
  await storageBucketResource.create({ planned: bucketPlan as never, config: {} as never }, ctx, resp);
  const post = fake.requests.find((r) => r.method === "POST");
  expect(post?.pathname).toBe("/1.0/storage-pools/p/buckets");
  expect(body(post as RecordedRequest)).toEqual({ name: "b1", description: "first", config: { size: "1GiB" } });
  expect(resp.state).toMatchObject({
    name: "b1",
    description: "first",
    config: { size: "1GiB" },
    target: "",
    location: "none",
  });

  // Drift: a key changed out of band is read back; a generated key is not.
  buckets.get("b1")!.config.size = "2GiB";
  const read = await storageBucketResource.read({ state: resp.state }, ctx);
  expect(read?.config).toEqual({ size: "2GiB" });

  const updated = { state: null as never };
  await storageBucketResource.update(
    {
      planned: { ...(resp.state as object), description: "second", config: { size: "3GiB", "user.x": null } },
    } as never,
    ctx,
    updated,
  );
  const put = fake.requests.find((r) => r.method === "PUT");
  expect(put?.headers["if-match"]).toBe("e1");
  expect(body(put as RecordedRequest)).toEqual({
    description: "second",
    config: { size: "3GiB", "volatile.uuid": "1234" },
  });
  // A key set to null is not sent, and stays a null element in state (Terraform requires it).
  expect(updated.state).toMatchObject({ description: "second", config: { size: "3GiB", "user.x": null } });

  await storageBucketResource.delete({ prior: updated.state }, ctx);
  expect(buckets.has("b1")).toBe(false);
  expect(await storageBucketResource.read({ state: updated.state }, ctx)).toBeNull();
  // Deleting a bucket that is already gone succeeds.
  await storageBucketResource.delete({ prior: updated.state }, ctx);
});

test("incus_storage_bucket: incusd without MinIO gives a diagnostic naming MinIO; without the extension nothing is sent", async () => {
  minio = false;
  const ctx = ctxOf();
  const err = await storageBucketResource
    .create({ planned: bucketPlan as never, config: {} as never }, ctx, { state: null })
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(DiagnosticError);
  expect((err as DiagnosticError).summary).toBe(
    'incus_storage_bucket: the Incus server has no MinIO to serve bucket "b1"',
  );
  expect((err as DiagnosticError).path).toEqual(["pool"]);

  extensions = [];
  fake.requests.length = 0;
  const missing = await storageBucketResource
    .create({ planned: bucketPlan as never, config: {} as never }, ctxOf(), { state: null })
    .catch((e: unknown) => e);
  expect((missing as DiagnosticError).summary).toBe(
    'incus_storage_bucket needs the Incus API extension "storage_buckets"',
  );
  expect(fake.requests.filter((r) => r.method !== "GET")).toEqual([]);
});

test("incus_storage_bucket_key create, update (same key pair), delete; a missing bucket is named", async () => {
  buckets.set("b1", { name: "b1", description: "", config: {}, location: "none", keys: new Map() });
  const ctx = ctxOf();
  const plan = {
    name: "k1",
    pool: "p",
    storage_bucket: "b1",
    description: "",
    role: "admin",
    project: null,
    remote: null,
    access_key: UNKNOWN,
    secret_key: UNKNOWN,
  };
  const resp = { state: null as never };
  await storageBucketKeyResource.create({ planned: plan as never, config: {} as never }, ctx, resp);
  expect(resp.state).toMatchObject({ name: "k1", role: "admin", access_key: "AK1", secret_key: "SK1" });

  const updated = { state: null as never };
  await storageBucketKeyResource.update(
    { planned: { ...(resp.state as object), description: "ci" } as never } as never,
    ctx,
    updated,
  );
  const put = fake.requests.find((r) => r.method === "PUT");
  expect(body(put as RecordedRequest)).toEqual({
    description: "ci",
    role: "admin",
    "access-key": "AK1",
    "secret-key": "SK1",
  });
  expect(updated.state).toMatchObject({ description: "ci", access_key: "AK1", secret_key: "SK1" });

  await storageBucketKeyResource.delete({ prior: updated.state }, ctx);
  expect(buckets.get("b1")!.keys.size).toBe(0);

  const err = await storageBucketKeyResource
    .create({ planned: { ...plan, storage_bucket: "nope" } as never, config: {} as never }, ctx, { state: null })
    .catch((e: unknown) => e);
  expect((err as DiagnosticError).summary).toBe('incus_storage_bucket_key: storage bucket "nope" does not exist');
});

test("incus_storage_bucket_key create finding its key: adopted in a bucket we own, else refused and left untouched", async () => {
  const planted = () =>
    new Map([
      ["k1", { name: "k1", description: "died run", role: "read-only", "access-key": "AK0", "secret-key": "SK0" }],
    ]);
  const bucket = (config: Record<string, string>) => ({
    name: "b1",
    description: "",
    config,
    location: "none",
    keys: planted(),
  });
  const plan = {
    name: "k1",
    pool: "p",
    storage_bucket: "b1",
    description: "ci",
    role: "admin",
    project: null,
    remote: null,
    access_key: UNKNOWN,
    secret_key: UNKNOWN,
  };
  const create = () => {
    const resp = { state: null as never };
    return storageBucketKeyResource.create({ planned: plan as never, config: {} as never }, ctxOf(), resp).then(
      () => resp.state as unknown,
      (e: unknown) => e,
    );
  };

  // The bucket carries our marker: the key is what a died run created; it is converged and keeps its pair.
  buckets.set("b1", bucket({ "user.cdktf-virt.owner": "stack/bucket" }));
  expect(await create()).toMatchObject({ name: "k1", description: "ci", role: "admin", access_key: "AK0" });

  // No marker, or a released bucket: refused with the import command, the key untouched.
  for (const config of [{}, { "user.cdktf-virt.owner": "released:stack/bucket" }] as Record<string, string>[]) {
    buckets.set("b1", bucket(config));
    fake.requests.length = 0;
    const err = (await create()) as DiagnosticError;
    expect(err).toBeInstanceOf(DiagnosticError);
    expect(err.summary).toBe('incus_storage_bucket_key "p/b1/k1" already exists');
    expect(err.detail).toContain("terraform import incus_storage_bucket_key.<resource name> /p/b1/k1");
    expect(err.path).toEqual(["name"]);
    expect(buckets.get("b1")!.keys.get("k1")).toMatchObject({ description: "died run", "access-key": "AK0" });
    expect(fake.requests.filter((r) => r.method === "PUT" || r.method === "DELETE")).toEqual([]);
  }
});

// --- request shapes of the new endpoints ------------------------------------------------------------------------

test("endpoint paths: cluster groups keep their slash, records and keys nest, scopes as the REST API", async () => {
  let recorded: RecordedRequest[] = [];
  const shapes = await startFakeIncus((req, res) => {
    recorded.push(req);
    sendJson(res, 200, sync(req.method === "GET" ? { name: "x" } : {}));
  });
  try {
    const c = shapes.client();
    await c.clusterGroups.get("g1");
    await c.clusterGroups.create({ name: "g1", members: ["m1"] });
    await c.networkZoneRecords.get("example.org", "www", { project: "p1" });
    await c.networkZoneRecords.update("example.org", "www", { entries: [{ type: "A", value: "192.0.2.1", ttl: 300 }] });
    await c.networkIntegrations.delete("i1", { project: "ignored" });
    await c.storageBucketKeys.create("pool", "b", { name: "k" }, { project: "p1", target: "m2" });
    await c.certificates.update("abc", {
      name: "n",
      type: "client",
      restricted: false,
      projects: [],
      certificate: "PEM",
    });
    expect(recorded.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET /1.0/cluster/groups/g1",
      "POST /1.0/cluster/groups",
      "GET /1.0/network-zones/example.org/records/www?project=p1",
      "PUT /1.0/network-zones/example.org/records/www",
      "DELETE /1.0/network-integrations/i1",
      "POST /1.0/storage-pools/pool/buckets/b/keys?project=p1&target=m2",
      "PUT /1.0/certificates/abc",
    ]);
  } finally {
    recorded = [];
    await shapes.close();
  }
});
