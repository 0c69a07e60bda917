// Fuzzing the incus provider's configuration through the real terraform: each run writes several aliased
// `provider "incus"` blocks with generated settings (remotes, addresses, protocols, tokens, config_dir, waits),
// each used by a data source that makes the provider configure itself and connect, and runs `terraform plan`.
// Whatever the settings, terraform must end with diagnostics (or success), never with a crashed or hung provider.
// Configurations that are certainly fine must plan without error.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import type { IncusClient } from "../../../../lib/incus";
import { requireIncus, TEST_POOL, testClient, uniqueName } from "../../../support/incus";
import { TerraformWorkspace } from "../../../support/terraform";
import type { RunResult } from "../../../support/terraform";

export interface RemoteSpec {
  readonly name: string;
  readonly address?: string;
  readonly protocol?: string;
  readonly authentication_type?: string;
  readonly token?: string;
  readonly public?: boolean;
}

export interface ProviderSpec {
  readonly config_dir?: string;
  readonly generate_client_certificates?: boolean;
  readonly accept_remote_certificate?: boolean;
  readonly default_remote?: string;
  readonly wait_timeout?: string;
  readonly remote: readonly RemoteSpec[];
  /** True when the generator only used settings that must work (the plan must then succeed). */
  readonly good: boolean;
}

const LOCAL_SOCKET = `${process.env.INCUS_DIR ?? "/var/lib/incus"}/unix.socket`;

/** Placeholders replaced per workspace: a usable empty directory, a file, a missing path. */
export const DIRS = { EMPTY_DIR: "@EMPTY_DIR@", A_FILE: "@A_FILE@", MISSING: "/nonexistent/cdktf-virt/config" };

const b64 = (s: string) => Buffer.from(s).toString("base64");
const anyText = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: "grapheme", maxLength: 6 }));

const addresses = fc.oneof(
  fc.constantFrom(
    "unix://", `unix://${LOCAL_SOCKET}`, "unix:///nonexistent/incus.sock", "https://127.0.0.1:1", "https://[::1]:1",
    "https://", "http://127.0.0.1:8443", "ftp://example.invalid", "", "garbage", "https://256.1.1.1:8443", "unix://,https://127.0.0.1:1",
  ),
  anyText,
);
const tokens = fc.oneof(fc.constantFrom("", "not base64 !!", b64("{}"), b64("[1,2]"), b64('{"addresses":["127.0.0.1:1"],"secret":"s"}')), anyText);

/** One thing wrong (or unusual) with an otherwise working configuration, so each reaches deeper code. */
type Mutation = (p: ProviderSpec) => ProviderSpec;
const onRemote = (change: (r: RemoteSpec) => RemoteSpec): Mutation => (p) =>
  p.remote.length ? { ...p, remote: [change(p.remote[0]), ...p.remote.slice(1)] } : p;
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constantFrom(DIRS.A_FILE, DIRS.MISSING, "", "relative/dir").map((v): Mutation => (p) => ({ ...p, config_dir: v })),
  fc.boolean().map((v): Mutation => (p) => ({ ...p, generate_client_certificates: v })),
  fc.boolean().map((v): Mutation => (p) => ({ ...p, accept_remote_certificate: v })),
  fc.oneof(fc.constantFrom("missing", ""), anyText).map((v): Mutation => (p) => ({ ...p, default_remote: v })),
  fc.constantFrom("0s", "-1s", "abc", "", "99999999999h", "1h2m3s").map((v): Mutation => (p) => ({ ...p, wait_timeout: v })),
  addresses.map((v) => onRemote((r) => ({ ...r, address: v }))),
  fc.constantFrom("simplestreams", "oci", "bogus", "").map((v) => onRemote((r) => ({ ...r, protocol: v }))),
  fc.constantFrom("tls", "oidc", "x").map((v) => onRemote((r) => ({ ...r, authentication_type: v }))),
  tokens.map((v) => onRemote((r) => ({ ...r, token: v }))),
  fc.boolean().map((v) => onRemote((r) => ({ ...r, public: v }))),
  fc.oneof(fc.constantFrom("", "a b", "x".repeat(80)), anyText).map((v) => onRemote((r) => ({ ...r, name: v }))),
  fc.record({ address: addresses, token: fc.option(tokens, { nil: undefined }), same: fc.boolean() }).map(
    ({ address, token, same }): Mutation => (p) => ({ ...p, remote: [...p.remote, { name: same ? p.remote[0].name : "second", address, token }] }),
  ),
  fc.constant((p: ProviderSpec): ProviderSpec => ({ ...p, remote: [] })),
);

/** Settings that must work against the local daemon: a unix remote that is also the default remote. */
const goodProvider: fc.Arbitrary<ProviderSpec> = fc
  .record({
    configDir: fc.constantFrom(undefined, DIRS.EMPTY_DIR),
    waitTimeout: fc.constantFrom(undefined, "90s", "5m"),
    address: fc.constantFrom("unix://", `unix://${LOCAL_SOCKET}`),
    name: fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/),
  })
  .map(({ configDir, waitTimeout, address, name }) => ({
    config_dir: configDir,
    wait_timeout: waitTimeout,
    remote: [{ name, address }],
    default_remote: name,
    good: true,
  }));

