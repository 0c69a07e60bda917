#!/usr/bin/env node
// Plan overhead of a bundled provider: median wall time of `terraform plan` (with refresh) of one applied
// testfs_file resource, against the same plan of one applied built-in terraform_data resource (no provider
// process at all). Target: within 3x.
//
// Usage: node bench/plan-overhead.js [--runs N]
"use strict";
const { spawnSync } = require("node:child_process");
const { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { join } = require("node:path");

const root = join(__dirname, "..");
const args = process.argv.slice(2);
const runs = Number(args.includes("--runs") ? args[args.indexOf("--runs") + 1] : "7");
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

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

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
    const a = [];
    const b = [];
    for (let i = 0; i < runs; i++) {
      b.push(terraform(builtin.dir, builtin.env, ["plan", "-detailed-exitcode"]));
      a.push(terraform(fixture.dir, fixture.env, ["plan", "-detailed-exitcode"]));
    }
    const ma = median(a);
    const mb = median(b);
    console.log(`plan-overhead (${runs} runs, terraform plan with refresh of one applied resource)`);
    console.log(`  testfs_file (bundled provider): ${ma.toFixed(0)} ms median`);
    console.log(`  terraform_data (built in):      ${mb.toFixed(0)} ms median`);
    console.log(`  ratio: ${(ma / mb).toFixed(2)}x`);
    console.log(JSON.stringify({ bench: "plan-overhead", runs, providerPlanMedianMs: Math.round(ma), builtinPlanMedianMs: Math.round(mb), ratio: +(ma / mb).toFixed(2) }));
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

main();
