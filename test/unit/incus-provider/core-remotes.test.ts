// Remote configuration without a daemon: config.yml parsing, address forms, trust tokens, and how HCL
// remotes, the INCUS_* environment remote and config.yml are merged.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Diagnostics, UNKNOWN } from "../../../lib/provider/framework";
import { incusProvider } from "../../../lib/provider/incus/provider";
import { parseAddress, splitAddresses } from "../../../lib/provider/incus/remote-address";
import { loadConfigFile, parseSimpleYaml, resolveConfigDir } from "../../../lib/provider/incus/remote-config";
import { decodeTrustToken } from "../../../lib/provider/incus/remote-trust";
import { Remotes } from "../../../lib/provider/incus/remotes";

const CONFIG_YML = `default-remote: lab
remotes:
  images:
    addr: https://images.linuxcontainers.org
    protocol: simplestreams
    public: true
  lab:
    addr: "https://10.0.0.5:8443"   # a comment
    auth_type: tls
    project: web
  local:
    addr: unix://
    public: false
aliases: {}
`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "t-remotes-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ctx = () => ({ signal: new AbortController().signal, diagnostics: new Diagnostics(), log: { trace() {}, debug() {}, info() {}, warn() {}, error() {} } });

test("parseSimpleYaml reads the CLI's config.yml", () => {
  const doc = parseSimpleYaml(CONFIG_YML);
  expect(doc["default-remote"]).toBe("lab");
  expect(doc.remotes).toMatchObject({ lab: { addr: "https://10.0.0.5:8443", project: "web" }, images: { public: true } });
  expect(doc.aliases).toEqual({});
});

test("loadConfigFile: remotes and the default; a missing file means none", () => {
  writeFileSync(join(dir, "config.yml"), CONFIG_YML);
  const file = loadConfigFile(dir);
  expect(file.defaultRemote).toBe("lab");
  expect(file.remotes.images).toEqual({ addr: "https://images.linuxcontainers.org", protocol: "simplestreams", authType: undefined, public: true, project: undefined });
  expect(loadConfigFile(join(dir, "nope"))).toEqual({ remotes: {} });
});

test("resolveConfigDir: attribute, then INCUS_CONF, then ~/.config/incus, with $VARs expanded", () => {
  expect(resolveConfigDir("$HOME/x", { HOME: "/h" })).toBe("/h/x");
  expect(resolveConfigDir(null, { HOME: "/h", INCUS_CONF: "/etc/inc" })).toBe("/etc/inc");
  expect(resolveConfigDir(null, { HOME: "/h" })).toBe("/h/.config/incus");
});

test.each([
  ["unix://", { kind: "unix", socketPath: "/var/lib/incus/unix.socket" }],
  ["unix:///run/incus.sock", { kind: "unix", socketPath: "/run/incus.sock" }],
  ["https://10.0.0.5", { kind: "https", origin: "https://10.0.0.5:8443" }],
  ["10.0.0.5:9443", { kind: "https", origin: "https://10.0.0.5:9443" }],
  ["https://[fd00::1]:8443", { kind: "https", origin: "https://[fd00::1]:8443" }],
])("parseAddress(%j)", (address, expected) => {
  expect(parseAddress(address, {})).toMatchObject(expected);
});

test.each(["http://10.0.0.5", "https://h/path", "unix:relative.sock"])("parseAddress(%j) is rejected with the accepted forms", (address) => {
  expect(() => parseAddress(address, {})).toThrow(/unix:\/\/ \(local socket\)/);
});

test("splitAddresses takes comma-separated lists", () => {
  expect(splitAddresses(" https://a:8443, ,https://b:8443")).toEqual(["https://a:8443", "https://b:8443"]);
});

test("decodeTrustToken reads the token the CLI prints", () => {
  const token = Buffer.from(JSON.stringify({ client_name: "ci", fingerprint: "ABCD", addresses: ["10.0.0.5:8443"], secret: "s", expires_at: "0001-01-01T00:00:00Z" })).toString("base64");
  expect(decodeTrustToken(token)).toEqual({ clientName: "ci", fingerprint: "abcd", addresses: ["10.0.0.5:8443"], secret: "s" });
  expect(() => decodeTrustToken("not a token")).toThrow(/not a valid Incus trust token/);
});

