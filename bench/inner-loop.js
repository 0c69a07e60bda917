#!/usr/bin/env node
// @ts-check
// The user's inner loop: `cdktn deploy --auto-approve` with nothing changed, of the starter stack `cdktf-virt init`
// writes (a dir storage pool, a persistent volume, a container with it mounted), end to end: the CLI, the app's
// synth, terraform init, plan and the (empty) apply. Variants differ only in cdktf.json's "app", i.e. how main.ts
// runs:
//   strip       node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON main.ts   (Node's type stripping, >= 22.18)
//   tsx-import  node --import tsx main.ts                                      (tsx's loader, no extra process)
//   tsx-npx     npx tsx main.ts                                                (tsx's CLI through npx)
//   ts-node     ts-node main.ts, type-checking (TypeScript 5.9, CommonJS output: what older starters used)
// For each variant also the app alone (what synth costs), and once per round `tsc --noEmit` (the starter's
// `npm test`). Baseline, measured in the same rounds: `terraform plan` on the synthesized stack (exit 0 = no
// changes, which is also the self-check that the stack is deployed and unchanged). Every variant's cdk.tf.json must
// be identical. Each of --runs rounds (default 5) runs the variants in a rotated order; medians and min–max of the
// wall time and of the CPU time of the processes each command waited for (bash's `times`), which a busy machine
// disturbs less.
//
// Set-up (not timed): `npm pack --ignore-scripts` of this checkout (build it first), `cdktf-virt init --framework
// cdktn` into a temp folder, `npm install` there (prefers npm's cache) plus tsx, and ts-node with TypeScript 5.9 in
// a folder beside it; one untimed deploy. The image is $CDKTF_VIRT_TEST_IMAGE (default cdktf-virt-busybox, as the
// other benchmarks), passed through the starter's INCUS_IMAGE. Node: this one when it strips types, else Node 24
// from scripts/install-node.sh. Everything created is named t-bench-il-… and removed at the end, also on failure.
//
// Usage: node bench/inner-loop.js [--runs 5] [--quick] [--keep]
"use strict";
const { spawnSync } = require("node:child_process");
const { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { dirname, join } = require("node:path");
const { TEST_IMAGE } = require("./support/incus-stack");
const { flag, formatMs, median, msSince, option, printResult, ratio, spread } = require("./support/report");
const { handleInterrupts } = require("./support/interrupt");
const { root } = require("./support/load-ts");

const TSX_RANGE = "^4.21.0";
const TS_NODE_RANGE = "^10.9.2";
const TYPESCRIPT_5_RANGE = "~5.9.3";
const NPM_QUIET = ["--loglevel=error", "--no-audit", "--no-fund", "--prefer-offline"];

/** @param {string} tools */
function variants(tools) {
  const tsNode = join(tools, "node_modules", "ts-node", "dist", "bin.js");
  const ts5 = join(tools, "node_modules", "typescript");
  // What a CommonJS starter's tsconfig said; the rest of the starter's tsconfig (strict, paths) still applies.
  const commonJs = JSON.stringify({
    module: "commonjs",
    moduleResolution: "node10",
    verbatimModuleSyntax: false,
    allowImportingTsExtensions: false,
  });
  return {
    strip: "node --disable-warning=MODULE_TYPELESS_PACKAGE_JSON main.ts",
    "tsx-import": "node --import tsx main.ts",
    "tsx-npx": "npx tsx main.ts",
    "ts-node": `node ${tsNode} --compiler ${ts5} -O '${commonJs}' main.ts`,
  };
}

// Runs the command given as $1..., then bash's `times`: its last line is the CPU time of the children waited for
// (the CLI, node, terraform and the provider processes terraform starts; not a warm provider process left running).
const WITH_TIMES = 'set +e; "$@"; rc=$?; times >&2; exit $rc';

/** CPU milliseconds (user + system) of the children, from the last line `times` printed ("0m1.234s 0m0.100s"). */
function childrenCpuMs(/** @type {string} */ stderr) {
  const last = stderr.trimEnd().split("\n").pop() ?? "";
  const m = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/.exec(last);
  if (!m) throw new Error(`no \`times\` line at the end of the output: ${JSON.stringify(last)}`);
  return (Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4])) * 1000;
}

/**
 * Runs a command under bash (for `times`); returns its wall time, the CPU time of its processes and its output.
 * Throws with the output unless the exit code is one of `ok`.
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, ok?: number[] }} [opts]
 */
