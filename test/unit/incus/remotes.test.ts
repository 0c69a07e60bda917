// Incus remotes without a daemon: the CLI's config.yml, address forms, trust tokens, the client identity, and the
// table of named remotes the provider, doctor and import share. Trust set-up against a real daemon:
// test/integration/incus-provider/provider.test.ts.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RemoteTable, loadClientIdentity, parseAddress, readClientConfig } from "../../../lib/incus";
import { decodeTrustToken, isHttpsAddress, resolveConfigDir, splitAddresses } from "../../../lib/incus/remotes";
import { generateSelfSignedCert } from "../../../lib/provider/plugin";
import { CONFIG_YML } from "./client-config-fixture";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "t-incus-remotes-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const generate = () => {
  const made = generateSelfSignedCert();
  return { cert: made.certPem, key: made.keyPem };
};

describe("config.yml", () => {
  test("remotes and the default remote, as the CLI writes them", () => {
    writeFileSync(join(dir, "config.yml"), CONFIG_YML);
    const config = readClientConfig(dir);
    expect(config).toEqual({
      file: join(dir, "config.yml"),
      defaultRemote: "lab",
      remotes: {
        images: {
          addr: "https://images.linuxcontainers.org",
          protocol: "simplestreams",
          authType: undefined,
          public: true,
          project: undefined,
        },
        lab: { addr: "https://10.0.0.5:8443", protocol: undefined, authType: "tls", public: false, project: "web" },
        local: { addr: "unix://", protocol: undefined, authType: undefined, public: false, project: undefined },
      },
    });
  });

  test("a missing file means no remotes; a broken one says why", () => {
    expect(readClientConfig(join(dir, "nope"))).toEqual({ file: join(dir, "nope", "config.yml"), remotes: {} });
    writeFileSync(join(dir, "config.yml"), "remotes:\n  lab: [unclosed\n");
    expect(readClientConfig(dir)).toMatchObject({
      remotes: {},
      problem: expect.stringMatching(/config\.yml is not valid YAML: /),
    });
    writeFileSync(join(dir, "config.yml"), "- a\n- b\n");
    expect(readClientConfig(dir)).toMatchObject({
      remotes: {},
      problem: expect.stringMatching(/is not a YAML mapping/),
    });
    writeFileSync(join(dir, "config.yml"), "");
    expect(readClientConfig(dir)).toEqual({ file: join(dir, "config.yml"), defaultRemote: undefined, remotes: {} });
  });

  test("resolveConfigDir: given, then INCUS_CONF, then ~/.config/incus, with $VARs and ~ expanded", () => {
    expect(resolveConfigDir("$HOME/x", { HOME: "/h" })).toBe("/h/x");
    expect(resolveConfigDir("~/y", { HOME: "/h" })).toBe("/h/y");
    expect(resolveConfigDir(null, { HOME: "/h", INCUS_CONF: "/etc/inc" })).toBe("/etc/inc");
    expect(resolveConfigDir(undefined, { HOME: "/h" })).toBe("/h/.config/incus");
  });
});

describe("addresses", () => {
  test.each([
    ["unix://", { kind: "unix", socketPath: "/var/lib/incus/unix.socket" }],
    ["unix:///run/incus.sock", { kind: "unix", socketPath: "/run/incus.sock" }],
    ["https://10.0.0.5", { kind: "https", origin: "https://10.0.0.5:8443" }],
    ["10.0.0.5:9443", { kind: "https", origin: "https://10.0.0.5:9443" }],
    ["https://[fd00::1]:8443", { kind: "https", origin: "https://[fd00::1]:8443" }],
  ])("parseAddress(%j)", (address, expected) => {
    expect(parseAddress(address, {})).toMatchObject(expected);
  });

  test.each(["http://10.0.0.5", "https://h/path", "unix:relative.sock"])(
    "parseAddress(%j) is rejected with the accepted forms",
    (address) => {
      expect(() => parseAddress(address, {})).toThrow(
        expect.objectContaining({
          code: "INVALID_OPTIONS",
          message: expect.stringMatching(/unix:\/\/ \(local socket\)/),
        }),
      );
    },
  );

  test("lists: split on commas; isHttpsAddress looks at the first", () => {
    expect(splitAddresses(" https://a:8443, ,https://b:8443")).toEqual(["https://a:8443", "https://b:8443"]);
    expect(isHttpsAddress("https://a:8443,unix://", {})).toBe(true);
    expect(isHttpsAddress("unix://", {})).toBe(false);
    expect(isHttpsAddress("ftp://x", {})).toBe(false);
  });

  test("decodeTrustToken reads the token the CLI prints", () => {
    const token = Buffer.from(
      JSON.stringify({
        client_name: "ci",
        fingerprint: "ABCD",
        addresses: ["10.0.0.5:8443"],
        secret: "s",
        expires_at: "0001-01-01T00:00:00Z",
      }),
    ).toString("base64");
    expect(decodeTrustToken(token)).toEqual({
      clientName: "ci",
      fingerprint: "abcd",
      addresses: ["10.0.0.5:8443"],
      secret: "s",
    });
    expect(() => decodeTrustToken("not a token")).toThrow(/not a valid Incus trust token/);
  });
});

