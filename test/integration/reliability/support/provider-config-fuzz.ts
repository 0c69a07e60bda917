// Fuzzing the incus provider's configuration through the real terraform: each plan writes several aliased
// `provider "incus"` blocks with generated settings (remotes, addresses, protocols, tokens, config_dir, waits),
// each used by a data source that makes the provider configure itself and connect to its default remote.
//
// An oracle written from the provider's documented rules (not from its code) predicts, for every configuration,
// whether it must work or which attribute is wrong, and at which stage Terraform can notice: validation (static
// values), configure (remotes, default remote, certificates) or the data source's read (the default remote is
// used). Then:
// - a configuration that must work plans without any error for its provider, and its data source is read;
// - an invalid value is rejected (exit 1) by an error diagnostic of that provider (or its data source) that names
//   the attribute: Terraform points at it (the diagnostic's source range is that attribute of that block) or the
//   message says its name; for failures at the read, where Terraform can only point at the data source, the
//   message names the attribute or the value (the unreachable socket or host);
// - every error diagnostic is one the oracle predicted (nothing valid is refused, nothing is blamed on the wrong
//   attribute or provider), and nothing looks like a crashed provider or a broken protocol.
// What counts as invalid: a value the provider can never use, or one that makes it misbehave. Settings that a
// configuration never needs are left alone, as the provider documents (remotes are checked when first used; a
// trust token or accept_remote_certificate only matter for HTTPS; config_dir only when a file there is needed).
//
// Terraform validates every provider block before it configures any, so when one block of a plan has a
// validation error only validation errors are expected from that plan; the fixed table of cases
// (`singleChangeCases`) is therefore planned in batches of one stage each.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import type { IncusClient } from "../../../../lib/incus";
import { remoteNameProblem } from "../../../../lib/remote-names";
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
}

const LOCAL_SOCKET = process.env.INCUS_SOCKET ?? `${process.env.INCUS_DIR ?? "/var/lib/incus"}/unix.socket`;

/**
 * config_dir placeholders, replaced per workspace: an empty directory, a regular file, a path under that file
 * (which no one can create) and a missing directory inside the workspace (which can be created). Nothing outside
 * the workspace is ever written.
 */
export const DIRS = {
  EMPTY_DIR: "@EMPTY_DIR@",
  A_FILE: "@A_FILE@",
  UNDER_A_FILE: "@A_FILE@/config",
  NEW_DIR: "@NEW_DIR@",
};

/** What terraform runs with: no INCUS_* setting of the machine leaks in, and an unset config_dir means a fresh directory under `root`. */
export function fuzzEnv(root: string): NodeJS.ProcessEnv {
  return {
    INCUS_CONF: join(root, "default-config"),
    INCUS_REMOTE: "",
    INCUS_ACCEPT_SERVER_CERTIFICATE: "",
    INCUS_GENERATE_CLIENT_CERTS: "",
  };
}

const b64 = (s: string) => Buffer.from(s).toString("base64");
const anyText = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: "grapheme", maxLength: 6 }));

/** A token whose content is well formed: it names the server 127.0.0.1:1 (loopback; nothing listens there). */
export const TOKEN_WITH_ADDRESS = b64('{"addresses":["127.0.0.1:1"],"secret":"s"}');

/**
 * Addresses of every shape. Generated host names end in ".invalid" (RFC 6761: never resolves) and literal hosts are
 * loopback, so no fuzz case can ever send a packet off the machine.
 */
const addresses = fc.oneof(
  fc.constantFrom(
    "unix://",
    `unix://${LOCAL_SOCKET}`,
    "unix:///nonexistent/incus.sock",
    "unix:relative.sock",
    "https://127.0.0.1:1",
    "https://[::1]:1",
    "https://",
    "http://127.0.0.1:8443",
    "ftp://example.invalid",
    "",
    " , ",
    "garbage.invalid",
    "https://256.1.1.1:8443",
    "unix://,https://127.0.0.1:1",
    "https://127.0.0.1:1,unix://",
    "127.0.0.1:1",
    "https://user@127.0.0.1:1",
    "https://127.0.0.1:1/path",
  ),
  anyText.map((s) => `${s}.invalid`),
);
const tokens = fc.oneof(
  fc.constantFrom("", "not base64 !!", b64("{}"), b64("[1,2]"), b64("null"), TOKEN_WITH_ADDRESS),
  anyText,
);
const waitTimeouts = fc.constantFrom("0s", "0", "-1s", "abc", "", "5", "1h2m3s", "1.5s", "500ms", "99999999999h");

