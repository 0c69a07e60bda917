// This client's identity in the configuration directory (client.crt / client.key): half a pair is refused and never
// replaced, a new key is written 0600 through a temporary file and a rename, and the certificate the provider makes
// is an end-entity client certificate (what `incus remote add` makes), not a CA. Read back with openssl, as a user
// would check it.
import { execFile, execFileSync } from "node:child_process";
import { X509Certificate, createPrivateKey } from "node:crypto";
import { promisify } from "node:util";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { hostname, tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { loadClientIdentity } from "../../../lib/incus";
import { generateClientCertificate } from "../../../lib/provider/incus/client-certificate";

const execFileAsync = promisify(execFile);
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "t-incus-identity-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const OLD_KEY = "-----BEGIN PRIVATE KEY-----\nold\n-----END PRIVATE KEY-----\n";
const OLD_CERT = "-----BEGIN CERTIFICATE-----\nold\n-----END CERTIFICATE-----\n";

describe("half a pair", () => {
  test("client.key without client.crt: refused naming the missing file; the key is left as it was", () => {
    writeFileSync(join(dir, "client.key"), OLD_KEY);
    chmodSync(join(dir, "client.key"), 0o644);
    expect(() => loadClientIdentity(dir, generateClientCertificate)).toThrow(
      expect.objectContaining({
        code: "INVALID_OPTIONS",
        message: expect.stringMatching(
          /client\.crt is missing but .*client\.key exists.*Restore client\.crt.*or move .*client\.key away/,
        ),
      }),
    );
    expect(readFileSync(join(dir, "client.key"), "utf8")).toBe(OLD_KEY);
    expect(readdirSync(dir)).toEqual(["client.key"]);
  });

  test("client.crt without client.key: refused the same way, also when only reading", () => {
    writeFileSync(join(dir, "client.crt"), OLD_CERT);
    expect(() => loadClientIdentity(dir, generateClientCertificate)).toThrow(
      /client\.key is missing but .*client\.crt exists/,
    );
    expect(() => loadClientIdentity(dir)).toThrow(/client\.key is missing but .*client\.crt exists/);
    expect(readFileSync(join(dir, "client.crt"), "utf8")).toBe(OLD_CERT);
  });
});

describe("a new pair", () => {
  test("the key is 0600, the certificate 0644, and nothing else is left in the directory", () => {
    const made = loadClientIdentity(dir, generateClientCertificate);
    expect(statSync(join(dir, "client.key")).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "client.crt")).mode & 0o777).toBe(0o644);
    expect(readdirSync(dir).sort()).toEqual(["client.crt", "client.key"]);
    expect(loadClientIdentity(dir)).toEqual(made);
  });

  test("a symlink in the key's place is never written through", () => {
    const elsewhere = join(dir, "elsewhere.key");
    symlinkSync(elsewhere, join(dir, "client.key"));
    expect(() => loadClientIdentity(dir, generateClientCertificate)).toThrow(
      /Cannot create .*client\.key: something unreadable has that name/,
    );
    expect(existsSync(elsewhere)).toBe(false);
    expect(readdirSync(dir)).toEqual(["client.key"]);
  });

  test("a key whose certificate another process is still writing is waited for, not refused as half a pair", () => {
    // The writer puts the key first and the certificate a moment later; a reader arriving in between must wait.
    writeFileSync(join(dir, "client.key"), OLD_KEY);
    const cert = join(dir, "client.crt");
    const writer = execFile(process.execPath, [
      "-e",
      `setTimeout(() => require("node:fs").writeFileSync(${JSON.stringify(cert)}, ${JSON.stringify(OLD_CERT)}), 300)`,
    ]);
    try {
      expect(loadClientIdentity(dir, generateClientCertificate)).toEqual({ cert: OLD_CERT, key: OLD_KEY });
    } finally {
      writer.kill();
    }
  });

  test("two processes making a pair at once end with one matching pair", async () => {
    // One bundle of the real code, run by four node processes at once.
    const bundleDir = mkdtempSync(join(tmpdir(), "t-incus-identity-bundle-"));
    const bundle = join(bundleDir, "make-pair.js");
    buildSync({
      stdin: {
        contents: `import { loadClientIdentity } from "./lib/incus";
          import { generateClientCertificate } from "./lib/provider/incus/client-certificate";
          process.stdout.write(JSON.stringify(loadClientIdentity(process.argv[2], generateClientCertificate)));`,
        resolveDir: join(__dirname, "../../.."),
        loader: "ts",
      },
      bundle: true,
      platform: "node",
      outfile: bundle,
      logLevel: "error",
    });
    const script = bundle;
    const runs = Array.from({ length: 4 }, () => execFileAsync(process.execPath, [script, dir]));
    const results = await Promise.all(runs).finally(() => rmSync(bundleDir, { recursive: true, force: true }));
    const pairs = results.map((r) => JSON.parse(r.stdout) as { cert: string; key: string });
    const onDisk = {
      cert: readFileSync(join(dir, "client.crt"), "utf8"),
      key: readFileSync(join(dir, "client.key"), "utf8"),
    };
    for (const pair of pairs) expect(pair).toEqual(onDisk);
    expect(new X509Certificate(onDisk.cert).checkPrivateKey(createPrivateKey(onDisk.key))).toBe(true);
  }, 60_000);

  test("the certificate is an end-entity client certificate named user@host", () => {
    loadClientIdentity(dir, generateClientCertificate);
    const text = execFileSync("openssl", ["x509", "-noout", "-text", "-in", join(dir, "client.crt")], {
      encoding: "utf8",
    });
    expect(text).toMatch(/X509v3 Basic Constraints: critical\s+CA:FALSE/);
    expect(text).toMatch(/X509v3 Key Usage: critical\s+Digital Signature\n/);
    expect(text).toMatch(/X509v3 Extended Key Usage: \s*TLS Web Client Authentication\n/);
    expect(text).not.toMatch(/Certificate Sign|CA:TRUE|Subject Alternative Name/);
    const cert = new X509Certificate(readFileSync(join(dir, "client.crt")));
    expect(cert.subject).toMatch(new RegExp(`CN=${userInfo().username}@${hostname()}`));
    expect(cert.ca).toBe(false);
    expect(cert.checkPrivateKey(createPrivateKey(readFileSync(join(dir, "client.key"))))).toBe(true);
    // Ten years, like the CLI's.
    expect(new Date(cert.validTo).getTime() - Date.now()).toBeGreaterThan(9.9 * 365 * 86400_000);
  });
});