test("Remotes merge config.yml, the environment remote and HCL blocks; default_remote wins", async () => {
  writeFileSync(join(dir, "config.yml"), CONFIG_YML);
  const env = { HOME: dir, INCUS_REMOTE: "envr", INCUS_ADDR: "unix:///run/env.sock" };
  const c = ctx();
  const fromEnv = await Remotes.configure({ configDir: dir, remotes: [], waitTimeoutMs: 1000, env }, c);
  expect(fromEnv.defaultRemote).toBe("envr");
  expect(fromEnv.remoteInfo().address).toBe("unix:///run/env.sock");
  expect(fromEnv.remoteNames()).toEqual(["envr", "images", "lab", "local"]);

  const hcl = await Remotes.configure(
    { configDir: dir, defaultRemote: "mine", remotes: [{ name: "mine", address: "unix:///run/mine.sock" }, { name: "lab", address: null }], waitTimeoutMs: 1000, env },
    c,
  );
  expect(hcl.defaultRemote).toBe("mine");
  expect(hcl.remoteInfo("lab").address).toBe("https://10.0.0.5:8443"); // address from config.yml
  expect(hcl.remoteInfo("images")).toMatchObject({ protocol: "simplestreams", public: true });
  expect(() => hcl.client("images")).toThrow(/simplestreams image server; it can only be used as an image source/);
  expect(() => hcl.client("nope")).toThrow(/Unknown remote "nope".*known remotes: envr, images, lab, local, mine/);
  // An HTTPS remote without client certificates fails when used, not when configured.
  expect(() => hcl.client("lab")).toThrow(/needs a client certificate.*generate_client_certificates = true/);
  expect(c.diagnostics.length).toBe(0);
  await hcl.close();
  await fromEnv.close();
});

test("Remotes report an unknown default_remote and duplicate names with attribute paths", async () => {
  const c = ctx();
  await Remotes.configure({ configDir: dir, defaultRemote: "ghost", remotes: [{ name: "a", address: "unix://" }, { name: "a", address: "unix://" }], waitTimeoutMs: 1, env: { HOME: dir } }, c);
  expect(c.diagnostics.errors.map((d) => [d.summary, d.path])).toEqual([
    ["Duplicate remote", ["remote", 1, "name"]],
    ["Unknown default remote", ["default_remote"]],
  ]);
});

test("a duplicate remote is reported at its own block even after blocks without a known name", async () => {
  const c = { ...ctx(), terraformVersion: "1.11.4" };
  const block = (name: unknown) => ({ name, address: "unix://", protocol: null, credentials_helper: null, authentication_type: null, token: null, public: null });
  const config = {
    config_dir: dir,
    generate_client_certificates: null,
    accept_remote_certificate: null,
    default_remote: null,
    wait_timeout: null,
    remote: [block(UNKNOWN), block("a"), block("b"), block("a")],
  };
  const remotes = await incusProvider.configure(config, c);
  expect(c.diagnostics.errors.map((d) => [d.summary, d.path])).toEqual([["Duplicate remote", ["remote", 3, "name"]]]);
  await (remotes as unknown as Remotes).close();
});

test("generate_client_certificates writes client.crt and client.key once", async () => {
  const c = ctx();
  await Remotes.configure({ configDir: dir, generateClientCertificates: true, remotes: [], waitTimeoutMs: 1, env: { HOME: dir } }, c);
  const { readFileSync, statSync } = await import("node:fs");
  const cert = readFileSync(join(dir, "client.crt"), "utf8");
  expect(cert).toMatch(/BEGIN CERTIFICATE/);
  expect(statSync(join(dir, "client.key")).mode & 0o777).toBe(0o600);
  await Remotes.configure({ configDir: dir, generateClientCertificates: true, remotes: [], waitTimeoutMs: 1, env: { HOME: dir } }, c);
  expect(readFileSync(join(dir, "client.crt"), "utf8")).toBe(cert);
});