function run(cmd, args, opts = {}) {
  const started = process.hrtime.bigint();
  const r = spawnSync("bash", ["-c", WITH_TIMES, "bash", cmd, ...args], {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = msSince(started);
  const ok = opts.ok ?? [0];
  if (r.error || !ok.includes(r.status ?? -1)) {
    throw new Error(
      `${cmd} ${args.join(" ")} failed (exit ${r.status}${r.error ? `, ${r.error.message}` : ""}):\n` +
        `${r.stdout}\n${r.stderr}`.trim().slice(-4000),
    );
  }
  return { ms, cpuMs: childrenCpuMs(r.stderr), stdout: r.stdout, out: `${r.stdout}\n${r.stderr}` };
}

/** The bin directory of a Node that strips types: this one, or Node 24 from scripts/install-node.sh. */
function strippingNodeBin() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major > 22 || (major === 22 && minor >= 18)) return dirname(process.execPath);
  const out = run("bash", [join(root, "scripts", "install-node.sh"), "24"])
    .out.trim()
    .split("\n");
  const bin = out.filter((l) => l.startsWith("/")).pop();
  if (!bin || !existsSync(join(bin, "node"))) throw new Error(`scripts/install-node.sh 24 gave no bin directory`);
  return bin;
}

/** @param {string} name  deletes what the starter creates on the host, when it is there */
function removeHostObjects(name) {
  const pool = `${name}-pool`;
  spawnSync("incus", ["delete", "--force", `${name}-db`], { encoding: "utf8" });
  spawnSync("incus", ["storage", "volume", "delete", pool, `${name}-pgdata`], { encoding: "utf8" });
  spawnSync("incus", ["storage", "delete", pool], { encoding: "utf8" });
}

