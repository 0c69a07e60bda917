// Runs one acceptance test of the official Incus provider, as extracted into test/fixtures/upstream-incus/, against
// the bundled provider on host u (scripts/setup-incus-hosts.sh: a host as `incus admin init --auto` leaves it, with
// host b as the image server "images"), or on the test cluster for the tests that need one, the way
// terraform-plugin-testing runs it: each step applies its configuration (or expects its error), runs the checks on
// the state, and expects an empty plan afterwards; an import step imports into a fresh state and compares; the test
// ends with a destroy.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import officialSchemas from "../../../fixtures/official-schemas/incus-v1.1.1.json";
import { hostsFile } from "../../../support/incus-hosts";
import { TerraformWorkspace, requiredProviders } from "../../../support/terraform";
import type { Check, CheckContext } from "./checks";
import { runCheck } from "./checks";
import type { FlatMap } from "./flatmap";
import { flatten } from "./flatmap";

// The address wait after a start (lib/provider/incus/instance/address-settle.ts) is bounded at 3 s, a little over the
// official provider's 2 s read delay. In CI, with suites side by side on 2 cores, the image's lease or SLAAC address
// can come later than that (seen: ipv6_address empty after the apply, then there at the import); the tests check
// ipv4/ipv6_address without wait_for, so the bound is raised for them. The wait still ends once the addresses are
// there: only a start whose addresses never come pays it.
const SUITE_ENV = { CDKTF_VIRT_ADDRESS_SETTLE_MS: "10000" };

export interface UpstreamStep {
  readonly config?: string | null;
  readonly checks?: readonly Check[];
  readonly expectError?: string | null;
  readonly resourceName?: string;
  readonly importState?: boolean;
  readonly importStateId?: string;
  readonly importStateVerify?: boolean;
  readonly importStateVerifyIgnore?: readonly string[];
  readonly importStateVerifyIdentifierAttribute?: string;
  readonly planOnly?: boolean;
  readonly expectNonEmptyPlan?: boolean;
  readonly expectEmptyPlanBeforeApply?: boolean;
  readonly unsupported?: readonly string[];
}

export interface UpstreamTest {
  readonly name: string;
  readonly precheck: readonly string[];
  readonly placeholders: readonly string[];
  readonly steps: readonly UpstreamStep[];
  readonly problems: readonly string[];
}

export interface UpstreamFixture {
  readonly tag: string;
  readonly commit: string;
  /** Files the configurations read by a path relative to a test's package directory. */
  readonly fixtures: Readonly<Record<string, string>>;
  readonly files: readonly { readonly file: string; readonly tests: readonly UpstreamTest[] }[];
}

const SETUP_HINT = "run `bash scripts/setup-incus-hosts.sh` (scripts/setup.sh calls it)";

/**
 * Where `test` runs: the state directory of a daemon there (for the leftovers) and the client configuration
 * directory whose default remote it is, with the image server "images" = b. Host u, or the test cluster for the
 * tests that need a cluster as the default remote (PreCheckClustering).
 */
export function upstreamHost(test?: Pick<UpstreamTest, "precheck">): { stateDir: string; configDir: string } {
  const hosts = hostsFile();
  if (test?.precheck.includes("PreCheckClustering")) {
    const configDir = hosts.cluster.upstreamConfigDir;
    if (!configDir) throw new Error(`the cluster has no upstream client configuration: ${SETUP_HINT}`);
    return { stateDir: Object.values(hosts.cluster.members)[0].stateDir, configDir };
  }
  if (!hosts.hosts.u) throw new Error(`host u is not set up: ${SETUP_HINT}`);
  return hosts.hosts.u;
}

const flat = (text: string): string => text.replace(/\s+/g, " ");

/** Where the bundled provider behaves differently on purpose: per step, the error it gives instead. */
export type Differences = Readonly<Record<number, { readonly expectError: string }>>;

/** The top-level attributes the official provider's schema at the fixture's tag has, by resource type. */
const officialAttributes = new Map(
  Object.entries(officialSchemas.resources as Record<string, Record<string, unknown>>).map(([type, attrs]) => [
    type,
    new Set(Object.keys(attrs).map((path) => path.split(".")[0])),
  ]),
);

/**
 * Runs `test`; throws with every failed check, an unexpected plan or error. `fixtures` are written where the
 * configurations' relative paths find them; `differences` replace the expected error of a step.
 */
