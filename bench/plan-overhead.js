#!/usr/bin/env node
// Plan overhead of a bundled provider: median wall time of `terraform plan` (with refresh) of one applied
// testfs_file resource, against the same plan of one applied built-in terraform_data resource (no provider
// process at all). Target: within 3x. Terraform starts the provider 3 times per plan; three variants show where
// that goes: plans in a row (the default: the launcher hands the starts to a warm provider process), the first
// plan after the warm process has gone (it starts one), and node started for every start
// (CDKTF_VIRT_PROVIDER_REUSE=0).
//
// Usage: node bench/plan-overhead.js [--runs N]
"use strict";
const { spawnSync } = require("node:child_process");
const { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { join } = require("node:path");
const { median, option, printResult } = require("./support/report");

const root = join(__dirname, "..");
const runs = Number(option("runs", "7"));
const version = require(join(root, "package.json")).version;
const bundle = join(root, "dist", "providers", "terraform-provider-testfs.js");
const platform = `${process.platform === "win32" ? "windows" : process.platform}_${process.arch === "x64" ? "amd64" : process.arch}`;

function terraform(dir, env, tfArgs) {
  const started = process.hrtime.bigint();
  const r = spawnSync("terraform", [...tfArgs, "-no-color", "-input=false"], { cwd: dir, env, encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (r.status !== 0 && r.status !== 2) throw new Error(`terraform ${tfArgs.join(" ")} failed in ${dir}:\n${r.stdout}\n${r.stderr}`);
  return ms;
}

function workspace(base, name, mainTf, withMirror) {
  const dir = join(base, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "main.tf"), mainTf);
  const env = { ...process.env, CHECKPOINT_DISABLE: "1", TF_IN_AUTOMATION: "1" };
  delete env.TF_CLI_CONFIG_FILE;
  delete env.TF_LOG;
  env.HOME = join(base, "home");
  mkdirSync(env.HOME, { recursive: true });
  if (withMirror) {
    const target = join(dir, "terraform.d", "plugins", "registry.cdktf-virt.local", "cdktf-virt", "testfs", version, platform);
    mkdirSync(target, { recursive: true });
    copyFileSync(bundle, join(target, `terraform-provider-testfs_v${version}`));
    chmodSync(join(target, `terraform-provider-testfs_v${version}`), 0o755);
  }
  terraform(dir, env, ["init"]);
  terraform(dir, env, ["apply", "-auto-approve"]);
  return { dir, env };
}

const sleepMs = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);


function main() {
  if (!existsSync(bundle)) {
    const r = spawnSync(process.execPath, [join(root, "scripts", "bundle-providers.js"), "testfs"], { stdio: "inherit" });
    if (r.status !== 0) throw new Error("cannot bundle the testfs provider");
  }
  const base = mkdtempSync(join(tmpdir(), "bench-plan-"));
  try {
    const fixture = workspace(
      base,
      "testfs",
      `terraform {\n  required_providers {\n    testfs = { source = "registry.cdktf-virt.local/cdktf-virt/testfs" }\n  }\n}\n` +
        `provider "testfs" {\n  root = "${join(base, "testfs")}"\n}\n` +
        `resource "testfs_file" "one" {\n  path    = "one.txt"\n  content = "hello"\n}\n`,
      true,
    );
    const builtin = workspace(base, "builtin", `resource "terraform_data" "one" {\n  input = "hello"\n}\n`, false);
    const idleMs = 2000 + 1500; // lib/provider/plugin/warm-server.ts IDLE_MS, plus its check interval and margin
    const variants = [
      { key: "warm", label: "testfs_file, plans in a row (default)", env: fixture.env, before: () => {} },
      { key: "cold", label: "testfs_file, first plan after idle", env: fixture.env, before: () => sleepMs(idleMs) },
      { key: "node", label: "testfs_file, CDKTF_VIRT_PROVIDER_REUSE=0", env: { ...fixture.env, CDKTF_VIRT_PROVIDER_REUSE: "0" }, before: () => {} },
    ];
    const times = { builtin: [] };
    for (const v of variants) times[v.key] = [];
    for (let i = 0; i < runs; i++) {
      times.builtin.push(terraform(builtin.dir, builtin.env, ["plan", "-detailed-exitcode"]));
      for (const v of variants) {
        v.before();
        times[v.key].push(terraform(fixture.dir, v.env, ["plan", "-detailed-exitcode"]));
      }
    }
    const mb = median(times.builtin);
    const lines = [`terraform_data (built in): ${mb.toFixed(0)} ms median`];
    const summary = { bench: "plan-overhead", runs, builtinPlanMedianMs: Math.round(mb) };
    for (const v of variants) {
      const m = median(times[v.key]);
      lines.push(`${v.label}: ${m.toFixed(0)} ms median, ${(m / mb).toFixed(2)}x`);
      Object.assign(summary, { [`${v.key}PlanMedianMs`]: Math.round(m), [`${v.key}Ratio`]: +(m / mb).toFixed(2) });
    }
    summary.ratio = summary.warmRatio;
    console.log(`plan-overhead (${runs} runs, terraform plan with refresh of one applied resource)`);
    printResult(summary, lines);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

main();
