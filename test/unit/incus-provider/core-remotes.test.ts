// The provider's remotes without a daemon: how HCL remote blocks, the INCUS_* environment remote and config.yml
// are merged, and what is reported where (config.yml, addresses and tokens themselves: test/unit/incus/remotes.test.ts).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Diagnostics, UNKNOWN } from "../../../lib/provider/framework";
import { incusProvider } from "../../../lib/provider/incus/provider";
import { Remotes } from "../../../lib/provider/incus/remotes";
import { CONFIG_YML } from "../incus/client-config-fixture";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "t-remotes-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ctx = () => ({
  signal: new AbortController().signal,
  diagnostics: new Diagnostics(),
  log: { trace() {}, debug() {}, info() {}, warn() {}, error() {} },
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
    {
      configDir: dir,
      defaultRemote: "mine",
      remotes: [
        { name: "mine", address: "unix:///run/mine.sock" },
        { name: "lab", address: null },
      ],
      waitTimeoutMs: 1000,
      env,
    },
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
  await Remotes.configure(
    {
      configDir: dir,
      defaultRemote: "ghost",
      remotes: [
        { name: "a", address: "unix://" },
        { name: "a", address: "unix://" },
      ],
      waitTimeoutMs: 1,
      env: { HOME: dir },
    },
    c,
  );
  expect(c.diagnostics.errors.map((d) => [d.summary, d.path])).toEqual([
    ["Duplicate remote", ["remote", 1, "name"]],
    ["Unknown default remote", ["default_remote"]],
  ]);
});

test("a duplicate remote is reported at its own block even after blocks without a known name", async () => {
  const c = { ...ctx(), terraformVersion: "1.11.4" };
  const block = (name: string | typeof UNKNOWN) => ({
    name,
    address: "unix://",
    protocol: null,
    credentials_helper: null,
    authentication_type: null,
    token: null,
    public: null,
  });
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
  await Remotes.configure(
    { configDir: dir, generateClientCertificates: true, remotes: [], waitTimeoutMs: 1, env: { HOME: dir } },
    c,
  );
  const { readFileSync, statSync } = await import("node:fs");
  const cert = readFileSync(join(dir, "client.crt"), "utf8");
  expect(cert).toMatch(/BEGIN CERTIFICATE/);
  expect(statSync(join(dir, "client.key")).mode & 0o777).toBe(0o600);
  await Remotes.configure(
    { configDir: dir, generateClientCertificates: true, remotes: [], waitTimeoutMs: 1, env: { HOME: dir } },
    c,
  );
  expect(readFileSync(join(dir, "client.crt"), "utf8")).toBe(cert);
});
