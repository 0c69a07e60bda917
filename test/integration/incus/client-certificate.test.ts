// The client certificate the provider generates (an end-entity client certificate, not a CA) against the real
// daemons: the local incusd over HTTPS trusts it once added, and host "b" enrols it with a one-time trust token
// redeemed through the remote table, the server certificate vouched for by the token's fingerprint.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  DEFAULT_INCUS_DIR,
  IncusClient,
  RemoteTable,
  certificateFingerprint,
  loadClientIdentity,
} from "../../../lib/incus";
import { generateClientCertificate } from "../../../lib/provider/incus/client-certificate";
import { Cleanup, requireIncus, testClient, uniqueName } from "../../support/incus";
import { localHttpsUrl } from "../../support/incus-https";
import { hostsFile, httpsClient, incusCli, requireHttpsHost } from "../../support/incus-hosts";

jest.setTimeout(120_000);

const local = testClient();
const cleanup = new Cleanup();
const configDir = mkdtempSync(join(tmpdir(), "cdktf-virt-client-cert-"));
const clients: IncusClient[] = [];
let b: IncusClient;

beforeAll(async () => {
  await requireIncus(local, { pool: false, image: false });
  b = httpsClient(hostsFile().hosts.b.address, "b");
  clients.push(b);
  await requireHttpsHost(b, 'Incus host "b"');
  loadClientIdentity(configDir, generateClientCertificate);
});

afterAll(async () => {
  try {
    await cleanup.run();
  } finally {
    await Promise.all(clients.map((c) => c.close()));
    await local.close();
    rmSync(configDir, { recursive: true, force: true });
  }
});

test("the local incusd accepts the generated client certificate over HTTPS", async () => {
  const identity = loadClientIdentity(configDir)!;
  const url = await localHttpsUrl(local);
  const fingerprint = await local.certificates.add({ certificate: identity.cert, name: uniqueName("client-cert") });
  cleanup.add(`trusted certificate ${fingerprint}`, () => local.certificates.delete(fingerprint));
  const serverCert = readFileSync(join(process.env.INCUS_DIR ?? DEFAULT_INCUS_DIR, "server.crt"), "utf8");
  const client = new IncusClient({
    remote: { kind: "https", url, clientCert: identity.cert, clientKey: identity.key, serverCert },
    requestTimeoutMs: 10_000,
  });
  clients.push(client);
  expect((await client.server.get()).value.auth).toBe("trusted");
  expect(Array.isArray(await client.instances.list())).toBe(true);
});

test("host b enrols it with a trust token whose fingerprint vouches for b's certificate", async () => {
  const name = uniqueName("client-cert");
  const token = incusCli(["config", "trust", "add", `b:${name}`, "--quiet"]).trim();
  cleanup.add(`trust token ${name}`, async () => {
    try {
      incusCli(["config", "trust", "revoke-token", `b:${name}`]);
    } catch {
      // redeemed: nothing to revoke
    }
  });
  const table = RemoteTable.load({
    configDir,
    env: {},
    remotes: [{ name: "b", address: hostsFile().hosts.b.address, token }],
  });
  const setups = await table.establishTrust({ accept: false, timeoutMs: 15_000 });
  for (const s of setups) if (s.client) clients.push(s.client);
  const identity = loadClientIdentity(configDir)!;
  const fingerprint = certificateFingerprint(identity.cert);
  cleanup.add(`certificate ${fingerprint} on b`, () => b.certificates.delete(fingerprint));
  expect(setups).toMatchObject([{ remote: "b", pinned: { onFirstUse: false } }]);
  expect((await b.certificates.get(fingerprint)).value).toMatchObject({ name, type: "client" });
  const client = new IncusClient({ remote: table.connection("b"), requestTimeoutMs: 10_000 });
  clients.push(client);
  expect((await client.server.get()).value.auth).toBe("trusted");
});
