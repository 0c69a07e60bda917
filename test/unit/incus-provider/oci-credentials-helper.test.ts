// `credentials_helper` on OCI remotes, as the official provider models it: refused at plan time unless the block
// sets protocol = "oci", and carried from the remote block, INCUS_OCI_CREDENTIALS_HELPER or config.yml to the remote
// the resources see. No registry is contacted here (the Incus server pulls OCI images itself).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Unknown } from "../../../lib/provider/cty";
import { Diagnostics, UNKNOWN } from "../../../lib/provider/framework";
import { incusProvider } from "../../../lib/provider/incus/provider";
import { Remotes } from "../../../lib/provider/incus/remotes";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "t-ocihelper-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ctx = () => ({
  signal: new AbortController().signal,
  diagnostics: new Diagnostics(),
  log: { trace() {}, debug() {}, info() {}, warn() {}, error() {} },
  terraformVersion: "1.11.4",
});

function providerConfig(...blocks: { protocol: string | null | Unknown; credentials_helper: string | null }[]) {
  return {
    config_dir: dir,
    generate_client_certificates: null,
    accept_remote_certificate: null,
    default_remote: null,
    wait_timeout: null,
    remote: blocks.map((b, i) => ({
      name: `r${i}`,
      address: "https://registry.example.org",
      authentication_type: null,
      token: null,
      public: null,
      ...b,
    })),
  };
}

test("credentials_helper is refused at plan time, at the attribute, unless protocol is oci", async () => {
  const c = ctx();
  await incusProvider.validateConfig!(
    providerConfig(
      { protocol: "oci", credentials_helper: "docker-credential-pass" },
      { protocol: null, credentials_helper: "docker-credential-pass" },
      { protocol: "simplestreams", credentials_helper: "docker-credential-pass" },
      { protocol: UNKNOWN, credentials_helper: "docker-credential-pass" },
      { protocol: "incus", credentials_helper: null },
    ) as never,
    c,
  );
  expect(c.diagnostics.errors.map((d) => [d.summary, d.path, d.detail])).toEqual([
    ["credentials_helper needs an OCI remote", ["remote", 1, "credentials_helper"], expect.stringContaining('"oci"')],
    [
      "credentials_helper needs an OCI remote",
      ["remote", 2, "credentials_helper"],
      expect.stringContaining('(it is "simplestreams")'),
    ],
  ]);
});

test("the helper reaches the configured remote from the block, the environment and config.yml", async () => {
  writeFileSync(
    join(dir, "config.yml"),
    "remotes:\n  ghcr:\n    addr: https://ghcr.io\n    protocol: oci\n    public: true\n    credentials_helper: docker-credential-gh\n",
  );
  const env = {
    HOME: dir,
    INCUS_REMOTE: "envoci",
    INCUS_ADDR: "https://quay.io",
    INCUS_PROTOCOL: "oci",
    INCUS_OCI_CREDENTIALS_HELPER: "docker-credential-env",
  };
  const c = ctx();
  const remotes = (await incusProvider.configure(
    providerConfig({ protocol: "oci", credentials_helper: "docker-credential-pass" }) as never,
    c,
  )) as unknown as Remotes;
  // The provider's configure reads process.env; Remotes.configure takes the environment explicitly.
  const fromEnv = await Remotes.configure({ configDir: dir, remotes: [], waitTimeoutMs: 1000, env }, c);
  expect(remotes.remoteInfo("r0")).toMatchObject({ protocol: "oci", credentialsHelper: "docker-credential-pass" });
  expect(fromEnv.remoteInfo("envoci")).toMatchObject({ protocol: "oci", credentialsHelper: "docker-credential-env" });
  expect(fromEnv.remoteInfo("ghcr")).toMatchObject({ protocol: "oci", credentialsHelper: "docker-credential-gh" });
  // A remote without one reports none; an image server is still never used as an Incus server.
  expect(fromEnv.remoteInfo("local").credentialsHelper).toBeUndefined();
  expect(() => remotes.client("r0")).toThrow(/oci image server; it can only be used as an image source/);
  expect(c.diagnostics.errors).toEqual([]);
  await remotes.close();
  await fromEnv.close();
});
