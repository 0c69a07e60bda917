#!/usr/bin/env node
// Plan overhead of the bundled providers: median wall time of `terraform plan` (with refresh) of one applied
// resource, against the same plan of one applied built-in terraform_data resource (no provider process at all).
// Target: within 3x. Measured for the bundled incus provider (an incus_storage_volume on the test pool: the refresh
// is one GET to the local incusd) and the testfs test provider (a file: the refresh is a stat). Terraform starts
// the provider 3 times per plan; three variants show where that goes: the first plan after the warm provider
// process has gone (it starts one: the headline, what a plan run by hand or by CI pays), plans in a row (the
// launcher hands the starts to the warm process an untimed plan just before left), and node started for every
// start (CDKTF_VIRT_PROVIDER_REUSE=0). Every plan must report no changes (exit 0) to count. Each run measures
// every variant back to back, so they share the machine's load; medians with the min–max spread.
//
// Usage: node bench/plan-overhead.js [--runs 7] [--quick]
// @ts-check
"use strict";
const { spawnSync } = require("node:child_process");
const { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { join } = require("node:path");
const { RawIncus } = require("./rest-baseline/rest-client");
const { requiredProvider } = require("./support/hcl");
const { TEST_POOL, requireDaemon, uniquePrefix } = require("./support/incus-stack");
const { flag, median, option, printResult, spread } = require("./support/report");
const { handleInterrupts } = require("./support/interrupt");

const root = join(__dirname, "..");
const runs = Number(option("runs", flag("quick") ? "1" : "7"));
const version = require(join(root, "package.json")).version;
const platform = `${process.platform === "win32" ? "windows" : process.platform}_${
  process.arch === "x64" ? "amd64" : process.arch
}`;

/**
 * Runs terraform and returns its wall time; a plan must report no changes.
 * @param {string} dir
 * @param {NodeJS.ProcessEnv} env
 * @param {string[]} tfArgs
 */
function terraform(dir, env, tfArgs) {
  const started = process.hrtime.bigint();
  const r = spawnSync("terraform", [...tfArgs, "-no-color", "-input=false"], { cwd: dir, env, encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 0) {
    const what = r.status === 2 ? "planned changes for an applied resource" : `failed (exit ${r.status})`;
    throw new Error(`terraform ${tfArgs.join(" ")} ${what} in ${dir}:\n${r.stdout}\n${r.stderr}`);
  }
  return ms;
}

/**
 * A working directory with `mainTf` applied; `provider` (if any) from dist/providers in ./terraform.d/plugins.
 * @param {string} base
 * @param {string} name
 * @param {string} mainTf
 * @param {string} [provider]
 */
function workspace(base, name, mainTf, provider) {
  const dir = join(base, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "main.tf"), mainTf);
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, CHECKPOINT_DISABLE: "1", TF_IN_AUTOMATION: "1" };
  delete env.TF_CLI_CONFIG_FILE;
  delete env.TF_LOG;
  env.HOME = join(base, "home");
  mkdirSync(env.HOME, { recursive: true });
  if (provider) {
    const bundle = join(root, "dist", "providers", `terraform-provider-${provider}.js`);
    if (!existsSync(bundle)) {
      const r = spawnSync(process.execPath, [join(root, "scripts", "bundle-providers.js"), provider], {
        stdio: "inherit",
      });
      if (r.status !== 0) throw new Error(`cannot bundle the ${provider} provider`);
    }
    const target = join(
      dir,
      "terraform.d",
      "plugins",
      "registry.cdktf-virt.local",
      "cdktf-virt",
      provider,
      version,
      platform,
    );
    mkdirSync(target, { recursive: true });
    copyFileSync(bundle, join(target, `terraform-provider-${provider}_v${version}`));
    chmodSync(join(target, `terraform-provider-${provider}_v${version}`), 0o755);
  }
  terraform(dir, env, ["init"]);
  terraform(dir, env, ["apply", "-auto-approve"]);
  return { dir, env };
}

/** @param {number} ms */
const sleepMs = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

