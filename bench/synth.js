#!/usr/bin/env node
// Synth of a large stack: N instances (default 1000), each with a persistent data volume and an ephemeral scratch
// volume, written with the constructs vs the same resources written with the L1 bindings (bench/synth-stacks.ts).
// Each run of each variant is a fresh node process (no warm JIT or heap from another variant); it reports the time
// to build the construct tree, the time of app.synth() (which for the constructs also copies the bundled provider
// next to the stack), the CPU time of both (less sensitive than wall time to other work on the machine), the CPU time
// of the main thread alone (the process's figure also counts V8's garbage-collection and compiler threads), and the
// process's peak RSS. Before any figure is printed, the two cdk.tf.json files are compared: they must be equal, or
// the comparison would be meaningless.
//
// Usage: node bench/synth.js [--instances 1000] [--runs 5] [--quick]
// @ts-check
"use strict";
const { spawnSync } = require("node:child_process");
const { mkdtempSync, readFileSync, rmSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { isDeepStrictEqual } = require("node:util");
const { join } = require("node:path");
const { bundleTs } = require("./support/load-ts");
const { flag, formatMs, median, msSince, option, printResult, ratio, spread } = require("./support/report");
const { mainThreadCpuMs } = require("./support/processes");

const STACK = "bench";
const VARIANTS = ["constructs", "bindings"];

/** Child mode: build and synthesize one variant, print one JSON line of measurements. */
function child(variant, count, outdir, bundle) {
  const loadStarted = process.hrtime.bigint();
  const { App, TerraformStack } = require("cdktf");
  const { BUILDERS } = require(bundle);
  const loadMs = msSince(loadStarted);
  global.gc?.();
  const rssBeforeMiB = process.memoryUsage().rss / 1024 ** 2;
  const cpuStarted = process.cpuUsage();
  const mainThreadStarted = mainThreadCpuMs();
  const buildStarted = process.hrtime.bigint();
  const app = new App({ outdir });
  const stack = new TerraformStack(app, STACK);
  BUILDERS[variant](stack, count);
  const buildMs = msSince(buildStarted);
  const buildCpu = process.cpuUsage(cpuStarted);
  const synthStarted = process.hrtime.bigint();
  app.synth();
  const synthMs = msSince(synthStarted);
  const cpu = process.cpuUsage(cpuStarted);
  const mainThreadMs = mainThreadCpuMs() - mainThreadStarted;
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const buildCpuMs = (buildCpu.user + buildCpu.system) / 1000;
  const peakRssMiB = process.resourceUsage().maxRSS / 1024;
  const heapUsedMiB = process.memoryUsage().heapUsed / 1024 ** 2;
  console.log(
    JSON.stringify({
      variant,
      loadMs,
      buildMs,
      synthMs,
      totalMs: buildMs + synthMs,
      cpuMs,
      buildCpuMs,
      synthCpuMs: cpuMs - buildCpuMs,
      mainThreadCpuMs: mainThreadMs,
      rssBeforeMiB,
      peakRssMiB,
      heapUsedMiB,
    }),
  );
}

function runChild(variant, count, outdir, bundle) {
  const r = spawnSync(
    process.execPath,
    [
      "--expose-gc",
      __filename,
      "--child",
      variant,
      "--instances",
      String(count),
      "--outdir",
      outdir,
      "--bundle",
      bundle,
    ],
    {
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  if (r.status !== 0)
    throw new Error(`synth of the ${variant} variant failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop() ?? "");
}

function stackJson(outdir) {
  return JSON.parse(readFileSync(join(outdir, "stacks", STACK, "cdk.tf.json"), "utf8"));
}

function resourceCount(json) {
  return Object.values(json.resource ?? {}).reduce((n, byId) => n + Object.keys(byId).length, 0);
}

/** Every path where two JSON values differ (at most `limit`), so one failure shows all the drift at once. */
function differences(a, b, path = "$", found = [], limit = 20) {
  if (found.length >= limit || isDeepStrictEqual(a, b)) return found;
  if (
    typeof a !== "object" ||
    typeof b !== "object" ||
    a === null ||
    b === null ||
    Array.isArray(a) !== Array.isArray(b)
  ) {
    found.push(`${path}: constructs ${JSON.stringify(a)} vs L1 ${JSON.stringify(b)}`);
    return found;
  }
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
    differences(a[key], b[key], `${path}.${key}`, found, limit);
  return found;
}

function main() {
  const quick = flag("quick");
  const count = Number(option("instances", quick ? "20" : "1000"));
  const runs = Number(option("runs", quick ? "1" : "5"));
  const bundle = bundleTs("bench/synth-stacks.ts");
  const work = mkdtempSync(join(tmpdir(), "cdktf-virt-bench-synth-"));
  try {
    /** @type {Record<string, { totalMs: number, buildMs: number, synthMs: number, cpuMs: number, buildCpuMs: number, synthCpuMs: number, mainThreadCpuMs: number, peakRssMiB: number, rssBeforeMiB: number }[]>} */
    const results = { constructs: [], bindings: [] };
    for (let run = 0; run < runs; run++) {
      // Alternate the order so neither variant always runs on a cooler or hotter machine.
      const order = run % 2 === 0 ? VARIANTS : [...VARIANTS].reverse();
      for (const variant of order) {
        const outdir = join(work, `${variant}-${run}`);
        results[variant].push(runChild(variant, count, outdir, bundle));
        if (run === 0) continue;
        rmSync(outdir, { recursive: true, force: true });
      }
    }
    const a = stackJson(join(work, "constructs-0"));
    const b = stackJson(join(work, "bindings-0"));
    const drift = differences(a, b);
    if (drift.length) {
      throw new Error(
        `the two variants do not synthesize the same JSON, so their figures cannot be compared; make the hand-written L1 stack in bench/synth-stacks.ts produce what the constructs produce:\n  ${drift.join(
          "\n  ",
        )}`,
      );
    }
    const resources = resourceCount(a);

    const m = (variant, key) => median(results[variant].map((r) => r[key]));
    const timeRatio = ratio(m("constructs", "totalMs"), m("bindings", "totalMs"));
    const cpuRatio = ratio(m("constructs", "cpuMs"), m("bindings", "cpuMs"));
    const mainThreadRatio = ratio(m("constructs", "mainThreadCpuMs"), m("bindings", "mainThreadCpuMs"));
    const memRatio = ratio(m("constructs", "peakRssMiB"), m("bindings", "peakRssMiB"));
    console.log(`synth (${count} instances, ${resources} resources, ${runs} runs per variant; identical cdk.tf.json)`);
    printResult(
      {
        bench: "synth",
        instances: count,
        resources,
        runs,
        constructsMedianMs: Math.round(m("constructs", "totalMs")),
        bindingsMedianMs: Math.round(m("bindings", "totalMs")),
        constructsPeakRssMiB: Math.round(m("constructs", "peakRssMiB")),
        bindingsPeakRssMiB: Math.round(m("bindings", "peakRssMiB")),
        constructsCpuMs: Math.round(m("constructs", "cpuMs")),
        bindingsCpuMs: Math.round(m("bindings", "cpuMs")),
        constructsBuildCpuMs: Math.round(m("constructs", "buildCpuMs")),
        bindingsBuildCpuMs: Math.round(m("bindings", "buildCpuMs")),
        constructsSynthCpuMs: Math.round(m("constructs", "synthCpuMs")),
        bindingsSynthCpuMs: Math.round(m("bindings", "synthCpuMs")),
        constructsMainThreadCpuMs: Math.round(m("constructs", "mainThreadCpuMs")),
        bindingsMainThreadCpuMs: Math.round(m("bindings", "mainThreadCpuMs")),
        constructsRunsMs: results.constructs.map((r) => Math.round(r.totalMs)),
        bindingsRunsMs: results.bindings.map((r) => Math.round(r.totalMs)),
        ratio: timeRatio,
        cpuRatio,
        mainThreadCpuRatio: mainThreadRatio,
        memoryRatio: memRatio,
      },
      [
        `constructs: build ${formatMs(m("constructs", "buildMs"))} + synth ${formatMs(
          m("constructs", "synthMs"),
        )} = ${formatMs(m("constructs", "totalMs"))} (${spread(
          results.constructs.map((r) => r.totalMs),
          formatMs,
        )}; CPU ${formatMs(m("constructs", "buildCpuMs"))} + ${formatMs(m("constructs", "synthCpuMs"))} = ${formatMs(
          m("constructs", "cpuMs"),
        )}, main thread ${formatMs(m("constructs", "mainThreadCpuMs"))}), peak RSS ${m("constructs", "peakRssMiB").toFixed(0)} MiB (${m(
          "constructs",
          "rssBeforeMiB",
        ).toFixed(0)} MiB after loading)`,
        `L1 bindings: build ${formatMs(m("bindings", "buildMs"))} + synth ${formatMs(
          m("bindings", "synthMs"),
        )} = ${formatMs(m("bindings", "totalMs"))} (${spread(
          results.bindings.map((r) => r.totalMs),
          formatMs,
        )}; CPU ${formatMs(m("bindings", "buildCpuMs"))} + ${formatMs(m("bindings", "synthCpuMs"))} = ${formatMs(
          m("bindings", "cpuMs"),
        )}, main thread ${formatMs(m("bindings", "mainThreadCpuMs"))}), peak RSS ${m("bindings", "peakRssMiB").toFixed(0)} MiB (${m(
          "bindings",
          "rssBeforeMiB",
        ).toFixed(0)} MiB after loading)`,
        `ratio constructs / L1: wall time ${timeRatio}x, CPU time ${cpuRatio}x (main thread ${mainThreadRatio}x), peak memory ${memRatio}x`,
      ],
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv.includes("--child")) {
  child(option("child"), Number(option("instances")), option("outdir"), option("bundle"));
} else {
  try {
    main();
  } catch (err) {
    console.error(`synth benchmark: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}
