// The download rules of libvirt_volume content without libvirtd: plain http is a plan-time error unless allowed,
// the download refuses plain http too, and a body larger than the cap is cut off with a message naming max_bytes.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ContentError, localContent } from "../../../lib/provider/libvirt/volume/content";
import type { CtyObjectValue } from "../../../lib/provider/framework";
import { volumeResource } from "../../../lib/provider/libvirt";
import { validateConfig } from "./support/validate-config";

let server: Server;
let base: string;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "t-libvirt-download-"));
  server = createServer((req, res) => {
    if (req.url === "/redirect") {
      res.writeHead(302, { location: `${base}/image` }).end();
      return;
    }
    // No Content-Length: the cap is enforced while counting.
    res.write(Buffer.alloc(3000, 1));
    res.end(Buffer.alloc(3000, 2));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const signal = new AbortController().signal;

test("plain http without allow_insecure_http is an error on create.content.url at plan time", () => {
  const config = (content: CtyObjectValue) => ({
    name: "v",
    pool: "p",
    capacity: null,
    backing_store: null,
    target: null,
    create: { content },
  });
  const refused = validateConfig(volumeResource, config({ url: "http://mirror/x.img", allow_insecure_http: null }));
  expect(refused.errors).toHaveLength(1);
  expect(refused.errors[0]).toMatchObject({ summary: "Insecure content URL", path: ["create", "content", "url"] });
  expect(validateConfig(volumeResource, config({ url: "http://mirror/x.img", allow_insecure_http: true })).all).toEqual(
    [],
  );
  expect(
    validateConfig(volumeResource, config({ url: "https://mirror/x.img", allow_insecure_http: null })).all,
  ).toEqual([]);
});

test("the download itself refuses plain http without the opt-in (a redirect to http takes the same check)", async () => {
  const err = (await localContent({ url: `${base}/redirect` }, signal).catch((e: unknown) => e)) as ContentError;
  expect(err).toBeInstanceOf(ContentError);
  expect(err.attribute).toBe("allow_insecure_http");
  expect(err.message).toMatch(/is plain http/);
});

test("a body over the cap is refused while it streams, naming max_bytes", async () => {
  const err = (await localContent({ url: `${base}/image`, allowInsecureHttp: true, maxBytes: 4000 }, signal).catch(
    (e: unknown) => e,
  )) as ContentError;
  expect(err).toBeInstanceOf(ContentError);
  expect(err.attribute).toBe("max_bytes");
  expect(err.message).toMatch(/more than the 4000 bytes allowed/);
  const ok = await localContent({ url: `${base}/image`, allowInsecureHttp: true, maxBytes: 6000 }, signal);
  expect(ok.size).toBe(6000);
  await ok.dispose();
});

test("a local file is checked against its checksum too", async () => {
  const file = join(dir, "local.img");
  writeFileSync(file, "abc");
  const sha = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
  await expect(localContent({ url: file, checksum: `sha256:${sha}` }, signal)).resolves.toMatchObject({ size: 3 });
  await expect(localContent({ url: file, checksum: `sha256:${"1".repeat(64)}` }, signal)).rejects.toThrow(
    new RegExp(`has sha256:${sha}, but the configuration expects sha256:${"1".repeat(64)}`),
  );
});
