// Copies between two servers against two fake incusds: what the source is asked for (alias, certificate, a download
// secret or a migration operation, left running), what the target is sent (secret, certificate, the source's
// operation URL), and that a secret the target could not use is withdrawn.
import type { ServerResponse } from "node:http";
import { copyImageBetweenServers, copyVolumeBetweenServers } from "../../../lib/incus/server-copy";
import { asyncEnvelope, errorEnvelope, operation, sendJson, sync, useFakeIncus } from "./fake-incus";
import type { RecordedRequest } from "./fake-incus";

const source = useFakeIncus();
const target = useFakeIncus();

const FINGERPRINT = "a".repeat(64);
const SOURCE_URL = "https://src.example:8443";
const PEM = "-----BEGIN CERTIFICATE-----\nsource\n-----END CERTIFICATE-----\n";

/** A started operation that stays running, with `metadata`. */
function running(id: string, cls: string, metadata: Record<string, unknown>) {
  return { ...asyncEnvelope(id), metadata: operation(id, 103, { class: cls, metadata }) };
}

/** The source's answers: alias lookup, GET /1.0, the image secret, the volume migration, operation cancels. */
function sourceHandler(req: RecordedRequest, res: ServerResponse): void {
  if (req.method === "GET" && req.pathname === "/1.0/images/aliases/web")
    return sendJson(res, 200, sync({ name: "web", target: FINGERPRINT, type: "container" }));
  if (req.method === "GET" && req.pathname === "/1.0")
    return sendJson(res, 200, sync({ auth: "trusted", environment: { certificate: PEM } }));
  if (req.method === "POST" && req.pathname === `/1.0/images/${FINGERPRINT}/secret`)
    return sendJson(res, 202, running("sec1", "token", { secret: "s3cret" }));
  if (req.method === "GET" && req.pathname === "/1.0/storage-pools/p1/volumes/custom/v1")
    return sendJson(res, 200, sync({ name: "v1", type: "custom", content_type: "block", config: {} }));
  if (req.method === "POST" && req.pathname === "/1.0/storage-pools/p1/volumes/custom/v1")
    return sendJson(res, 202, running("mig1", "websocket", { control: "c-secret", fs: "fs-secret" }));
  if (req.method === "DELETE" && req.pathname.startsWith("/1.0/operations/")) return sendJson(res, 200, sync({}));
  sendJson(res, 404, errorEnvelope(404, "not found"));
}

const json = (req: RecordedRequest) => JSON.parse(req.body.toString("utf8")) as Record<string, unknown>;
const cancels = () =>
  source.fake.requests.filter((r) => r.method === "DELETE").map((r) => r.pathname.replace("/1.0/operations/", ""));

test("a private image is pulled by fingerprint with its secret and the source's certificate", async () => {
  source.handler = sourceHandler;
  target.handler = (req, res) => {
    if (req.method === "POST" && req.pathname === "/1.0/images") return sendJson(res, 202, asyncEnvelope("cp1"));
    sendJson(res, 200, sync(operation("cp1", 200, { metadata: { fingerprint: FINGERPRINT } })));
  };
  const fingerprint = await copyImageBetweenServers(
    target.fake.client(),
    { client: source.fake.client(), url: SOURCE_URL },
    { name: "web" },
    { project: "other" },
  );
  expect(fingerprint).toBe(FINGERPRINT);
  const post = target.fake.requests.find((r) => r.method === "POST")!;
  expect(post.query.get("project")).toBe("other");
  expect(json(post).source).toEqual({
    type: "image",
    mode: "pull",
    server: SOURCE_URL,
    protocol: "incus",
    image_type: "container",
    fingerprint: FINGERPRINT,
    secret: "s3cret",
    certificate: PEM,
  });
  // The target's project is not the source's.
  expect(source.fake.requests.every((r) => r.query.get("project") === null)).toBe(true);
  expect(cancels()).toEqual([]);
});

test("a secret the target could not use is withdrawn, and the target's error is passed on", async () => {
  source.handler = sourceHandler;
  target.handler = (_req, res) => sendJson(res, 500, errorEnvelope(500, "Failed to download image"));
  await expect(
    copyImageBetweenServers(
      target.fake.client(),
      { client: source.fake.client(), url: SOURCE_URL },
      { name: "web" },
      {},
    ),
  ).rejects.toThrow(/Failed to download image/);
  expect(cancels()).toEqual(["sec1"]);
});

test("a volume is pulled from the source's migration operation with its secrets; a failed pull cancels it", async () => {
  source.handler = sourceHandler;
  target.handler = (_req, res) => sendJson(res, 200, sync({}));
  await copyVolumeBetweenServers(
    target.fake.client(),
    { client: source.fake.client(), url: SOURCE_URL, project: "default" },
    { pool: "p1", name: "v1" },
    { pool: "p2", name: "v2", description: "copy" },
    { project: "other" },
  );
  const migrate = source.fake.requests.find((r) => r.method === "POST")!;
  expect(json(migrate)).toEqual({ name: "v1", migration: true, volume_only: true });
  expect(migrate.query.get("project")).toBe("default");
  const create = target.fake.requests.find((r) => r.method === "POST")!;
  expect(create.pathname).toBe("/1.0/storage-pools/p2/volumes/custom");
  expect(create.query.get("project")).toBe("other");
  expect(json(create)).toEqual({
    name: "v2",
    type: "custom",
    content_type: "block",
    description: "copy",
    source: {
      type: "migration",
      mode: "pull",
      operation: `${SOURCE_URL}/1.0/operations/mig1`,
      certificate: PEM,
      secrets: { control: "c-secret", fs: "fs-secret" },
      volume_only: true,
    },
  });
  expect(cancels()).toEqual([]);

  source.fake.requests.length = 0;
  target.handler = (_req, res) => sendJson(res, 400, errorEnvelope(400, "Storage pool is full"));
  await expect(
    copyVolumeBetweenServers(
      target.fake.client(),
      { client: source.fake.client(), url: SOURCE_URL },
      { pool: "p1", name: "v1" },
      { pool: "p2", name: "v2" },
      {},
    ),
  ).rejects.toThrow(/Storage pool is full/);
  expect(cancels()).toEqual(["mig1"]);
});
