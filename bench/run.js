#!/usr/bin/env node
// Runs every benchmark one after the other (never in parallel: they would measure each other) and prints a summary
// with each figure's ratio against the baseline measured in the same run, plus the machine, its load and the git
// commit. `npm run bench` builds first; run `node bench/run.js` directly to reuse the current build.
//
// --quick runs every benchmark with tiny sizes and one run (each script's own --quick), so CI exercises the code
// paths and self-checks (equal synth output, everything running, plans after apply empty) in well under two
// minutes; it first type-checks bench/ (bench/tsconfig.json). The exit code is non-zero when the type check fails,
// a benchmark throws or a self-check fails. Its figures are not comparable with full runs.
//
// A full run waits before each benchmark until the 1-minute load is below 2 (at most 3 minutes, the wait printed):
// the previous benchmark's containers and domains leave load behind for a minute or two, and a figure measured in it
// says more about that benchmark than about this one.
//
// Usage: node bench/run.js [--only synth,apply,...] [--quick] [--json results.json]
// @ts-check
"use strict";
const { spawn, spawnSync } = require("node:child_process");
const { writeFileSync } = require("node:fs");
const { join } = require("node:path");
const { flag, formatMs, loadAverage, machine, option } = require("./support/report");
const { root } = require("./support/load-ts");
const { handleInterrupts, interrupted } = require("./support/interrupt");

/** The benchmark running now (a SIGTERM sent to this process alone is passed on to it). */
let current = /** @type {import("node:child_process").ChildProcess | undefined} */ (undefined);

/** name → script and its arguments; --quick is added to them in quick mode. */
const BENCHES = [
  { name: "synth", script: "synth.js", args: [], baseline: "same stack written with L1 bindings" },
  {
    name: "provider-startup",
    script: "provider-startup.js",
    args: ["--type", "incus"],
    baseline: "`node -e 0` in the launcher's environment",
  },
  {
    name: "provider-startup-libvirt",
    script: "provider-startup.js",
    args: ["--type", "libvirt"],
    baseline: "`node -e 0` in the launcher's environment",
  },
  { name: "plan-overhead", script: "plan-overhead.js", args: [], baseline: "plan of a built-in terraform_data" },
  { name: "apply", script: "apply.js", args: [], baseline: "raw REST, same concurrency" },
  { name: "rebuild", script: "rebuild.js", args: [], baseline: "raw REST rebuild, same concurrency" },
  { name: "noop-plan", script: "noop-plan.js", args: [], baseline: "raw REST reads, same concurrency" },
  { name: "fleet", script: "fleet.js", args: [], baseline: "raw REST reads, same concurrency" },
  { name: "libvirt-apply", script: "libvirt-apply.js", args: [], baseline: "virsh, same concurrency" },
  {
    name: "inner-loop",
    script: "inner-loop.js",
    args: [],
    baseline: "`terraform plan` on the synthesized starter stack",
  },
];

/** A full run waits before each benchmark until the 1-minute load is below this, for at most SETTLE_MAX_MS. */
const SETTLE_LOAD = 2;
const SETTLE_MAX_MS = 180_000;

/**
 * Waits until the load the previous benchmark left (its containers and domains being removed, and the decay of the
 * 1-minute average) has settled, so each benchmark starts on the quiet machine the first one had; prints the wait.
 */
async function settle() {
  const from = loadAverage();
  const started = Date.now();
  while (loadAverage() >= SETTLE_LOAD && Date.now() - started < SETTLE_MAX_MS) {
    await new Promise((r) => setTimeout(r, 5000));
  }
  const to = loadAverage();
  if (Date.now() - started > 1000)
    console.log(
      `(waited ${formatMs(Date.now() - started)} for the 1-minute load to settle: ${from} -> ${to}${
        to >= SETTLE_LOAD ? `, still >= ${SETTLE_LOAD} after the maximum wait` : ""
      })`,
    );
}

/** Type-checks the benchmark scripts (// @ts-check + JSDoc) with bench/tsconfig.json; returns the exit code. */
function typecheck() {
  console.log("== typecheck: tsc -p bench/tsconfig.json");
  const tsc = require.resolve("typescript/bin/tsc", { paths: [root] });
  const r = spawnSync(process.execPath, [tsc, "-p", join(__dirname, "tsconfig.json")], { stdio: "inherit" });
  return r.status ?? 1;
}

/**
 * @param {typeof BENCHES[number]} bench
 * @param {boolean} quick
 * @returns {Promise<{ name: string, baseline: string, code: number | null, wallMs: number, result: any }>}
 */
function runOne(bench, quick) {
  return new Promise((resolve) => {
    const args = [join(__dirname, bench.script), ...bench.args, ...(quick ? ["--quick"] : [])];
    console.log(`\n== ${bench.name}: node ${args.map((a) => a.replace(`${__dirname}/`, "bench/")).join(" ")}`);
    const started = Date.now();
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
    current = child;
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.on("close", (code) => {
      const line = out
        .split("\n")
        .reverse()
        .find((l) => l.startsWith('{"bench"'));
      resolve({
        name: bench.name,
        baseline: bench.baseline,
        code,
        wallMs: Date.now() - started,
        result: line ? JSON.parse(line) : undefined,
      });
    });
  });
}

/**
 * The headline figure of a result: "measured vs baseline".
 * @param {{ result: any }} r
 */