/** One thing changed (right or wrong) in an otherwise working configuration, so each reaches deeper code. */
type Mutation = (p: ProviderSpec) => ProviderSpec;
const onRemote =
  (change: (r: RemoteSpec) => RemoteSpec): Mutation =>
  (p) =>
    p.remote.length ? { ...p, remote: [change(p.remote[0]), ...p.remote.slice(1)] } : p;

const mutationFamilies = {
  config_dir: fc
    .constantFrom(DIRS.EMPTY_DIR, DIRS.A_FILE, DIRS.UNDER_A_FILE, DIRS.NEW_DIR, "", "relative/dir")
    .map((v): Mutation => (p) => ({ ...p, config_dir: v })),
  generate_client_certificates: fc.boolean().map((v): Mutation => (p) => ({ ...p, generate_client_certificates: v })),
  accept_remote_certificate: fc.boolean().map((v): Mutation => (p) => ({ ...p, accept_remote_certificate: v })),
  default_remote: fc
    .oneof(fc.constantFrom("missing", "", "local"), anyText)
    .map((v): Mutation => (p) => ({ ...p, default_remote: v })),
  wait_timeout: waitTimeouts.map((v): Mutation => (p) => ({ ...p, wait_timeout: v })),
  address: addresses.map((v) => onRemote((r) => ({ ...r, address: v }))),
  protocol: fc
    .constantFrom("incus", "simplestreams", "oci", "bogus", "")
    .map((v) => onRemote((r) => ({ ...r, protocol: v }))),
  authentication_type: fc
    .constantFrom("tls", "oidc", "x")
    .map((v) => onRemote((r) => ({ ...r, authentication_type: v }))),
  token: tokens.map((v) => onRemote((r) => ({ ...r, token: v }))),
  public: fc.boolean().map((v) => onRemote((r) => ({ ...r, public: v }))),
  name: fc
    .oneof(fc.constantFrom("", "a b", "x".repeat(80), "local"), anyText)
    .map((v) => onRemote((r) => ({ ...r, name: v }))),
  second_remote: fc
    .record({ address: addresses, token: fc.option(tokens, { nil: undefined }), same: fc.boolean() })
    .map(({ address, token, same }): Mutation => (p) => ({
      ...p,
      remote: [...p.remote, { name: same ? (p.remote[0]?.name ?? "second") : "second", address, token }],
    })),
  no_remote: fc.constant((p: ProviderSpec): ProviderSpec => ({ ...p, remote: [] })),
};
const mutation: fc.Arbitrary<Mutation> = fc.oneof(...Object.values(mutationFamilies));

/** Settings that work against the local daemon: a unix remote that is also the default remote. */
const workingProvider: fc.Arbitrary<ProviderSpec> = fc
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
  }));

/** A working configuration with one or two things changed. */
const changedProvider: fc.Arbitrary<ProviderSpec> = fc
  .tuple(workingProvider, fc.array(mutation, { minLength: 1, maxLength: 2 }))
  .map(([p, changes]) => changes.reduce((acc, change) => change(acc), p));

export const providerSet: fc.Arbitrary<ProviderSpec[]> = fc.array(fc.oneof(changedProvider, workingProvider), {
  minLength: 1,
  maxLength: 4,
});

/** The working configuration the fixed table changes one thing of. */
export const BASE: ProviderSpec = { remote: [{ name: "lab", address: "unix://" }], default_remote: "lab" };

