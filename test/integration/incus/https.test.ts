// HTTPS with mutual TLS against the real incusd: a trusted client certificate works with the
// server verified by its pinned certificate; an untrusted certificate is refused; a wrong pin is a
// TLS error. It uses the daemon's HTTPS listener (its own, or the one the integration run started);
// the trust entry it adds is removed afterwards.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_INCUS_DIR, IncusClient, certificateFingerprint, isTlsError } from "../../../lib/incus";
import type { IncusError } from "../../../lib/incus";
import { Cleanup, makeCertificate, requireIncus, testClient, uniqueName } from "../../support/incus";
import type { TestCertificate } from "../../support/incus";
import { localHttpsUrl } from "../../support/incus-https";

jest.setTimeout(60_000);

const local = testClient();
const cleanup = new Cleanup();
const work = mkdtempSync(join(tmpdir(), "cdktf-virt-https-"));
const clients: IncusClient[] = [];
let url = "";
let serverCert = "";
let trusted: TestCertificate;
let untrusted: TestCertificate;

function httpsClient(cert: TestCertificate, pin: string, at = url): IncusClient {
  const client = new IncusClient({
    remote: { kind: "https", url: at, clientCert: cert.cert, clientKey: cert.key, serverCert: pin },
    requestTimeoutMs: 10_000,
  });
  clients.push(client);
  return client;
}

async function waitUntilListening(): Promise<void> {
  const probe = httpsClient(untrusted, serverCert);
  for (let i = 0; ; i++) {
    try {
      await probe.server.get({ timeoutMs: 2_000 });
      return;
    } catch (err) {
      if (i >= 50) throw new Error(`Incus did not start listening on ${url}: ${(err as Error).message}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

beforeAll(async () => {
  const server = await requireIncus(local, { pool: false, image: false });
  // Pin the daemon's certificate file, as a user would; fall back to what the API reports.
  const certFile = join(process.env.INCUS_DIR ?? DEFAULT_INCUS_DIR, "server.crt");
  serverCert = existsSync(certFile) ? readFileSync(certFile, "utf8") : (server.environment?.certificate ?? "");
  trusted = makeCertificate(work, uniqueName("trusted"));
  untrusted = makeCertificate(work, uniqueName("untrusted"));

  url = await localHttpsUrl(local); // the user's own listener is used, never changed

  const fingerprint = await local.certificates.add({ certificate: trusted.cert, name: uniqueName("incus") });
  cleanup.add(`trusted certificate ${fingerprint}`, () => local.certificates.delete(fingerprint));
  await waitUntilListening();
});

afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await Promise.all(clients.map((c) => c.close()));
  try {
    await cleanup.run();
  } finally {
    await local.close();
  }
});

test("a trusted client certificate talks to the server verified by its pinned certificate", async () => {
  const client = httpsClient(trusted, serverCert);
  const { value } = await client.server.get();
  expect(value.auth).toBe("trusted");
  expect(value.environment?.certificate_fingerprint).toBe(certificateFingerprint(serverCert));
  expect(Array.isArray(await client.instances.list())).toBe(true);
  expect(client.endpoint).toBe(url);
});

test("the pin is the identity: a host name the certificate does not list still verifies", async () => {
  const client = httpsClient(trusted, serverCert, url.replace("127.0.0.1", "localhost"));
  expect((await client.server.get()).value.auth).toBe("trusted");
});

test("an untrusted client certificate is refused", async () => {
  const client = httpsClient(untrusted, serverCert);
  expect((await client.server.get()).value.auth).toBe("untrusted");
  const err = (await client.instances.list().catch((e: unknown) => e)) as IncusError;
  expect(err.code).toBe("FORBIDDEN");
  expect(err.status).toBe(403);
});

test("a wrong pinned server certificate fails the handshake with code TLS", async () => {
  const client = httpsClient(trusted, untrusted.cert);
  const err = (await client.server.get().catch((e: unknown) => e)) as IncusError;
  expect(isTlsError(err)).toBe(true);
  expect(err.message).toContain(url);
});

test("many requests share the pooled TLS connections", async () => {
  const client = httpsClient(trusted, serverCert);
  const results = await Promise.all(Array.from({ length: 20 }, () => client.server.get()));
  expect(results.every((r) => r.value.auth === "trusted")).toBe(true);
});
