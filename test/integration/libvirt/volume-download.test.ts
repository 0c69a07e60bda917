// libvirt_volume content from a URL, against the real terraform and libvirtd and servers run by this test: https
// from a private CA given through NODE_EXTRA_CA_CERTS, a checksum checked before anything is uploaded, a size cap,
// and plain http only on request. The bytes in the pool are read back with vol-download.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { LIBVIRT_TEST_POOL, libvirtTestPrefix } from "../../support/libvirt";
import { header } from "./harness";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(300_000);

const prefix = libvirtTestPrefix("download");
const POOL = LIBVIRT_TEST_POOL;
const IMAGE = Buffer.concat([Buffer.from("cdktf-virt download test image\n"), Buffer.alloc(64 * 1024, 7)]);
const SHA256 = createHash("sha256").update(IMAGE).digest("hex");
const suite = libvirtWorkspaceSuite(prefix, () => header());

let caPath: string;
let httpsUrl: string;
let httpUrl: string;
const servers: Server[] = [];

/** A CA and a server certificate for 127.0.0.1 signed by it, made with openssl in the workspace. */
function makeCertificates(dir: string): { key: Buffer; cert: Buffer } {
  const run = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
  run(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "2",
    "-subj",
    "/CN=cdktf-virt test CA",
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
  );
  run("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", "server.key", "-out", "server.csr");
  writeFileSync(join(dir, "ext.cnf"), "subjectAltName=IP:127.0.0.1\n");
  run(
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-days",
    "2",
    "-extfile",
    "ext.cnf",
    "-out",
    "server.pem",
  );
  return { key: readFileSync(join(dir, "server.key")), cert: readFileSync(join(dir, "server.pem")) };
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

beforeAll(async () => {
  const dir = suite.ws.root;
  const tls = makeCertificates(dir);
  caPath = join(dir, "ca.pem");
  const serve = (_req: unknown, res: import("node:http").ServerResponse) => res.end(IMAGE);
  const secure = createHttpsServer(tls, serve);
  const plain = createServer(serve);
  servers.push(secure, plain);
  httpsUrl = `https://${await listen(secure)}/image.raw`;
  httpUrl = `http://${await listen(plain)}/image.raw`;
});

afterAll(async () => {
  for (const s of servers) await new Promise<void>((resolve) => s.close(() => resolve()));
});

function config(name: string, content: string): string {
  return `${header()}
resource "libvirt_volume" "img" {
  name   = "${prefix}${name}"
  pool   = "${POOL}"
  target = { format = { type = "raw" } }
  create = { content = { ${content} } }
}
`;
}

const withCa = () => ({ env: { NODE_EXTRA_CA_CERTS: caPath } });

async function volumeBytes(name: string): Promise<Buffer> {
  return suite.client.volumes.download(POOL, `${prefix}${name}`);
}

test("https with a private CA from NODE_EXTRA_CA_CERTS and a matching checksum: the bytes land in the volume", async () => {
  suite.ws.write("main.tf", config("ok", `url = "${httpsUrl}", checksum = "sha256:${SHA256}"`));
  await suite.ws.ok(["apply", "-auto-approve", "-input=false"], withCa());
  expect(await volumeBytes("ok")).toEqual(IMAGE);
  await suite.ws.ok(["destroy", "-auto-approve", "-input=false"], withCa());
});

test("a checksum mismatch is refused naming both digests, and nothing is in the pool", async () => {
  const wrong = "0".repeat(64);
  suite.ws.write("main.tf", config("bad", `url = "${httpsUrl}", checksum = "sha256:${wrong}"`));
  const r = await suite.ws.run(["apply", "-auto-approve", "-input=false"], withCa());
  expect(r.code).toBe(1);
  expect(r.output).toContain("Content checksum mismatch");
  expect(r.output.replace(/\s+/g, " ")).toMatch(
    new RegExp(`create.content.checksum: .* has sha256:${SHA256}, but the configuration expects sha256:${wrong}`),
  );
  expect(await suite.client.volumes.find(POOL, `${prefix}bad`)).toBeUndefined();
});

test("without the CA the https server is not trusted", async () => {
  suite.ws.write("main.tf", config("untrusted", `url = "${httpsUrl}"`));
  const r = await suite.ws.run(["apply", "-auto-approve", "-input=false"]);
  expect(r.code).toBe(1);
  expect(r.output).toMatch(/Download failed[\s\S]*(self.signed|unable to verify|certificate)/i);
  expect(await suite.client.volumes.find(POOL, `${prefix}untrusted`)).toBeUndefined();
});

test("plain http is refused at plan time unless allow_insecure_http is set", async () => {
  suite.ws.write("main.tf", config("plain", `url = "${httpUrl}"`));
  const plan = await suite.ws.plan();
  expect(plan.code).toBe(1);
  expect(plan.output).toContain("Insecure content URL");
  expect(plan.output).toContain("allow_insecure_http");

  suite.ws.write(
    "main.tf",
    config("plain", `url = "${httpUrl}", allow_insecure_http = true, checksum = "sha256:${SHA256}"`),
  );
  await suite.ws.apply();
  expect(await volumeBytes("plain")).toEqual(IMAGE);
  await suite.ws.destroy();
});

test("a body larger than max_bytes (or the capacity) is refused before anything is uploaded", async () => {
  suite.ws.write("main.tf", config("big", `url = "${httpsUrl}", max_bytes = 1024`));
  const r = await suite.ws.run(["apply", "-auto-approve", "-input=false"], withCa());
  expect(r.code).toBe(1);
  expect(r.output).toContain("Download refused");
  expect(r.output.replace(/\s+/g, " ")).toContain(`is ${IMAGE.length} bytes, more than the 1024 bytes allowed`);
  expect(await suite.client.volumes.find(POOL, `${prefix}big`)).toBeUndefined();
});