async function main() {
  handleInterrupts();
  const raw = new RawIncus();
  await requireDaemon(raw);
  const prefix = uniquePrefix("plan1");
  const base = mkdtempSync(join(tmpdir(), "bench-plan-"));
  /** @type {{ dir: string, env: NodeJS.ProcessEnv } | undefined} */
  let incus;
  try {
    mkdirSync(join(base, "testfs-root"));
    const builtin = workspace(base, "builtin", `resource "terraform_data" "one" {\n  input = "hello"\n}\n`);
    const testfs = workspace(
      base,
      "testfs",
      `${requiredProvider("testfs")}provider "testfs" {\n  root = "${join(base, "testfs-root")}"\n}\n` +
        `resource "testfs_file" "one" {\n  path    = "one.txt"\n  content = "hello"\n}\n`,
      "testfs",
    );
    incus = workspace(
      base,
      "incus",
      `${requiredProvider("incus")}provider "incus" {}\n` +
        `resource "incus_storage_volume" "one" {\n  name   = "${prefix}-v"\n  pool   = "${TEST_POOL}"\n  config = { size = "32MiB" }\n}\n`,
      "incus",
    );
    const idleMs = 2000 + 1500; // lib/provider/plugin/warm-server.ts IDLE_MS, plus its check interval and margin
    const plan = ["plan", "-detailed-exitcode"];
    /** @type {{ key: string, label: string, ws: { dir: string, env: NodeJS.ProcessEnv }, before: () => void, env?: NodeJS.ProcessEnv }[]} */
    const variants = [];
    for (const [name, ws] of /** @type {const} */ ([
      ["incus", incus],
      ["testfs", testfs],
    ])) {
      variants.push(
        {
          key: `${name}Cold`,
          label: `${name}, first plan after idle (starts the warm process)`,
          ws,
          before: () => sleepMs(idleMs),
        },
        { key: `${name}Warm`, label: `${name}, plans in a row`, ws, before: () => terraform(ws.dir, ws.env, plan) },
        {
          key: `${name}Node`,
          label: `${name}, CDKTF_VIRT_PROVIDER_REUSE=0 (node for each start)`,
          ws,
          before: () => {},
          env: { ...ws.env, CDKTF_VIRT_PROVIDER_REUSE: "0" },
        },
      );
    }
    /** @type {Record<string, number[]>} */
    const times = { builtin: [] };
    for (const v of variants) times[v.key] = [];
    terraform(builtin.dir, builtin.env, plan); // warms the file cache
    for (let i = 0; i < runs; i++) {
      times.builtin.push(terraform(builtin.dir, builtin.env, plan));
      for (const v of variants) {
        v.before();
        times[v.key].push(terraform(v.ws.dir, v.env ?? v.ws.env, plan));
      }
    }
    const msText = (/** @type {number} */ v) => `${v.toFixed(0)} ms`;
    const mb = median(times.builtin);
    const lines = [`terraform_data (built in): ${msText(mb)} median (${spread(times.builtin, msText)})`];
    /** @type {Record<string, unknown>} */
    const summary = {
      bench: "plan-overhead",
      runs,
      builtinPlanMedianMs: Math.round(mb),
      builtinPlanRunsMs: times.builtin.map(Math.round),
    };
    for (const v of variants) {
      const m = median(times[v.key]);
      lines.push(`${v.label}: ${msText(m)} median (${spread(times[v.key], msText)}), ${(m / mb).toFixed(2)}x`);
      Object.assign(summary, {
        [`${v.key}PlanMedianMs`]: Math.round(m),
        [`${v.key}PlanRunsMs`]: times[v.key].map(Math.round),
        [`${v.key}Ratio`]: +(m / mb).toFixed(2),
      });
    }
    summary.ratio = summary.incusColdRatio; // the headline: the bundled incus provider, a plan after idle
    console.log(
      `plan-overhead (${runs} run(s), terraform plan with refresh of one applied resource; headline: incus, first plan after idle)`,
    );
    printResult(summary, lines);
  } finally {
    if (incus)
      spawnSync("terraform", ["destroy", "-auto-approve", "-no-color", "-input=false"], {
        cwd: incus.dir,
        env: incus.env,
        encoding: "utf8",
      });
    await raw.deleteVolume(TEST_POOL, `${prefix}-v`);
    await raw.close();
    rmSync(base, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`plan-overhead benchmark: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