/** Every constant of every mutation family, each applied alone to BASE: the cases every run plans. */
export function singleChangeCases(): { label: string; spec: ProviderSpec }[] {
  const cases: { label: string; spec: ProviderSpec }[] = [{ label: "unchanged", spec: BASE }];
  const add = (label: string, spec: ProviderSpec) => cases.push({ label, spec });
  for (const v of [DIRS.EMPTY_DIR, DIRS.A_FILE, DIRS.UNDER_A_FILE, DIRS.NEW_DIR, "", "relative/dir"]) {
    add(`config_dir ${v}`, { ...BASE, config_dir: v });
    add(`config_dir ${v} + generate_client_certificates`, {
      ...BASE,
      config_dir: v,
      generate_client_certificates: true,
    });
  }
  add("generate_client_certificates (default config dir)", { ...BASE, generate_client_certificates: true });
  add("accept_remote_certificate", { ...BASE, accept_remote_certificate: true });
  for (const v of ["missing", "", "local", "lab"])
    add(`default_remote ${JSON.stringify(v)}`, { ...BASE, default_remote: v });
  for (const v of ["0s", "0", "-1s", "abc", "", "5", "1h2m3s", "1.5s", "500ms", "99999999999h"])
    add(`wait_timeout ${JSON.stringify(v)}`, { ...BASE, wait_timeout: v });
  const remote = (r: Partial<RemoteSpec>): ProviderSpec => ({ ...BASE, remote: [{ ...BASE.remote[0], ...r }] });
  for (const v of [
    "unix://",
    `unix://${LOCAL_SOCKET}`,
    "unix:///nonexistent/incus.sock",
    "unix:relative.sock",
    "https://127.0.0.1:1",
    "https://[::1]:1",
    "https://",
    "http://127.0.0.1:8443",
    "ftp://example.invalid",
    "",
    " , ",
    "garbage.invalid",
    "https://256.1.1.1:8443",
    "unix://,https://127.0.0.1:1",
    "https://127.0.0.1:1,unix://",
    "127.0.0.1:1",
    "https://user@127.0.0.1:1",
    "https://127.0.0.1:1/path",
  ]) {
    add(`address ${JSON.stringify(v)}`, remote({ address: v }));
  }
  add("https address + accept_remote_certificate", {
    ...remote({ address: "https://127.0.0.1:1" }),
    accept_remote_certificate: true,
  });
  add("https address + generate_client_certificates", {
    ...remote({ address: "https://127.0.0.1:1" }),
    generate_client_certificates: true,
    config_dir: DIRS.NEW_DIR,
  });
  for (const v of ["incus", "simplestreams", "oci", "bogus", ""])
    add(`protocol ${JSON.stringify(v)}`, remote({ protocol: v }));
  for (const v of ["tls", "oidc", "x"])
    add(`authentication_type ${JSON.stringify(v)}`, remote({ authentication_type: v }));
  for (const v of ["", "not base64 !!", b64("{}"), b64("[1,2]"), b64("null"), TOKEN_WITH_ADDRESS]) {
    add(`token ${JSON.stringify(v)} on the unix remote`, remote({ token: v }));
    add(`token ${JSON.stringify(v)} on a remote without address`, remote({ token: v, address: undefined }));
  }
  add("public", remote({ public: true }));
  for (const v of ["", "a b", "x".repeat(80), "local"]) add(`remote name ${JSON.stringify(v)}`, remote({ name: v }));
  add("template sequences stay literal", {
    ...BASE,
    remote: [{ name: "r${x}%{y}", address: "unix://", token: "t${x}" }],
    default_remote: "r${x}%{y}",
  });
  add("template sequences stay literal in a token", {
    ...BASE,
    remote: [{ name: "r", address: "unix://", token: "t${x}%{y}" }],
    default_remote: "r",
  });
  add(`remote name "local" without address`, { ...BASE, remote: [{ name: "local" }], default_remote: "local" });
  add("second remote, unused, bad address", {
    ...BASE,
    remote: [...BASE.remote, { name: "second", address: "ftp://example.invalid" }],
  });
  add("second remote with the same name", { ...BASE, remote: [...BASE.remote, { name: "lab", address: "unix://" }] });
  add("no remote block", { ...BASE, remote: [] });
  add("no remote block, no default_remote", { remote: [] });
  return cases;
}

// ---------------------------------------------------------------------------------------------------------------
// The oracle

export type Stage = "validate" | "configure" | "read";