async function main() {
  handleInterrupts();
  const quick = flag("quick");
  const runs = Number(option("runs", quick ? "1" : "5"));
  const keep = flag("keep");
  if (!existsSync(join(root, "dist", "providers", "terraform-provider-incus.js"))) {
    throw new Error("dist/ has no bundled providers: run `npm run build` first");
  }
  const nodeBin = strippingNodeBin();
  const work = mkdtempSync(join(tmpdir(), "t-bench-il-"));
  const name = `t-bench-il-${work
    .slice(-6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "x")}`;
  const app = join(work, "app");
  const tools = join(work, "tools");
  const env = {
    ...process.env,
    PATH: `${nodeBin}:${join(app, "node_modules", ".bin")}:${process.env.PATH}`,
    CHECKPOINT_DISABLE: "1",
    INCUS_IMAGE: TEST_IMAGE,
    npm_config_update_notifier: "false",
  };
  const nodeVersion = run(join(nodeBin, "node"), ["--version"]).stdout.trim();
  try {
    // Set-up, not timed.
    const npm = join(nodeBin, "npm");
    run(npm, ["pack", root, "--ignore-scripts", "--pack-destination", work, ...NPM_QUIET], { cwd: work, env });
    const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"));
    if (!tarball) throw new Error("npm pack wrote no tarball");
    const bin = join(root, "bin", "cdktf-virt");
    const initArgs = ["init", "app", "--framework", "cdktn", "--name", name, "--no-install"];
    run(join(nodeBin, "node"), [bin, ...initArgs, "--package", join(work, tarball)], { cwd: work, env });
    run(npm, ["install", ...NPM_QUIET], { cwd: app, env });
    run(npm, ["install", "--no-save", `tsx@${TSX_RANGE}`, ...NPM_QUIET], { cwd: app, env });
    mkdirSync(tools);
    writeFileSync(join(tools, "package.json"), '{ "private": true }\n');
    run(npm, ["install", `ts-node@${TS_NODE_RANGE}`, `typescript@${TYPESCRIPT_5_RANGE}`, ...NPM_QUIET], {
      cwd: tools,
      env,
    });
    const cdktfJsonPath = join(app, "cdktf.json");
    const cdktfJson = JSON.parse(readFileSync(cdktfJsonPath, "utf8"));
    const apps = variants(tools);
    const names = /** @type {(keyof typeof apps)[]} */ (Object.keys(apps));
    const useApp = (/** @type {keyof typeof apps} */ v) =>
      writeFileSync(cdktfJsonPath, `${JSON.stringify({ ...cdktfJson, app: apps[v] }, null, 2)}\n`);
    const stackDir = join(app, "cdktf.out", "stacks", name);
    const stackJson = () => readFileSync(join(stackDir, "cdk.tf.json"), "utf8");

    useApp("strip");
    const deploy = () =>
      run(join(app, "node_modules", ".bin", "cdktn"), ["deploy", "--auto-approve"], { cwd: app, env });
    deploy();
    const reference = stackJson();
    const plan = () =>
      run("terraform", ["plan", "-input=false", "-detailed-exitcode", "-lock=false"], { cwd: stackDir, env });
    plan(); // warm, and the stack is deployed: exit 0
    if (!run("incus", ["list", `${name}-db`, "--format", "csv", "-c", "n"]).out.includes(`${name}-db`)) {
      throw new Error(`the first deploy did not create ${name}-db`);
    }

    /** @type {Record<string, { deploy: number[], deployCpu: number[], app: number[], appCpu: number[] }>} */
    const times = Object.fromEntries(names.map((v) => [v, { deploy: [], deployCpu: [], app: [], appCpu: [] }]));
    /** @type {number[]} */
    const plans = [];
    /** @type {number[]} */
    const planCpu = [];
    /** @type {number[]} */
    const typechecks = [];
    for (let round = 0; round < runs; round++) {
      const order = names.map((_, i) => names[(i + round) % names.length]);
      for (const v of order) {
        useApp(v);
        const d = deploy();
        if (!/No changes|0 added, 0 changed, 0 destroyed/.test(d.out)) {
          throw new Error(`deploy with ${v} changed something:\n${d.out.slice(-3000)}`);
        }
        times[v].deploy.push(d.ms);
        times[v].deployCpu.push(d.cpuMs);
        if (stackJson() !== reference) throw new Error(`the app run with ${v} synthesized a different cdk.tf.json`);
        const a = run("sh", ["-c", apps[v]], { cwd: app, env: { ...env, CDKTF_OUTDIR: join(work, `out-${v}`) } });
        times[v].app.push(a.ms);
        times[v].appCpu.push(a.cpuMs);
        const p = plan();
        plans.push(p.ms);
        planCpu.push(p.cpuMs);
      }
      typechecks.push(run(join(app, "node_modules", ".bin", "tsc"), ["--noEmit"], { cwd: app, env }).ms);
    }

    const basePlan = median(plans);
    const fmt = (/** @type {number} */ v) => formatMs(v);
    const lines = names.map((v) => {
      const t = times[v];
      const d = median(t.deploy);
      return `${v.padEnd(10)} deploy (no changes) ${formatMs(d)} (${spread(t.deploy, fmt)}), CPU ${formatMs(
        median(t.deployCpu),
      )}: ${ratio(d, basePlan)}x plan (CPU ${ratio(median(t.deployCpu), median(planCpu))}x); app alone ${formatMs(
        median(t.app),
      )} (${spread(t.app, fmt)}), CPU ${formatMs(median(t.appCpu))}  [${apps[v].replaceAll(tools, "<tools>")}]`;
    });
    lines.push(
      `baseline: terraform plan on the synthesized stack ${formatMs(basePlan)} (${spread(plans, fmt)}), CPU ${formatMs(
        median(planCpu),
      )}`,
    );
    lines.push(`tsc --noEmit (npm test; TypeScript 7) ${formatMs(median(typechecks))} (${spread(typechecks, fmt)})`);
    lines.push(`Node ${nodeVersion}, image ${TEST_IMAGE}`);
    const fastest = names.reduce((a, b) => (median(times[a].deploy) <= median(times[b].deploy) ? a : b));
    console.log(`inner loop: deploy with no changes of the init starter (cdktn), ${runs} runs per variant`);
    printResult(
      {
        bench: "inner-loop",
        runs,
        node: nodeVersion,
        ratio: ratio(median(times.strip.deploy), basePlan),
        planMedianMs: Math.round(basePlan),
        planRunsMs: plans.map(Math.round),
        planCpuMedianMs: Math.round(median(planCpu)),
        typecheckMedianMs: Math.round(median(typechecks)),
        fastest,
        variants: Object.fromEntries(
          names.map((v) => [
            v,
            {
              app: apps[v].replaceAll(tools, "<tools>"),
              deployMedianMs: Math.round(median(times[v].deploy)),
              deployRunsMs: times[v].deploy.map(Math.round),
              deployCpuMedianMs: Math.round(median(times[v].deployCpu)),
              appMedianMs: Math.round(median(times[v].app)),
              appRunsMs: times[v].app.map(Math.round),
              appCpuMedianMs: Math.round(median(times[v].appCpu)),
              ratio: ratio(median(times[v].deploy), basePlan),
            },
          ]),
        ),
      },
      lines,
    );
  } finally {
    removeHostObjects(name);
    if (keep) console.error(`inner-loop: kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(`inner-loop benchmark: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
