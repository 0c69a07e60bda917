#!/usr/bin/env node
// Runs every benchmark one after the other (never in parallel: they would measure each other) and prints a summary
// with each figure's ratio against the baseline measured in the same run, plus the machine and its load. `npm run
// bench` builds first; run `node bench/run.js` directly to reuse the current build.
//
// Usage: node bench/run.js [--only synth,apply,...] [--quick] [--json results.json]
"use strict";
const { spawn } = require("node:child_process");
const { writeFileSync } = require("node:fs");
const { join } = require("node:path");
const { flag, formatMs, machine, option } = require("./support/report");

/** name → script and arguments (full size, then --quick size). */
const BENCHES = [
  { name: "synth", script: "synth.js", args: [], quick: ["--instances", "200", "--runs", "1"], baseline: "same stack written with L1 bindings" },
  { name: "provider-startup", script: "provider-startup.js", args: ["--type", "incus"], quick: ["--type", "incus", "--runs", "5"], baseline: "bare `node -e 0`" },
  { name: "plan-overhead", script: "plan-overhead.js", args: [], quick: ["--runs", "3"], baseline: "plan of a built-in terraform_data" },
  { name: "apply", script: "apply.js", args: [], quick: ["--containers", "10"], baseline: "raw REST, same concurrency" },
  { name: "noop-plan", script: "noop-plan.js", args: [], quick: ["--containers", "20", "--runs", "2"], baseline: "raw REST reads, same concurrency" },
  { name: "libvirt-apply", script: "libvirt-apply.js", args: [], quick: ["--domains", "3"], baseline: "virsh, same concurrency" },
];

function runOne(bench, quick) {
  return new Promise((resolve) => {
    const args = [join(__dirname, bench.script), ...(quick ? bench.quick : bench.args)];
    console.log(`\n== ${bench.name}: node ${args.map((a) => a.replace(`${__dirname}/`, "bench/")).join(" ")}`);
    const started = Date.now();
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      process.stdout.write(d);
    });
    child.on("close", (code) => {
      const line = out.split("\n").reverse().find((l) => l.startsWith('{"bench"'));
      resolve({ name: bench.name, baseline: bench.baseline, code, wallMs: Date.now() - started, result: line ? JSON.parse(line) : undefined });
    });
  });
}

/** The headline figure of a result: "measured vs baseline". */
function headline(r) {
  const x = r.result;
  if (!x) return "no result";
  switch (x.bench) {
    case "synth":
      return `${formatMs(x.constructsMedianMs)} vs ${formatMs(x.bindingsMedianMs)} (${x.instances} instances; CPU ${x.cpuRatio}x, memory ${x.memoryRatio}x)`;
    case "provider-startup":
      return `${x.nodeHandshakeMedianMs} ms vs ${x.nodeBaselineMedianMs} ms to handshake (first RPC answered: ${x.nodeFirstAnswerMedianMs} ms; warm: ${x.warmHandshakeMedianMs} / ${x.warmFirstAnswerMedianMs} ms)`;
    case "plan-overhead":
      return `${formatMs(x.warmPlanMedianMs)} vs ${formatMs(x.builtinPlanMedianMs)} (first after idle ${x.coldRatio}x, reuse off ${x.nodeRatio}x)`;
    case "apply":
      return `${formatMs(x.terraformMs)} vs ${formatMs(x.restMs)} (${x.containers} containers; CLI script ${formatMs(x.cliMs)}, ${x.ratioVsCli}x)`;
    case "noop-plan":
      return `${formatMs(x.planMs)} vs ${formatMs(x.restReadsMs)} (${x.resources} resources; refresh part ${x.refreshRatio}x)`;
    case "libvirt-apply":
      return `${formatMs(x.terraformMs)} vs ${formatMs(x.virshMs)} (${x.domains} domains; sequential virsh ${x.ratioVsSequential}x)`;
    default:
      return JSON.stringify(x);
  }
}

async function main() {
  const only = option("only", "")
    .split(",")
    .filter(Boolean);
  const unknown = only.filter((n) => !BENCHES.some((b) => b.name === n));
  if (unknown.length) throw new Error(`unknown benchmark(s) ${unknown.join(", ")}; choose from ${BENCHES.map((b) => b.name).join(", ")}`);
  const quick = flag("quick");
  const host = machine();
  const results = [];
  for (const bench of BENCHES.filter((b) => only.length === 0 || only.includes(b.name))) results.push(await runOne(bench, quick));

  console.log(`\n== summary (${host.date}; ${host.cores} cores ${host.cpu}, ${host.memoryGiB} GiB; node ${host.node}, terraform ${host.terraform}, incus ${host.incus})`);
  for (const r of results) {
    const status = r.code === 0 ? `${String(r.result?.ratio ?? "?").padStart(6)}x` : " FAILED";
    const load = r.result ? `load ${r.result.loadAverage1m ?? "?"}` : `exit ${r.code}`;
    console.log(`${r.name.padEnd(17)} ${status}  ${headline(r)}  [baseline: ${r.baseline}; ${load}]`);
  }
  const file = option("json", "");
  if (file) writeFileSync(file, JSON.stringify({ machine: host, quick, results }, null, 2));
  if (results.some((r) => r.code !== 0)) process.exit(1);
}

main().catch((err) => {
  console.error(`bench/run.js: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