/** A wrong setting the oracle expects Terraform to report. */
export interface Problem {
  readonly stage: Stage;
  /** Where it is, as Terraform names the block: provider.incus[i] or provider.incus[i].remote[j]. */
  readonly block: "provider" | { remote: number };
  /** JSON keys a diagnostic may point at (the attribute at fault, or the one it depends on). */
  readonly keys: readonly string[];
  /**
   * Texts any of which in the message names the setting: the attribute's name (never a word as common as
   * "name"), or for a failure at the read, where Terraform can only point at the data source, the value.
   */
  readonly mentions: readonly string[];
  readonly why: string;
}

const MAX_TIMER_MS = 2 ** 31 - 1;
const DURATION_UNITS_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/**
 * A wait_timeout the provider can honour: a Go-style duration ("90s", "1h2m3s", "1.5s"), longer than zero, and no
 * longer than a timer can wait (2^31-1 ms, ~24.8 days: Node fires longer timers after 1 ms).
 */
export function durationProblem(text: string): string | undefined {
  if (!/^((\d+(\.\d+)?|\.\d+)(ns|us|µs|ms|s|m|h))+$/.test(text)) return `${JSON.stringify(text)} is not a duration`;
  let ms = 0;
  for (const m of text.matchAll(/(\d+(?:\.\d+)?|\.\d+)(ns|us|µs|ms|s|m|h)/g))
    ms += Number(m[1]) * DURATION_UNITS_MS[m[2]];
  if (ms <= 0) return `${JSON.stringify(text)} is not longer than zero`;
  if (ms > MAX_TIMER_MS)
    return `${JSON.stringify(text)} is longer than the longest wait a timer can hold (${MAX_TIMER_MS} ms)`;
  return undefined;
}

/** The addresses a trust token names ([] when it is not a well-formed token). */
function tokenAddresses(token: string): string[] {
  try {
    const parsed = JSON.parse(Buffer.from(token.trim(), "base64").toString("utf8")) as { addresses?: unknown };
    return parsed && Array.isArray(parsed.addresses)
      ? parsed.addresses.filter((a): a is string => typeof a === "string")
      : [];
  } catch {
    return [];
  }
}

/** Host texts a message about an address can name it by (the address itself, its host as URL prints it). */
function addressMentions(address: string): string[] {
  const found = ["address", address];
  try {
    found.push(new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `https://${address}`).hostname);
  } catch {
    // not a URL: the message must then say "address"
  }
  return found.filter((m) => m !== "");
}

/** What must happen to one provider block: the problems of its earliest stage, by stage. */
export interface Expectation {
  readonly validate: readonly Problem[];
  readonly configure: readonly Problem[];
  /** The first failure when the data source uses the default remote. */
  readonly read?: Problem;
}

