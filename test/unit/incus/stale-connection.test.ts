// A kept-alive connection the daemon closed while it sat in the pool: the next request sent on it fails before
// any answer. The fake incusd plays that deterministically: it answers a first request (the connection stays
// open, pooled by the client), then drops that connection when the next request arrives on it. A request that is
// safe to repeat goes again, once, on a new connection; any other fails with an error that names it.
import { Readable } from "node:stream";
import { isConnectionError } from "../../../lib/incus";
import type { IncusClient } from "../../../lib/incus";
import { isIdempotent } from "../../../lib/incus/idempotent";
import { failure, sendJson, sync, useFakeIncus } from "./fake-incus";
import type { RecordedRequest } from "./fake-incus";

const incus = useFakeIncus();

/**
 * Answers everything, except that the first request arriving on the connection that carried the first answer is
 * dropped without a byte (the daemon closed that idle keep-alive connection). `partial`: instead, send the
 * headers and part of the body, then drop it.
 */
function dropKeptAliveConnection(opts: { partial?: boolean } = {}): void {
  let first: number | undefined;
  let dropped = false;
  incus.handler = (req, res) => {
    first ??= req.connection;
    if (!dropped && req.connection === first && incus.fake.requests.length > 1) {
      dropped = true;
      if (opts.partial) {
        res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
        res.write('{"type":"sync",');
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      }
      return void res.socket?.destroy();
    }
    sendJson(res, 200, sync({ api_version: "1.0" }));
  };
}

/** A first read, whose connection then sits idle in the client's pool. */
async function warmUp(): Promise<void> {
  await client.server.get();
  await new Promise((r) => setTimeout(r, 20)); // the client has taken the connection back as idle
}

/** Method, path and connection of each request the fake saw. */
const seen = () => incus.fake.requests.map((r: RecordedRequest) => `${r.method} ${r.pathname} #${r.connection}`);

let client: IncusClient;
beforeEach(async () => {
  // A client of its own per test: its pool starts empty, so the first request opens the connection to drop.
  client = incus.fake.client();
});
afterEach(async () => {
  await client.close();
});

test.each([
  [
    "PUT (a whole replacement)",
    "PUT",
    "/1.0/profiles/p",
    () => client.profiles.update("p", { description: "d", config: {}, devices: {} }),
  ],
  ["DELETE", "DELETE", "/1.0/profiles/p", () => client.profiles.delete("p")],
  [
    "PATCH of an object's config (a merge)",
    "PATCH",
    "/1.0/storage-pools/pool/volumes/custom/v",
    () => client.storageVolumes.patch("pool", "v", { config: { size: "1GiB" } }),
  ],
  ["POST of a whole file", "POST", "/1.0/instances/c1/files", () => client.instanceFiles.push("c1", "/etc/x", "bytes")],
])(
  "%s on a kept-alive connection the daemon closed is sent again once, on a new connection",
  async (_title, method, path, call) => {
    dropKeptAliveConnection();
    await warmUp();
    await call();
    const [first] = incus.fake.requests;
    expect(seen()).toEqual([
      `GET /1.0 #${first.connection}`,
      `${method} ${path} #${first.connection}`,
      `${method} ${path} #${first.connection + 1}`,
    ]);
    // The same request both times.
    expect(incus.fake.requests[2].body).toEqual(incus.fake.requests[1].body);
    expect(incus.fake.requests[2].url).toBe(incus.fake.requests[1].url);
  },
);

test("a POST that is not idempotent (creating a profile) is not sent again, and the error names it", async () => {
  dropKeptAliveConnection();
  await warmUp();
  const err = await failure(client.profiles.create({ name: "p" }));
  expect(isConnectionError(err)).toBe(true);
  expect(err.message).toMatch(
    /^Cannot reach Incus for POST \/1\.0\/profiles on unix:\S+ \((UND_ERR_SOCKET|ECONNRESET|EPIPE): /,
  );
  expect(err.message).toMatch(
    /the connection closed before any answer, and the request was not sent again because Incus may have applied it/,
  );
  expect(seen()).toEqual(
    ["GET /1.0 #1", "POST /1.0/profiles #1"].map((s) => s.replace("#1", `#${incus.fake.requests[0].connection}`)),
  );
});

test("appending to a file and streamed uploads are not sent again", async () => {
  dropKeptAliveConnection();
  await warmUp();
  expect(isConnectionError(await failure(client.instanceFiles.push("c1", "/log", "line\n", { write: "append" })))).toBe(
    true,
  );
  expect(incus.fake.requests.map((r) => r.method)).toEqual(["GET", "POST"]);

  incus.fake.requests.length = 0;
  await client.close();
  client = incus.fake.client();
  dropKeptAliveConnection();
  await warmUp();
  expect(
    isConnectionError(await failure(client.instanceFiles.push("c1", "/big", Readable.from([Buffer.from("stream")])))),
  ).toBe(true);
  expect(incus.fake.requests.map((r) => r.method)).toEqual(["GET", "POST"]);
});

test("a PUT whose answer had begun when the connection dropped is not sent again (Incus acted on it)", async () => {
  dropKeptAliveConnection({ partial: true });
  await warmUp();
  const err = await failure(client.profiles.update("p", { description: "d", config: {}, devices: {} }));
  expect(isConnectionError(err)).toBe(true);
  expect(incus.fake.requests.map((r) => r.method)).toEqual(["GET", "PUT"]);
});

test("a read whose connection dropped twice fails after the one new attempt", async () => {
  incus.handler = (_req, res) => void res.socket?.destroy();
  const err = await failure(client.server.get());
  expect(isConnectionError(err)).toBe(true);
  expect(err.message).toMatch(/GET \/1\.0 /);
  expect(incus.fake.requests).toHaveLength(2);
});

test("the table of requests safe to repeat", () => {
  for (const m of ["GET", "HEAD", "PUT", "DELETE"]) expect(isIdempotent(m, "/1.0/instances/c1")).toBe(true);
  expect(isIdempotent("PATCH", "/1.0")).toBe(true);
  expect(isIdempotent("PATCH", "/1.0/instances/c1?project=p")).toBe(true);
  expect(isIdempotent("PATCH", "/1.0/storage-pools/p/volumes/custom/v")).toBe(true);
  expect(isIdempotent("POST", "/1.0/instances")).toBe(false); // create
  expect(isIdempotent("POST", "/1.0/instances/c1")).toBe(false); // rename
  expect(isIdempotent("POST", "/1.0/instances/c1/exec")).toBe(false);
  expect(isIdempotent("POST", "/1.0/instances/c1/files", { "X-Incus-Type": "file" })).toBe(true);
  expect(isIdempotent("POST", "/1.0/instances/c1/files", { "x-incus-type": "file", "x-incus-write": "append" })).toBe(
    false,
  );
  expect(isIdempotent("POST", "/1.0/instances/c1/files", { "x-incus-type": "directory" })).toBe(true);
  expect(isIdempotent("POST", "/1.0/instances/c1/files", { "x-incus-type": "symlink" })).toBe(false);
});