export async function runUpstreamTest(
  test: UpstreamTest,
  fixtures: UpstreamFixture["fixtures"],
  differences: Differences = {},
): Promise<void> {
  const host = upstreamHost(test);
  const tag = `tu${randomBytes(3).toString("hex")}`;
  const temp = mkdtempSync(join(tmpdir(), `${tag}-`));
  const values = new Map<string, string>([["acctest.TestImage", "images:alpine/edge"]]);
  test.placeholders.forEach((p, i) => values.set(p, /dir$/i.test(p) ? temp : `${tag}-${i}`));
  const fill = <T>(v: T): T =>
    JSON.parse(JSON.stringify(v).replace(/@@([A-Za-z0-9_.]+)@@/g, (m, name: string) => values.get(name) ?? m)) as T;
  const ws = TerraformWorkspace.create({
    providers: ["incus"],
    prefix: `t-tf-${tag}`,
    env: { INCUS_CONF: host.configDir, ...SUITE_ENV },
  });
  // The configurations name files relative to the test's package directory: the working directory's parent.
  const writeFixtures = (w: TerraformWorkspace) => {
    for (const [path, content] of Object.entries(fixtures)) {
      mkdirSync(dirname(join(w.root, path)), { recursive: true });
      writeFileSync(join(w.root, path), content);
    }
  };
  writeFixtures(ws);
  const failures: string[] = [];
  let lastApplied = "";
  let state: Map<string, FlatMap> = new Map();
  const readState = async (w: TerraformWorkspace) => {
    const show = (await w.show()) as {
      values?: { root_module?: { resources?: { address: string; values: Record<string, unknown> }[] } };
    };
    // terraform-plugin-testing names a counted resource's instance "type.name.0", Terraform "type.name[0]".
    return new Map(
      (show.values?.root_module?.resources ?? []).map((r) => [
        r.address.replace(/\[(\d+)\]$/, ".$1"),
        flatten(r.values),
      ]),
    );
  };
  const write = (w: TerraformWorkspace, config: string) =>
    w.write(
      "main.tf",
      `${requiredProviders(["incus"])}\n${/provider\s+"incus"/.test(config) ? "" : 'provider "incus" {}\n'}${config}\n`,
    );
  const ctx: CheckContext = { state: (a) => state.get(a), lookups: new Map() };
  try {
    let lastConfig = "";
    for (const [index, raw] of test.steps.entries()) {
      const step = { ...fill(raw), ...differences[index] };
      const where = `step ${index + 1}`;
      if (step.importState) {
        const address = step.resourceName!;
        const imported = TerraformWorkspace.create({
          providers: ["incus"],
          prefix: `t-tf-${tag}-i`,
          env: { INCUS_CONF: host.configDir, ...SUITE_ENV },
        });
        try {
          writeFixtures(imported);
          write(imported, lastConfig);
          await imported.init();
          const id = step.importStateId ?? state.get(address)?.get(step.importStateVerifyIdentifierAttribute ?? "id");
          const r = await imported.run(["import", "-input=false", address, String(id)]);
          if (r.code !== 0) {
            failures.push(`${where}: terraform import ${address} ${id} failed:\n${r.output}`);
            continue;
          }
          if (step.importStateVerify) {
            const got = (await readState(imported)).get(address) ?? new Map();
            const want = state.get(address) ?? new Map();
            // Attributes the official schema of that version lacks (e.g. incus_instance.interfaces) are not its test's.
            const official = officialAttributes.get(address.split(".")[0]);
            const ignored = (k: string) =>
              (step.importStateVerifyIgnore ?? []).some((p) => k === p || k.startsWith(`${p}.`)) ||
              (official !== undefined && !official.has(k.split(".")[0]));
            for (const k of new Set([...got.keys(), ...want.keys()])) {
              if (ignored(k) || k.endsWith(".%") || k.endsWith(".#")) continue;
              if (got.get(k) !== want.get(k))
                failures.push(
                  `${where}: imported ${address} ${k} = ${JSON.stringify(got.get(k))}, state has ${JSON.stringify(want.get(k))}`,
                );
            }
          }
        } finally {
          imported.cleanup();
        }
        continue;
      }
      if (!step.config) continue;
      write(ws, step.config);
      if (!lastConfig) await ws.init();
      lastConfig = step.config;
      if (step.expectEmptyPlanBeforeApply || step.planOnly) {
        const plan = await ws.plan();
        const wantChanges = step.planOnly && step.expectNonEmptyPlan;
        if (plan.code !== (wantChanges ? 2 : 0))
          failures.push(`${where}: plan before apply exited ${plan.code}:\n${plan.output}`);
        if (step.planOnly) continue;
      }
      const applied = await ws.run(["apply", "-auto-approve", "-input=false"], { timeoutMs: 240_000 });
      if (step.expectError) {
        if (applied.code === 0)
          failures.push(`${where}: the apply succeeded, expected an error matching /${step.expectError}/`);
        else if (
          !new RegExp(step.expectError).test(flat(applied.output)) &&
          !new RegExp(step.expectError).test(applied.output)
        )
          failures.push(`${where}: the error does not match /${step.expectError}/:\n${applied.output}`);
        continue;
      }
      if (applied.code !== 0) {
        failures.push(`${where}: terraform apply failed:\n${applied.output}`);
        break;
      }
      lastApplied = step.config;
      state = await readState(ws);
      for (const check of step.checks ?? []) {
        const message = runCheck(check, ctx);
        if (message) failures.push(`${where}: ${message}`);
      }
      const after = await ws.plan();
      if (after.code !== (step.expectNonEmptyPlan ? 2 : 0))
        failures.push(`${where}: the plan after the apply exited ${after.code} (0 = no changes):\n${after.output}`);
    }
    // Destroy with the last configuration that applied: one expected to fail may not even validate.
    write(ws, lastApplied);
    const destroyed = await ws.run(["destroy", "-auto-approve", "-input=false"], { timeoutMs: 240_000 });
    if (destroyed.code !== 0) failures.push(`destroy failed:\n${destroyed.output}`);
  } finally {
    removeLeftovers(host.stateDir, tag);
    ws.cleanup();
    rmSync(temp, { recursive: true, force: true });
  }
  if (failures.length > 0) throw new Error(`${test.name}:\n${failures.join("\n")}`);
}