describe("client identity", () => {
  test("read from the directory; generated once when asked, key mode 0600", () => {
    expect(loadClientIdentity(dir)).toBeUndefined();
    const made = loadClientIdentity(join(dir, "new"), generate);
    expect(made?.cert).toMatch(/BEGIN CERTIFICATE/);
    expect(statSync(join(dir, "new", "client.key")).mode & 0o777).toBe(0o600);
    expect(loadClientIdentity(join(dir, "new"), generate)).toEqual(made);
  });
});

describe("RemoteTable", () => {
  test("local always exists; config.yml's remotes and default; defined remotes win", () => {
    expect(RemoteTable.load({ configDir: dir, env: {} })).toMatchObject({
      defaultRemote: "local",
      configProblem: undefined,
    });
    writeFileSync(join(dir, "config.yml"), CONFIG_YML);
    const table = RemoteTable.load({
      configDir: dir,
      env: {},
      remotes: [
        { name: "lab", address: "unix:///run/lab.sock" },
        { name: "new", address: "10.0.0.9" },
      ],
    });
    expect(table.names()).toEqual(["images", "lab", "local", "new"]);
    expect(table.defaultRemote).toBe("lab");
    expect(table.nameOf(null)).toBe("lab");
    expect(table.info()).toEqual({ name: "lab", address: "unix:///run/lab.sock", protocol: "incus", public: false });
    expect(table.connection("lab")).toEqual({ kind: "unix", socketPath: "/run/lab.sock" });
    expect(table.info("new").address).toBe("https://10.0.0.9:8443");
    expect(table.info("images")).toEqual({
      name: "images",
      address: "https://images.linuxcontainers.org",
      protocol: "simplestreams",
      public: true,
    });
    expect(RemoteTable.load({ configDir: dir, env: {}, defaultRemote: "images" }).defaultRemote).toBe("images");
    expect(RemoteTable.load({ configDir: dir, env: {}, defaultRemote: "ghost" }).defaultRemote).toBe("lab");
  });

  test("a defined remote without an address takes the token's, then config.yml's", () => {
    writeFileSync(join(dir, "config.yml"), CONFIG_YML);
    const token = Buffer.from(JSON.stringify({ addresses: ["10.1.1.1:8443"], fingerprint: "ab" })).toString("base64");
    const table = RemoteTable.load({
      configDir: dir,
      env: {},
      remotes: [{ name: "t", token }, { name: "lab" }, { name: "none" }],
    });
    expect(table.info("t").address).toBe("https://10.1.1.1:8443");
    expect(table.info("lab").address).toBe("https://10.0.0.5:8443");
    expect(() => table.info("none")).toThrow(
      /Remote "none" has no address: give it one, or add it with `incus remote add` to .*config\.yml/,
    );
  });

  test("problems are thrown when a remote is used, with the caller's hints", () => {
    writeFileSync(join(dir, "config.yml"), CONFIG_YML);
    const hints = { defineRemote: "add a block", createClientCertificate: "Make one." };
    const table = RemoteTable.load({
      configDir: dir,
      env: {},
      hints,
      remotes: [{ name: "later", address: "unix://", unusable: "not known yet" }],
    });
    expect(() => table.connection("nope")).toThrow(
      /Unknown remote "nope": add a block \(known remotes: images, lab, later, local\)/,
    );
    expect(() => table.connection("images")).toThrow(
      /simplestreams image server; it can only be used as an image source/,
    );
    expect(() => table.connection("later")).toThrow(/^not known yet$/);
    expect(() => table.connection("lab")).toThrow(
      /"lab" \(https:\/\/10\.0\.0\.5:8443\) needs a client certificate, but .*client\.crt .* do not exist\. Make one\./,
    );
  });

  test("an HTTPS remote gets the client identity and its pinned certificate, else the system's CAs", () => {
    writeFileSync(join(dir, "config.yml"), CONFIG_YML);
    const id = loadClientIdentity(dir, generate)!;
    const pin = generateSelfSignedCert().certPem;
    mkdirSync(join(dir, "servercerts"));
    writeFileSync(join(dir, "servercerts", "lab.crt"), pin);
    const table = RemoteTable.load({
      configDir: dir,
      env: {},
      remotes: [{ name: "ca", address: "https://incus.example.com" }],
    });
    expect(table.connection("lab")).toEqual({
      kind: "https",
      url: "https://10.0.0.5:8443",
      clientCert: id.cert,
      clientKey: id.key,
      serverCert: pin,
    });
    expect(table.connection("ca")).toMatchObject({
      kind: "https",
      url: "https://incus.example.com:8443",
      ca: expect.stringContaining("BEGIN CERTIFICATE"),
    });
  });

  test("a broken config.yml leaves only local and the defined remotes, and says why", () => {
    writeFileSync(join(dir, "config.yml"), "remotes: [\n");
    const table = RemoteTable.load({ configDir: dir, env: {}, remotes: [{ name: "a", address: "unix://" }] });
    expect(table.names()).toEqual(["a", "local"]);
    expect(table.configProblem).toMatch(/config\.yml is not valid YAML/);
  });
});