function headline(r) {
  const x = r.result;
  if (!x) return "no result";
  switch (x.bench) {
    case "synth":
      return `${formatMs(x.constructsMedianMs)} vs ${formatMs(x.bindingsMedianMs)} (${x.instances} instances; CPU ${
        x.cpuRatio
      }x, memory ${x.memoryRatio}x)`;
    case "provider-startup":
      return `${x.type}: ${x.nodeHandshakeMedianMs} ms vs ${x.nodeBaselineMedianMs} ms to handshake (plain node ${x.plainNodeMedianMs} ms, ${x.nodeRatioVsPlainNode}x; first RPC answered: ${x.nodeFirstAnswerMedianMs} ms; warm: ${x.warmHandshakeMedianMs} / ${x.warmFirstAnswerMedianMs} ms)`;
    case "plan-overhead":
      return `incus after idle ${formatMs(x.incusColdPlanMedianMs)} vs ${formatMs(
        x.builtinPlanMedianMs,
      )} (plans in a row ${x.incusWarmRatio}x, reuse off ${x.incusNodeRatio}x; testfs after idle ${
        x.testfsColdRatio
      }x, in a row ${x.testfsWarmRatio}x)`;
    case "apply":
      return `${formatMs(x.terraformMs)} vs ${formatMs(x.restMs)} (${x.containers} containers, ${
        x.runs
      } runs; CLI 10 at a time ${x.ratioVsCliParallel}x, sequential CLI script ${x.ratioVsCli}x)`;
    case "rebuild":
      return `rebuild in place ${formatMs(x.rebuildMs)} vs ${formatMs(x.restMs)} (image change on ${
        x.containers
      } containers, ${x.runs} runs; replace ${formatMs(x.replaceMs)}, ${x.replaceRatio}x)`;
    case "noop-plan":
      return `${formatMs(x.planMs)} vs ${formatMs(x.restReadsMs)} (${x.resources} resources; refresh part ${
        x.refreshRatio
      }x)`;
    case "fleet":
      return `plan ${formatMs(x.planMs)} vs REST reads ${formatMs(x.restReadsMs)}, ${x.ratio}x (goal <= ${
        x.goalRatio
      }x; ${x.instances} containers, ${x.resources} resources; provider peak RSS ${x.providerPeakRssMiB} MiB); synth ${formatMs(
        x.synthWallMs,
      )} (peak RSS ${x.synthPeakRssMiB} MiB), synth + plan ${formatMs(x.totalMs)}`;
    case "inner-loop":
      return `deploy (no changes) ${formatMs(x.variants.strip.deployMedianMs)} vs plan ${formatMs(
        x.planMedianMs,
      )} (type stripping, Node ${x.node}; fastest: ${x.fastest}; tsc --noEmit ${formatMs(x.typecheckMedianMs)})`;
    case "libvirt-apply":
      return `${formatMs(x.terraformMs)} vs ${formatMs(x.virshMs)} (${x.domains} domains, ${
        x.runs
      } runs; sequential virsh ${x.ratioVsSequential}x)`;
    default:
      return JSON.stringify(x);
  }
}

async function main() {
  // Ctrl-C reaches the running benchmark too (same process group), which cleans up and fails; no other one starts.
  handleInterrupts((signal) => {
    if (signal === "SIGTERM") current?.kill("SIGTERM");
  });
  const only = option("only", "").split(",").filter(Boolean);
  const unknown = only.filter((n) => !BENCHES.some((b) => b.name === n));
  if (unknown.length)
    throw new Error(`unknown benchmark(s) ${unknown.join(", ")}; choose from ${BENCHES.map((b) => b.name).join(", ")}`);
  const quick = flag("quick");
  const host = machine();
  const started = Date.now();
  const checked = quick && only.length === 0 ? typecheck() : 0;
  const results = [];
  for (const bench of BENCHES.filter((b) => only.length === 0 || only.includes(b.name))) {
    if (!quick) await settle();
    if (interrupted()) break;
    results.push(await runOne(bench, quick));
    if (interrupted()) break;
  }

  const mode = quick ? "QUICK mode: tiny sizes, 1 run, figures not comparable; " : "";
  console.log(
    `\n== summary (${mode}${host.date}, commit ${host.commit}; ${host.cores} cores ${host.cpu}, ${host.memoryGiB} GiB, load ${host.loadAverage1m} at the start; node ${host.node}, terraform ${host.terraform}, incus ${host.incus})`,
  );
  if (checked !== 0) console.log(`${"typecheck".padEnd(24)} FAILED (tsc -p bench/tsconfig.json exited ${checked})`);
  for (const r of results) {
    const status = r.code === 0 ? `${String(r.result?.ratio ?? "?").padStart(6)}x` : " FAILED";
    const load = r.result ? `load ${r.result.loadAverage1m ?? "?"}` : `exit ${r.code}`;
    console.log(`${r.name.padEnd(24)} ${status}  ${headline(r)}  [baseline: ${r.baseline}; ${load}]`);
  }
  console.log(`total ${formatMs(Date.now() - started)}`);
  const file = option("json", "");
  if (file) writeFileSync(file, JSON.stringify({ machine: host, quick, results }, null, 2));
  if (interrupted()) console.log(`stopped by ${interrupted()}: the benchmarks after the last one above did not run`);
  if (checked !== 0 || interrupted() || results.some((r) => r.code !== 0 || !r.result)) process.exit(1);
}

main().catch((err) => {
  console.error(`bench/run.js: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