/** Deletes what a failed test left where it ran: every object whose name carries the test's tag. */
function removeLeftovers(stateDir: string, tag: string): void {
  const incus = (...args: string[]) =>
    execFileSync("incus", args, {
      env: { ...process.env, INCUS_DIR: stateDir },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  const query = (path: string) =>
    JSON.parse(incus("query", path)) as {
      name: string;
      project?: string;
      pool?: string;
      type?: string;
      location?: string;
    }[];
  // On a cluster, a volume of a local pool is on one member.
  const at = (o: { location?: string }) => (o.location && o.location !== "none" ? ["--target", o.location] : []);
  const tryRun = (...args: string[]) => {
    try {
      incus(...args);
    } catch {
      // already gone, or still used by something removed next
    }
  };
  for (const i of query("/1.0/instances?recursion=1&all-projects=true"))
    if (i.name.includes(tag)) tryRun("delete", "--force", i.name, "--project", i.project ?? "default");
  // Tests run side by side: another one's pool may be deleted between the list and the look into it.
  const volumesOf = (pool: string) => {
    try {
      return query(`/1.0/storage-pools/${encodeURIComponent(pool)}/volumes?recursion=1&all-projects=true`);
    } catch {
      return [];
    }
  };
  for (const pool of query("/1.0/storage-pools?recursion=1"))
    for (const v of volumesOf(pool.name))
      if (v.type === "custom" && v.name.includes(tag))
        tryRun("storage", "volume", "delete", pool.name, v.name, "--project", v.project ?? "default", ...at(v));
  for (const p of query("/1.0/profiles?recursion=1&all-projects=true"))
    if (p.name.includes(tag)) tryRun("profile", "delete", p.name, "--project", p.project ?? "default");
  for (const n of query("/1.0/networks?recursion=1")) if (n.name.includes(tag)) tryRun("network", "delete", n.name);
  for (const pool of query("/1.0/storage-pools?recursion=1"))
    if (pool.name.includes(tag)) tryRun("storage", "delete", pool.name);
  for (const p of query("/1.0/projects?recursion=1"))
    if (p.name.includes(tag)) tryRun("project", "delete", p.name, "--force");
}
