// Request shapes of the endpoint modules that are more than plain JSON CRUD: file transfer
// headers, exec's recorded output, image upload, snapshots and state changes.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatMode } from "../../../lib/incus/instance-files";
import { asyncEnvelope, errorEnvelope, operation, sendJson, startFakeIncus, sync } from "./fake-incus";
import type { FakeIncus, Handler } from "./fake-incus";

let fake: FakeIncus;
let handler: Handler = () => undefined;

beforeAll(async () => {
  fake = await startFakeIncus((req, res) => handler(req, res));
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

test("formatMode accepts numbers and octal strings and rejects the rest", () => {
  expect(formatMode(0o640)).toBe("0640");
  expect(formatMode(0o4755)).toBe("4755");
  expect(formatMode("755")).toBe("0755");
  expect(() => formatMode(0o10000)).toThrow(/between 0 and 0o7777/);
  expect(() => formatMode("rw-r--r--")).toThrow(/octal digits/);
});

test("file push sends bytes as octet-stream with ownership headers", async () => {
  handler = (_req, res) => sendJson(res, 200, sync({}));
  const bytes = Buffer.from([0, 1, 2, 255]);
  await fake
    .client()
    .instanceFiles.push("c1", "/etc/x.bin", bytes, { uid: 5, gid: 6, mode: 0o600, write: "append", project: "p" });
  const [req] = fake.requests;
  expect(req.method).toBe("POST");
  expect(req.pathname).toBe("/1.0/instances/c1/files");
  expect(Object.fromEntries(req.query)).toEqual({ path: "/etc/x.bin", project: "p" });
  expect(req.headers).toMatchObject({
    "content-type": "application/octet-stream",
    "x-incus-type": "file",
    "x-incus-uid": "5",
    "x-incus-gid": "6",
    "x-incus-mode": "0600",
    "x-incus-write": "append",
  });
  expect(req.body.equals(bytes)).toBe(true);
  await expect(fake.client().instanceFiles.push("c1", "relative", "x")).rejects.toMatchObject({
    code: "INVALID_OPTIONS",
  });
});

test("file get distinguishes files (raw bytes) from directories (JSON listing)", async () => {
  handler = (req, res) => {
    if (req.query.get("path") === "/dir")
      return sendJson(res, 200, sync(["a", "b"]), {
        "x-incus-type": "directory",
        "x-incus-mode": "0755",
        "x-incus-uid": "0",
        "x-incus-gid": "0",
      });
    res.writeHead(200, {
      "content-type": "application/octet-stream",
      "x-incus-type": "file",
      "x-incus-mode": "0640",
      "x-incus-uid": "7",
      "x-incus-gid": "8",
    });
    res.end('{"looks":"like json"}');
  };
  const files = fake.client().instanceFiles;
  expect(await files.get("c1", "/dir")).toEqual({
    type: "directory",
    uid: 0,
    gid: 0,
    mode: 0o755,
    entries: ["a", "b"],
  });
  const file = await files.get("c1", "/f.json");
  expect(file).toMatchObject({ type: "file", uid: 7, gid: 8, mode: 0o640 });
  expect(file.content?.toString()).toBe('{"looks":"like json"}');
});

test("exec runs without websockets, reads the recorded output and deletes the logs", async () => {
  const out = "/1.0/instances/c1/logs/exec-output/exec_op9.stdout";
  const errLog = "/1.0/instances/c1/logs/exec-output/exec_op9.stderr";
  handler = (req, res) => {
    if (req.method === "POST") return sendJson(res, 202, asyncEnvelope("op9"));
    if (req.pathname.endsWith("/wait"))
      return sendJson(
        res,
        200,
        sync(operation("op9", 200, { metadata: { return: 2, output: { "1": out, "2": errLog } } })),
      );
    if (req.method === "DELETE") return sendJson(res, 200, sync({}));
    res.writeHead(200, { "content-type": "application/octet-stream" });
    res.end(req.pathname === out ? "hello\n" : "oops\n");
  };
  const result = await fake
    .client()
    .exec.run("c1", ["sh", "-c", "x"], { environment: { A: "1" }, cwd: "/tmp", user: 1000, project: "p" });
  expect(result).toEqual({ exitCode: 2, stdout: "hello\n", stderr: "oops\n" });
  const post = fake.requests[0];
  expect(JSON.parse(post.body.toString())).toEqual({
    command: ["sh", "-c", "x"],
    environment: { A: "1" },
    interactive: false,
    "wait-for-websocket": false,
    "record-output": true,
    cwd: "/tmp",
    user: 1000,
  });
  const deletes = fake.requests
    .filter((r) => r.method === "DELETE")
    .map((r) => r.url)
    .sort();
  expect(deletes).toEqual([`${errLog}?project=p`, `${out}?project=p`]);
  await expect(fake.client().exec.run("c1", [])).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
});

test("image import uploads a multipart body with metadata and rootfs parts", async () => {
  handler = (req, res) => {
    if (req.method === "POST") return sendJson(res, 202, asyncEnvelope("op10"));
    return sendJson(res, 200, sync(operation("op10", 200, { metadata: { fingerprint: "f00d", size: "7" } })));
  };
  const result = await fake.client().images.import({
    metadata: Buffer.from("META"),
    rootfs: Buffer.from("ROOT"),
    type: "virtual-machine",
    aliases: ["a/1", "b"],
    properties: { os: "x y" },
    public: true,
  });
  expect(result).toEqual({ fingerprint: "f00d", size: 7 });
  const post = fake.requests[0];
  const contentType = String(post.headers["content-type"]);
  expect(contentType).toMatch(/^multipart\/form-data; boundary=/);
  expect(Number(post.headers["content-length"])).toBe(post.body.length);
  expect(post.headers["x-incus-aliases"]).toBe("alias=a%2F1&alias=b");
  expect(post.headers["x-incus-properties"]).toBe("os=x+y");
  expect(post.headers["x-incus-public"]).toBe("true");
  const form = await new Response(new Uint8Array(post.body), { headers: { "content-type": contentType } }).formData();
  expect(await (form.get("metadata") as Blob).text()).toBe("META");
  expect(await (form.get("rootfs.img") as Blob).text()).toBe("ROOT");
});

test("state changes send the action with force and timeout", async () => {
  handler = (req, res) =>
    req.method === "PUT" ? sendJson(res, 202, asyncEnvelope("op11")) : sendJson(res, 200, sync(operation("op11", 200)));
  const state = fake.client().instanceState;
  await state.stop("c1", { force: true });
  await state.restart("c1", { timeout: 30 });
  await state.start("c1");
  const bodies = fake.requests.filter((r) => r.method === "PUT").map((r) => JSON.parse(r.body.toString()));
  expect(bodies).toEqual([
    { action: "stop", force: true, timeout: -1 },
    { action: "restart", force: false, timeout: 30 },
    { action: "start" },
  ]);
});

test("snapshot listings are reduced to the snapshot's own name", async () => {
  handler = (_req, res) => sendJson(res, 200, sync([{ name: "c1/snap0" }, { name: "c1/snap1" }]));
  expect((await fake.client().instanceSnapshots.list("c1")).map((s) => s.name)).toEqual(["snap0", "snap1"]);
  expect(fake.requests[0].url).toBe("/1.0/instances/c1/snapshots?recursion=1");
});

test("volume copy takes the content type from the source volume", async () => {
  handler = (req, res) => {
    if (req.method === "POST") return sendJson(res, 202, asyncEnvelope("op12"));
    if (!req.pathname.startsWith("/1.0/operations"))
      return sendJson(res, 200, sync({ name: "src", content_type: "block", config: {} }));
    return sendJson(res, 200, sync(operation("op12", 200)));
  };
  await fake
    .client()
    .storageVolumes.copy(
      "dst-pool",
      "copy",
      { pool: "src-pool", name: "src" },
      { sourceProject: "other", project: "p" },
    );
  const [get, post] = fake.requests;
  expect(get.url).toBe("/1.0/storage-pools/src-pool/volumes/custom/src?project=other");
  expect(post.url).toBe("/1.0/storage-pools/dst-pool/volumes/custom?project=p");
  expect(JSON.parse(post.body.toString())).toEqual({
    name: "copy",
    type: "custom",
    content_type: "block",
    source: { type: "copy", pool: "src-pool", name: "src", project: "other", volume_only: false },
  });
});

test("certificates are sent as base64 DER and a bad PEM is refused before any request", async () => {
  handler = (_req, res) => sendJson(res, 400, errorEnvelope(400, "should not be reached"));
  await expect(fake.client().certificates.add({ certificate: "not a cert", name: "x" })).rejects.toMatchObject({
    code: "INVALID_OPTIONS",
  });
  expect(fake.requests).toHaveLength(0);
});

describe("typed endpoints for what the provider used to send by hand", () => {
  const dir = mkdtempSync(join(tmpdir(), "t-incus-endpoints-"));
  const file = join(dir, "disk.img");
  writeFileSync(file, "BYTES");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeEach(() => {
    handler = (req, res) => {
      if (req.method !== "GET" && !req.pathname.startsWith("/1.0/operations"))
        return sendJson(res, 202, asyncEnvelope("op20"));
      if (req.pathname.startsWith("/1.0/operations"))
        return sendJson(res, 200, sync(operation("op20", 200, { metadata: { fingerprint: "beef" } })));
      return sendJson(res, 200, sync({ name: "v", type: "image" }));
    };
  });

  const sent = () =>
    fake.requests
      .filter((r) => !r.pathname.startsWith("/1.0/operations"))
      .map((r) => ({
        method: r.method,
        url: r.url,
        headers: Object.fromEntries(
          Object.entries(r.headers).filter(([k]) => k.startsWith("x-incus-") || k === "content-type"),
        ),
        body: r.headers["content-type"] === "application/json" ? JSON.parse(r.body.toString()) : r.body.toString(),
      }));

  test("images: unified file upload, URL pull, publish, copy from an image server; each returns the fingerprint", async () => {
    const images = fake.client().images;
    expect(await images.importFile(file, { project: "p" })).toBe("beef");
    expect(await images.importUrl("https://example.com/i.tar.xz")).toBe("beef");
    expect(await images.publish("c1", { snapshot: "s0" })).toBe("beef");
    expect(
      await images.copyFromServer({
        server: "https://images.example",
        protocol: "simplestreams",
        alias: "alpine/3.20",
        architecture: "x86_64",
      }),
    ).toBe("beef");
    expect(sent()).toEqual([
      {
        method: "POST",
        url: "/1.0/images?project=p",
        headers: {
          "content-type": "application/octet-stream",
          "x-incus-public": "false",
          "x-incus-filename": "disk.img",
        },
        body: "BYTES",
      },
      {
        method: "POST",
        url: "/1.0/images",
        headers: { "content-type": "application/json" },
        body: { source: { type: "url", mode: "pull", protocol: "direct", url: "https://example.com/i.tar.xz" } },
      },
      {
        method: "POST",
        url: "/1.0/images",
        headers: { "content-type": "application/json" },
        body: { source: { type: "snapshot", name: "c1/s0" }, public: false },
      },
      {
        method: "POST",
        url: "/1.0/images",
        headers: { "content-type": "application/json" },
        body: {
          source: {
            type: "image",
            mode: "pull",
            server: "https://images.example",
            protocol: "simplestreams",
            image_type: "container",
            alias: "alpine/3.20",
          },
          architecture: "x86_64",
        },
      },
    ]);
  });

  test("an image operation without a fingerprint is an INVALID_RESPONSE", async () => {
    handler = (req, res) =>
      req.method === "POST"
        ? sendJson(res, 202, asyncEnvelope("op21"))
        : sendJson(res, 200, sync(operation("op21", 200, { metadata: {} })));
    await expect(fake.client().images.publish("c1")).rejects.toMatchObject({
      code: "INVALID_RESPONSE",
      message: expect.stringMatching(/Publishing c1 finished without reporting the image fingerprint/),
    });
  });

  test("instance backup import, forced project delete, volume import and any-type volume read, token trust", async () => {
    const client = fake.client();
    await client.instances.importBackup(file, { name: "c2", pool: "pool1", project: "p" });
    await client.projects.forceDelete("tenant");
    await client.storageVolumes.importFile("pool1", "iso1", file, { iso: true, project: "p", target: "m1" });
    await client.storageVolumes.importFile("pool1", "vol1", file);
    expect((await client.storageVolumes.getOfType("pool1", "image", "beef", { project: "p" })).value).toMatchObject({
      type: "image",
    });
    await client.certificates.addWithToken("TOKEN", { name: "ci" });
    expect(sent()).toEqual([
      {
        method: "POST",
        url: "/1.0/instances?project=p",
        headers: { "content-type": "application/octet-stream", "x-incus-name": "c2", "x-incus-pool": "pool1" },
        body: "BYTES",
      },
      { method: "DELETE", url: "/1.0/projects/tenant?force=true", headers: {}, body: "" },
      {
        method: "POST",
        url: "/1.0/storage-pools/pool1/volumes/custom?project=p&target=m1",
        headers: { "content-type": "application/octet-stream", "x-incus-name": "iso1", "x-incus-type": "iso" },
        body: "BYTES",
      },
      {
        method: "POST",
        url: "/1.0/storage-pools/pool1/volumes/custom",
        headers: { "content-type": "application/octet-stream", "x-incus-name": "vol1" },
        body: "BYTES",
      },
      { method: "GET", url: "/1.0/storage-pools/pool1/volumes/image/beef?project=p", headers: {}, body: "" },
      {
        method: "POST",
        url: "/1.0/certificates",
        headers: { "content-type": "application/json" },
        body: { type: "client", trust_token: "TOKEN", name: "ci" },
      },
    ]);
  });

  test("an upload file that cannot be read is refused before any request", async () => {
    await expect(
      fake.client().storageVolumes.importFile("pool1", "v", join(dir, "missing.iso"), { iso: true }),
    ).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
    expect(fake.requests).toHaveLength(0);
  });
});