export function expectation(spec: ProviderSpec): Expectation {
  const validate: Problem[] = [];
  const configure: Problem[] = [];
  const remoteBlock = (j: number) => ({ remote: j });

  // Validation: values that are wrong whatever the rest says.
  if (spec.wait_timeout !== undefined) {
    const problem = durationProblem(spec.wait_timeout);
    if (problem)
      validate.push({
        stage: "validate",
        block: "provider",
        keys: ["wait_timeout"],
        mentions: ["wait_timeout"],
        why: problem,
      });
  }
  spec.remote.forEach((r, j) => {
    // A remote's name becomes a file name (servercerts/<name>.crt): one rule for construct, provider and remote table.
    const nameProblem = remoteNameProblem(r.name);
    if (nameProblem)
      validate.push({ stage: "validate", block: remoteBlock(j), keys: ["name"], mentions: [], why: nameProblem });
    if (r.protocol !== undefined && !["incus", "simplestreams", "oci"].includes(r.protocol)) {
      validate.push({
        stage: "validate",
        block: remoteBlock(j),
        keys: ["protocol"],
        mentions: ["protocol"],
        why: `protocol ${JSON.stringify(r.protocol)}`,
      });
    }
    if (r.authentication_type !== undefined && r.authentication_type !== "tls") {
      // oidc is a real Incus authentication type, but the bundled provider speaks TLS only (documented).
      validate.push({
        stage: "validate",
        block: remoteBlock(j),
        keys: ["authentication_type"],
        mentions: ["authentication_type"],
        why: `authentication_type ${JSON.stringify(r.authentication_type)}`,
      });
    }
  });

  // Configure: the remote table, the default remote, client certificates.
  const names = new Set<string>(["local"]);
  spec.remote.forEach((r, j) => {
    if (names.has(r.name) && spec.remote.slice(0, j).some((earlier) => earlier.name === r.name)) {
      // Only pointing at the second block's name counts: "name" is in too many messages to prove anything.
      configure.push({
        stage: "configure",
        block: remoteBlock(j),
        keys: ["name"],
        mentions: [],
        why: `a second remote named ${JSON.stringify(r.name)}`,
      });
    }
    names.add(r.name);
  });
  if (spec.default_remote && !names.has(spec.default_remote)) {
    configure.push({
      stage: "configure",
      block: "provider",
      keys: ["default_remote"],
      mentions: ["default_remote"],
      why: `default_remote ${JSON.stringify(spec.default_remote)} names no remote`,
    });
  }
  const dirCannotHoldFiles = spec.config_dir === DIRS.A_FILE || spec.config_dir === DIRS.UNDER_A_FILE;
  if (spec.generate_client_certificates === true && dirCannotHoldFiles) {
    configure.push({
      stage: "configure",
      block: "provider",
      keys: ["generate_client_certificates", "config_dir"],
      mentions: ["generate_client_certificates", "config_dir"],
      why: "client certificates cannot be written into a config_dir that is a file (or under one)",
    });
  }

  // Read: the data source uses the default remote (the last block of that name, or the built-in local socket).
  const defaultName = spec.default_remote || "local";
  const j = spec.remote.map((r) => r.name).lastIndexOf(defaultName);
  let read: Problem | undefined;
  if (j >= 0) {
    const r = spec.remote[j];
    const fail = (keys: string[], mentions: string[], why: string): Problem => ({
      stage: "read",
      block: remoteBlock(j),
      keys,
      mentions,
      why,
    });
    const given = (r.address ?? "")
      .split(",")
      .map((a) => a.trim())
      .filter((a) => a !== "");
    const fromToken = r.token ? tokenAddresses(r.token).map((a) => `https://${a}`) : [];
    const address = given[0] ?? fromToken[0] ?? (r.name === "local" ? "unix://" : undefined);
    if (address === undefined) read = fail(["address"], ["address"], "the default remote has no address");
    else if ((r.protocol || "incus") !== "incus")
      read = fail(["protocol"], ["protocol", r.protocol!], `the default remote is a ${r.protocol} image server`);
    else if (address.startsWith("unix:")) {
      const path = address.slice("unix:".length).replace(/^\/\//, "") || LOCAL_SOCKET;
      if (!path.startsWith("/"))
        read = fail(["address"], ["address"], `socket path ${JSON.stringify(path)} is not absolute`);
      else if (path !== LOCAL_SOCKET) read = fail(["address"], ["address", path], `nothing listens on ${path}`);
    } else {
      // No HTTPS remote can work here: nothing listens on loopback port 1, ".invalid" never resolves, and no
      // server trusts a generated client certificate.
      read = fail(
        ["address"],
        addressMentions(address),
        `the HTTPS remote ${JSON.stringify(address)} cannot be reached or trusted`,
      );
    }
  }
  return { validate, configure, read };
}

// ---------------------------------------------------------------------------------------------------------------
// Running a plan and judging it

/** Terraform JSON configuration: one aliased provider and one data source per spec. */
export function configJson(specs: readonly ProviderSpec[], dirs: FuzzDirs): string {
  const fill = (v: string | undefined) =>
    v?.replace(DIRS.EMPTY_DIR, dirs.emptyDir).replace(DIRS.A_FILE, dirs.aFile).replace(DIRS.NEW_DIR, dirs.newDir);
  // Terraform JSON strings are templates: "${" and "%{" must be escaped ("$${", "%%{") to stay literal. (A
  // replacement function, because "$$" in a replacement string means one "$".)
  const literal = (v: unknown): unknown =>
    typeof v === "string" ? v.replace(/\$\{/g, () => "$${").replace(/%\{/g, () => "%%{") : v;
  const clean = (o: object) =>
    Object.fromEntries(
      Object.entries(o)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, literal(v)]),
    );
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
      data: {
        incus_storage_pool: Object.fromEntries(
          specs.map((_, i) => [`p${i}`, { provider: `incus.p${i}`, name: TEST_POOL }]),
        ),
      },
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

/** One diagnostic of `terraform plan -json`. */
interface Diagnostic {
  readonly severity: string;
  readonly summary: string;
  readonly detail?: string;
  readonly address?: string;
  readonly snippet?: { readonly context?: string; readonly code: string };
}

interface PlanEvents {
  readonly errors: Diagnostic[];
  /** Addresses of data sources whose read completed. */
  readonly read: Set<string>;
}

function planEvents(stdout: string): PlanEvents {
  const errors: Diagnostic[] = [];
  const read = new Set<string>();
  for (const line of stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    let event: { type?: string; diagnostic?: Diagnostic; hook?: { resource?: { addr?: string }; action?: string } };
    try {
      event = JSON.parse(line) as typeof event;
    } catch {
      continue;
    }
    if (event.type === "diagnostic" && event.diagnostic?.severity === "error") errors.push(event.diagnostic);
    if (event.type === "apply_complete" && event.hook?.action === "read" && event.hook.resource?.addr)
      read.add(event.hook.resource.addr);
  }
  return { errors, read };
}

const show = (d: Diagnostic) =>
  `${d.summary} [${d.address ?? "no address"}${
    d.snippet ? ` at ${d.snippet.context}: ${d.snippet.code.trim()}` : ""
  }]: ${d.detail ?? ""}`;

/** Whether diagnostic `d` of provider block `i` reports `p`: it points at the attribute, or its text names it. */
function reports(d: Diagnostic, i: number, p: Problem): boolean {
  const context = p.block === "provider" ? `provider.incus[${i}]` : `provider.incus[${i}].remote[${p.block.remote}]`;
  const pointsAt =
    d.snippet?.context === context && p.keys.some((k) => new RegExp(`^\\s*"${k}"\\s*:`).test(d.snippet!.code));
  const text = `${d.summary}\n${d.detail ?? ""}`;
  return pointsAt || p.mentions.some((m) => text.includes(m));
}

/** What was wrong with a plan's result (one line per broken promise), or undefined when it is as predicted. */
export function judgePlan(specs: readonly ProviderSpec[], r: RunResult): string | undefined {
  const crash = CRASH_SIGNS.find((re) => re.test(r.output));
  if (crash) return `the provider crashed or broke the protocol (${crash}):\n${r.output}`;
  const { errors, read } = planEvents(r.stdout);
  const expected = specs.map(expectation);
  const validating = expected.some((e) => e.validate.length > 0);
  const broken: string[] = [];
  const claimed = new Set<Diagnostic>();
  specs.forEach((spec, i) => {
    const e = expected[i];
    // Terraform validates every block before it configures any, and reads with a provider only once it is configured.
    const want = validating ? e.validate : e.configure.length ? e.configure : e.read ? [e.read] : [];
    const mine = errors.filter(
      (d) =>
        d.address === `provider["registry.cdktf-virt.local/cdktf-virt/incus"].p${i}` ||
        d.address === `data.incus_storage_pool.p${i}`,
    );
    mine.forEach((d) => claimed.add(d));
    const label = `p${i} ${JSON.stringify(spec)}`;
    for (const p of want) {
      if (!mine.some((d) => reports(d, i, p))) {
        broken.push(
          `${label}: ${p.why} (${p.stage}) was not rejected by an error naming ${p.keys.join(" or ")}${
            mine.length ? `; its errors: ${mine.map(show).join(" | ")}` : ""
          }`,
        );
      }
    }
    for (const d of mine) {
      if (!want.some((p) => reports(d, i, p))) {
        broken.push(
          `${label}: ${
            want.length ? "an error the oracle did not predict" : "a configuration that must work was refused"
          }: ${show(d)}`,
        );
      }
    }
    if (!validating && want.length === 0 && !read.has(`data.incus_storage_pool.p${i}`))
      broken.push(`${label}: must work, but its data source was not read`);
  });
  for (const d of errors.filter((x) => !claimed.has(x))) broken.push(`an error of no provider block: ${show(d)}`);
  const mustFail = expected.some((e) =>
    validating ? e.validate.length > 0 : e.configure.length > 0 || e.read !== undefined,
  );
  if (r.code !== (mustFail ? 1 : 0)) broken.push(`terraform plan exited with ${r.code}, expected ${mustFail ? 1 : 0}`);
  if (!broken.length) return undefined;
  return `${broken.join("\n")}\n--- terraform's errors:\n${
    errors.map(show).join("\n") || "(none)"
  }\n--- terraform's stderr:\n${r.stderr || "(empty)"}`;
}

export interface FuzzDirs {
  readonly emptyDir: string;
  readonly aFile: string;
  readonly newDir: string;
}

/** Makes the directories the placeholders stand for inside `root` (NEW_DIR is left to be created). */
export function makeDirs(root: string): FuzzDirs {
  const emptyDir = join(root, "empty-config");
  mkdirSync(emptyDir, { recursive: true });
  const aFile = join(root, "a-file");
  writeFileSync(aFile, "not a directory\n");
  return { emptyDir, aFile, newDir: join(root, "new-config") };
}

export interface ProviderConfigFuzzSuiteOptions {
  /** Name prefix tag ("rel" in CI, "relh" for the heavy variant). */
  readonly tag: string;
  /** Generated terraform plans, each of up to 4 generated provider configurations (after the fixed table). */
  readonly runs: number;
  readonly timeoutMs: number;
}

/** Specs to plan together: at most `size` a plan, and never a validation case with a later-stage one. */
export function batches<T extends { spec: ProviderSpec }>(cases: readonly T[], size: number): T[][] {
  const byStage = [
    cases.filter((c) => expectation(c.spec).validate.length > 0),
    cases.filter((c) => expectation(c.spec).validate.length === 0),
  ];
  return byStage.flatMap((group) =>
    Array.from({ length: Math.ceil(group.length / size) }, (_, k) => group.slice(k * size, (k + 1) * size)),
  );
}

/** The drill as a suite: the CI-sized and the heavy test files differ only in the number of generated plans. */
export function providerConfigFuzzSuite(o: ProviderConfigFuzzSuiteOptions): void {
  let client: IncusClient;
  let ws: TerraformWorkspace;
  let dirs: FuzzDirs;
  let confRoot = "";
  let initialized = false;

  beforeAll(async () => {
    client = testClient();
    await requireIncus(client, { image: false });
    const prefix = uniqueName(o.tag);
    confRoot = mkdtempSync(join(tmpdir(), `${prefix}-conf-`));
    ws = TerraformWorkspace.create({ providers: ["incus"], prefix, env: fuzzEnv(confRoot) });
    dirs = makeDirs(ws.root);
  });

  afterAll(async () => {
    ws?.cleanup();
    if (confRoot) rmSync(confRoot, { recursive: true, force: true });
    await client?.close();
  });

  async function plan(specs: readonly ProviderSpec[]): Promise<RunResult> {
    ws.write("main.tf.json", configJson(specs, dirs));
    if (!initialized) {
      await ws.init();
      initialized = true;
    }
    const r = await ws.run(["plan", "-input=false", "-json"], { timeoutMs: 120_000 });
    if (process.env.CDKTF_VIRT_FUZZ_VERBOSE) {
      process.stdout.write(`\n--- exit ${r.code}\n${planEvents(r.stdout).errors.map(show).join("\n")}\n`);
    }
    return r;
  }

  test(
    "every single change of a working configuration: works, or is rejected naming the attribute",
    async () => {
      const problems: string[] = [];
      for (const batch of batches(singleChangeCases(), 4)) {
        const problem = judgePlan(
          batch.map((c) => c.spec),
          await plan(batch.map((c) => c.spec)),
        );
        if (problem) problems.push(`cases ${batch.map((c) => c.label).join(", ")}:\n${problem}`);
      }
      if (problems.length) throw new Error(problems.join("\n\n"));
    },
    o.timeoutMs,
  );

  test(
    "fuzzed provider configurations: what must work works, what is invalid is rejected naming it, no crash",
    async () => {
      await fc.assert(
        fc.asyncProperty(providerSet, async (specs) => {
          const problem = judgePlan(specs, await plan(specs));
          if (problem) throw new Error(problem);
        }),
        { numRuns: o.runs, endOnFailure: true },
      );
    },
    o.timeoutMs,
  );
}
