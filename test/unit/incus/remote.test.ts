// Remote resolution: socket path defaults and environment, and early, clear validation of HTTPS
// remotes (TLS verification can never be switched off).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IncusClient, resolveSocketPath } from "../../../lib/incus";
import { resolveRemote } from "../../../lib/incus/remotes/remote";
import { makeCertificate } from "../../support/incus";
import type { TestCertificate } from "../../support/incus";

const work = mkdtempSync(join(tmpdir(), "incus-remote-"));
let cert: TestCertificate;

beforeAll(() => {
  cert = makeCertificate(work, "client");
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

test("socket path: explicit, then INCUS_SOCKET, then INCUS_DIR, then the default", () => {
  expect(resolveSocketPath("/x.sock", { INCUS_SOCKET: "/y.sock", INCUS_DIR: "/d" })).toBe("/x.sock");
  expect(resolveSocketPath(undefined, { INCUS_SOCKET: "/y.sock", INCUS_DIR: "/d" })).toBe("/y.sock");
  expect(resolveSocketPath(undefined, { INCUS_DIR: "/srv/incus" })).toBe("/srv/incus/unix.socket");
  expect(resolveSocketPath(undefined, {})).toBe("/var/lib/incus/unix.socket");
  expect(resolveRemote(undefined, { INCUS_DIR: "/srv/incus" })).toEqual({
    kind: "unix",
    socketPath: "/srv/incus/unix.socket",
    endpoint: "unix:/srv/incus/unix.socket",
  });
});

test("the default client honours INCUS_SOCKET", async () => {
  const saved = process.env.INCUS_SOCKET;
  process.env.INCUS_SOCKET = "/tmp/somewhere/unix.socket";
  try {
    const client = new IncusClient();
    expect(client.endpoint).toBe("unix:/tmp/somewhere/unix.socket");
    await client.close();
  } finally {
    if (saved === undefined) delete process.env.INCUS_SOCKET;
    else process.env.INCUS_SOCKET = saved;
  }
});

test("an HTTPS remote with a pinned certificate resolves to its fingerprint", () => {
  const r = resolveRemote({
    kind: "https",
    url: "https://10.0.0.2:8443",
    clientCert: cert.cert,
    clientKey: cert.key,
    serverCert: cert.cert,
  });
  expect(r).toMatchObject({ kind: "https", origin: "https://10.0.0.2:8443", endpoint: "https://10.0.0.2:8443" });
  expect(r.kind === "https" && r.pinnedFingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
});

test.each([
  ["plain http", { url: "http://10.0.0.2:8443" }, /must start with https/],
  ["not a URL", { url: "10.0.0.2:8443" }, /not a URL|must start with https/],
  ["a path", { url: "https://10.0.0.2:8443/1.0" }, /only scheme, host and port/],
  ["no client key", { clientKey: "" }, /clientCert and clientKey are required/],
  [
    "a path instead of PEM",
    { clientCert: "/etc/incus/client.crt" },
    /not a PEM X.509 certificate.*contents, not its path/,
  ],
  [
    "a bad key",
    { clientKey: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n" },
    /clientKey is not a PEM private key/,
  ],
  ["neither pin nor CA", { serverCert: undefined }, /needs serverCert .* or ca .*cannot be turned off/],
  ["both pin and CA", { ca: "PEM" }, /either serverCert \(pinned\) or ca/],
])("an HTTPS remote with %s is rejected with a clear message", (_label, change, message) => {
  const remote = {
    kind: "https" as const,
    url: "https://10.0.0.2:8443",
    clientCert: cert.cert,
    clientKey: cert.key,
    serverCert: cert.cert,
    ...change,
  };
  expect(() => resolveRemote(remote)).toThrow(message);
  expect(() => new IncusClient({ remote })).toThrow(expect.objectContaining({ code: "INVALID_OPTIONS" }));
});
