// A trust token names the server it belongs to (the fingerprint of its certificate). Against an in-process HTTPS
// server standing in for incusd: a server whose certificate contradicts the token gets neither the token nor a pin,
// whatever accept_remote_certificate says; the matching server gets both. What the incus CLI does for
// `incus remote add <name> <token>`.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:https";
import type { Server } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RemoteTable, certificateFingerprint, loadClientIdentity } from "../../../lib/incus";
import { generateSelfSignedCert } from "../../../lib/provider/plugin";
import { sendJson, sync } from "./fake-incus";

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly body: string;
}

let dir: string;
let server: Server;
let seen: Seen[];
let origin: string;
let trusted: boolean;
const serverCert = generateSelfSignedCert();
const otherCert = generateSelfSignedCert();

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "t-incus-token-"));
  loadClientIdentity(dir, () => {
    const made = generateSelfSignedCert();
    return { cert: made.certPem, key: made.keyPem };
  });
  seen = [];
  trusted = false;
  server = createServer({ cert: serverCert.certPem, key: serverCert.keyPem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", body: Buffer.concat(chunks).toString("utf8") });
      if (req.method === "POST" && req.url === "/1.0/certificates") {
        trusted = true;
        return sendJson(res, 200, sync({}));
      }
      sendJson(
        res,
        200,
        sync({ auth: trusted ? "trusted" : "untrusted", api_extensions: [], config: {}, environment: {} }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

function token(fingerprint: string | undefined): string {
  const port = new URL(origin).port;
  const body = {
    client_name: "ci",
    addresses: [`127.0.0.1:${port}`],
    secret: "s3cret-token-secret",
    ...(fingerprint ? { fingerprint } : {}),
  };
  return Buffer.from(JSON.stringify(body)).toString("base64");
}

async function setUp(tokenText: string, accept: boolean) {
  const table = RemoteTable.load({ configDir: dir, env: {}, remotes: [{ name: "lab", token: tokenText }] });
  const setups = await table.establishTrust({ accept, timeoutMs: 5_000 });
  await Promise.all(setups.map((s) => s.client?.close()));
  return { table, setups };
}

const expected = certificateFingerprint(otherCert.certPem);
const presented = certificateFingerprint(serverCert.certPem);

describe("a trust token whose fingerprint contradicts the server certificate", () => {
  test.each([true, false])(
    "is refused with accept = %s: no request carries the token, nothing is pinned",
    async (accept) => {
      const { table, setups } = await setUp(token(expected), accept);
      expect(setups).toEqual([]);
      expect(seen.filter((r) => r.method === "POST")).toEqual([]);
      expect(seen.filter((r) => r.body.includes("s3cret-token-secret"))).toEqual([]);
      expect(existsSync(join(dir, "servercerts"))).toBe(false);
      expect(() => table.connection("lab")).toThrow(
        new RegExp(
          `the trust token is for a server with certificate fingerprint ${expected}, but ${origin.replace(
            /\./g,
            "\\.",
          )} presented ${presented}`,
        ),
      );
    },
  );
});

describe("a trust token whose fingerprint contradicts the pinned certificate", () => {
  test("is not sent to the pinned server", async () => {
    mkdirSync(join(dir, "servercerts"));
    writeFileSync(join(dir, "servercerts", "lab.crt"), serverCert.certPem);
    const { table } = await setUp(token(expected), true);
    expect(seen).toEqual([]);
    expect(readFileSync(join(dir, "servercerts", "lab.crt"), "utf8")).toBe(serverCert.certPem);
    expect(() => table.connection("lab")).toThrow(
      new RegExp(`fingerprint ${expected}, but the certificate pinned in .*lab\\.crt has ${presented}`),
    );
  });
});

describe("the server the token names", () => {
  test("gets the token, and its certificate is pinned as vouched for (not on first use)", async () => {
    const { table, setups } = await setUp(token(presented), false);
    expect(setups).toMatchObject([{ remote: "lab", pinned: { fingerprint: presented, onFirstUse: false } }]);
    expect(seen.filter((r) => r.method === "POST").map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { type: "client", trust_token: token(presented), name: "ci" },
    ]);
    expect(readdirSync(join(dir, "servercerts"))).toEqual(["lab.crt"]);
    expect(table.connection("lab")).toMatchObject({ serverCert: serverCert.certPem });
  });
});

describe("a token without a fingerprint", () => {
  test("is redeemed only when accept is set, which pins on first use", async () => {
    const refused = await setUp(token(undefined), false);
    expect(seen).toEqual([]);
    expect(() => refused.table.connection("lab")).toThrow(
      /is not pinned .* and the trust token does not name a fingerprint/,
    );
    const accepted = await setUp(token(undefined), true);
    expect(accepted.setups).toMatchObject([{ remote: "lab", pinned: { fingerprint: presented, onFirstUse: true } }]);
    expect(seen.filter((r) => r.method === "POST")).toHaveLength(1);
  });
});