/** A working configuration with one or two things changed. */
const badProvider: fc.Arbitrary<ProviderSpec> = fc
  .tuple(goodProvider, fc.array(mutation, { minLength: 1, maxLength: 2 }))
  .map(([p, changes]) => ({ ...changes.reduce((acc, change) => change(acc), p), good: false }));

export const providerSet: fc.Arbitrary<ProviderSpec[]> = fc.array(fc.oneof(badProvider, goodProvider), { minLength: 1, maxLength: 4 });

/** Terraform JSON configuration: one aliased provider and one data source per spec. */
export function configJson(specs: readonly ProviderSpec[], dirs: { emptyDir: string; aFile: string }): string {
  const fill = (v: string | undefined) => (v === DIRS.EMPTY_DIR ? dirs.emptyDir : v === DIRS.A_FILE ? dirs.aFile : v);
  // Terraform JSON strings are templates: "${" and "%{" must be escaped to stay literal.
  const literal = (v: unknown): unknown => (typeof v === "string" ? v.replace(/\$\{/g, "$${").replace(/%\{/g, "%%{") : v);
  const clean = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined).map(([k, v]) => [k, literal(v)]));
  return JSON.stringify(
    {
      terraform: { required_providers: { incus: { source: "registry.cdktf-virt.local/cdktf-virt/incus" } } },
      provider: {
        incus: specs.map((s, i) => ({
          alias: `p${i}`,
          ...clean({
            config_dir: fill(s.config_dir),
            generate_client_certificates: s.generate_client_certificates,
            accept_remote_certificate: s.accept_remote_certificate,
            default_remote: s.default_remote,
            wait_timeout: s.wait_timeout,
          }),
          ...(s.remote.length ? { remote: s.remote.map((r) => clean(r)) } : {}),
        })),
      },
      data: { incus_storage_pool: Object.fromEntries(specs.map((_, i) => [`p${i}`, { provider: `incus.p${i}`, name: TEST_POOL }])) },
    },
    null,
    2,
  );
}

/** Signs that a provider crashed, hung or broke the protocol instead of answering with diagnostics. */
const CRASH_SIGNS = [
  /plugin encountered an error/i,
  /plugin (crashed|exited)/i,
  /panic:/i,
  /Plugin did not respond/i,
  /rpc error: code = (Unavailable|Unknown|Internal)/i,
  /connection is shut down/i,
  /unexpected EOF/i,
  /Failed to (load plugin schemas|instantiate provider)/i,
];

/** What was wrong with a plan's result, or undefined when it is acceptable. */
export function judgePlan(specs: readonly ProviderSpec[], r: RunResult): string | undefined {
  const crash = CRASH_SIGNS.find((re) => re.test(r.output));
  if (crash) return `the provider crashed or broke the protocol (${crash}):\n${r.output}`;
  if (r.code !== 0 && r.code !== 1) return `terraform plan exited with ${r.code}:\n${r.output}`;
  if (r.code === 1 && !/Error: \S/.test(r.output)) return `terraform plan failed without an error diagnostic:\n${r.output}`;
  if (r.code === 1 && specs.every((s) => s.good)) return `a configuration that must work was refused:\n${r.output}`;
  return undefined;
}

/** Makes the directories the placeholders stand for inside `root`. */
export function makeDirs(root: string): { emptyDir: string; aFile: string } {
  const emptyDir = join(root, "empty-config");
  mkdirSync(emptyDir, { recursive: true });
  const aFile = join(root, "a-file");
  writeFileSync(aFile, "not a directory\n");
  return { emptyDir, aFile };
}

export interface ProviderConfigFuzzSuiteOptions {
  /** Name prefix tag ("rel" in CI, "relh" for the heavy variant). */
  readonly tag: string;
  /** terraform plans, each of up to 4 generated provider configurations. */
  readonly runs: number;
  readonly timeoutMs: number;
}

/** The drill as a suite: the CI-sized and the heavy test files differ only in size. */
export function providerConfigFuzzSuite(o: ProviderConfigFuzzSuiteOptions): void {
  let client: IncusClient;
  let ws: TerraformWorkspace;

  beforeAll(async () => {
    client = testClient();
    await requireIncus(client, { image: false });
    ws = TerraformWorkspace.create({ providers: ["incus"], prefix: uniqueName(o.tag) });
  });

  afterAll(async () => {
    ws?.cleanup();
    await client?.close();
  });

  test("fuzzed provider configurations: diagnostics, never a provider crash", async () => {
    const dirs = makeDirs(ws.root);
    let initialized = false;
    await fc.assert(
      fc.asyncProperty(providerSet, async (specs) => {
        ws.write("main.tf.json", configJson(specs, dirs));
        if (!initialized) {
          await ws.init();
          initialized = true;
        }
        const r = await ws.run(["plan", "-input=false"], { timeoutMs: 120_000 });
        if (process.env.CDKTF_VIRT_FUZZ_VERBOSE) process.stdout.write(`\n--- exit ${r.code}\n${(r.output.match(/(Error|Warning): .*/g) ?? []).join("\n")}\n`);
        const problem = judgePlan(specs, r);
        if (problem) throw new Error(problem);
      }),
      { numRuns: o.runs, endOnFailure: true },
    );
  }, o.timeoutMs);
}
