// The HTTPS transport against an in-process TLS server: mutual TLS, pinned-certificate mode
// (exact match, host name not checked), CA mode (host name checked), and TLS failures.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:https";
import type { Server } from "node:https";
import type { TLSSocket } from "node:tls";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IncusClient, certificateFingerprint, isTlsError } from "../../../lib/incus";
import type { HttpsRemote, IncusError } from "../../../lib/incus";
import { makeCertificate } from "../../support/incus";
import type { TestCertificate } from "../../support/incus";

const work = mkdtempSync(join(tmpdir(), "incus-tls-"));
let ca: TestCertificate;
let serverCert: TestCertificate;
let client: TestCertificate;
let server: Server;
let url = "";
const clients: IncusClient[] = [];
const seenClientFingerprints: string[] = [];

beforeAll(async () => {
  ca = makeCertificate(work, "test-ca", { isCa: true });
  serverCert = makeCertificate(work, "server", { issuer: ca, sans: ["IP:127.0.0.1", "DNS:incus.test"] });
  client = makeCertificate(work, "client");
  server = createServer(
    { cert: serverCert.cert, key: serverCert.key, requestCert: true, rejectUnauthorized: false },
    (req, res) => {
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      seenClientFingerprints.push(peer.fingerprint256 ?? "");
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          type: "sync",
          status: "Success",
          status_code: 200,
          metadata: { api_version: "1.0", auth: peer.fingerprint256 ? "trusted" : "untrusted" },
        }),
      );
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  rmSync(work, { recursive: true, force: true });
});

function connect(remote: Partial<HttpsRemote>): IncusClient {
  const c = new IncusClient({
    remote: { kind: "https", url, clientCert: client.cert, clientKey: client.key, ...remote },
  });
  clients.push(c);
  return c;
}

async function failure(p: Promise<unknown>): Promise<IncusError> {
  return (await p.then(
    () => {
      throw new Error("expected a failure");
    },
    (e: unknown) => e,
  )) as IncusError;
}

test("pinned mode: the exact server certificate verifies and the client certificate is presented", async () => {
  const { value } = await connect({ serverCert: serverCert.cert }).server.get();
  expect(value.auth).toBe("trusted");
  const expected = certificateFingerprint(client.cert);
  expect(seenClientFingerprints.at(-1)?.replace(/:/g, "").toLowerCase()).toBe(expected);
});

test("pinned mode ignores the host name: the pin is the identity", async () => {
  const c = connect({ serverCert: serverCert.cert, url: url.replace("127.0.0.1", "localhost") });
  expect((await c.server.get()).value.api_version).toBe("1.0");
});

test("pinned mode rejects another certificate, even one signed by a pinned CA", async () => {
  const other = await failure(connect({ serverCert: client.cert }).server.get());
  expect(isTlsError(other)).toBe(true);
  expect(other.message).toContain(url);
  // Pinning the CA as if it were the server certificate must not vouch for the server.
  const caPinned = await failure(connect({ serverCert: ca.cert }).server.get());
  expect(isTlsError(caPinned)).toBe(true);
  expect(caPinned.message).toMatch(/does not match the pinned certificate/);
});

test("CA mode verifies the chain and the host name", async () => {
  expect((await connect({ ca: ca.cert }).server.get()).value.api_version).toBe("1.0");
  const wrongHost = await failure(connect({ ca: ca.cert, url: url.replace("127.0.0.1", "localhost") }).server.get());
  expect(isTlsError(wrongHost)).toBe(true);
  expect(
    (await connect({ ca: ca.cert, url: url.replace("127.0.0.1", "localhost"), serverName: "incus.test" }).server.get())
      .value.api_version,
  ).toBe("1.0");
});

test("a CA that did not sign the server certificate is a TLS error", async () => {
  const otherCa = makeCertificate(work, "other-ca", { isCa: true });
  expect(isTlsError(await failure(connect({ ca: otherCa.cert }).server.get()))).toBe(true);
});
