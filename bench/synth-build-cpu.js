#!/usr/bin/env node
// CPU time of building the synth benchmark's stack (bench/synth-stacks.ts) only, without app.synth(): many builds in
// one process, the two variants alternating, so a loaded machine and JIT warm-up weigh on both alike. Reports the
// median and spread of process.cpuUsage() per build and per variant. Builds also run with `--cpu-prof` for profiling.
//
// Usage: node --expose-gc bench/synth-build-cpu.js [--instances 1000] [--builds 12] [--warmup 2] [--variant constructs] [--bundle file]
// `--builds 1 --warmup 0 --variant X` measures the cold build a fresh process pays (what bench/synth.js sees).
// @ts-check
"use strict";
const { bundleTs } = require("./support/load-ts");
const { formatMs, median, option, spread } = require("./support/report");

function main() {
  const count = Number(option("instances", "1000"));
  const builds = Number(option("builds", "12"));
  const only = option("variant", "");
  const warmup = Number(option("warmup", "2"));
  const { App, TerraformStack } = require("cdktf");
  // --bundle: an earlier bundle of bench/synth-stacks.ts (kept under dist/.bench/), to compare before and after.
  const { BUILDERS } = require(option("bundle", "") || bundleTs("bench/synth-stacks.ts"));
  const variants = only ? [only] : ["constructs", "bindings"];
  /** @type {Record<string, number[]>} */
  const cpu = Object.fromEntries(variants.map((v) => [v, []]));
  // Warm-up builds (default two per variant) are not counted: the first builds pay for JIT compilation.
  for (let round = -warmup; round < builds; round++) {
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    for (const variant of order) {
      global.gc?.();
      const started = process.cpuUsage();
      const stack = new TerraformStack(new App({ outdir: "/tmp/unused-synth-build-cpu" }), "bench");
      BUILDERS[variant](stack, count);
      const used = process.cpuUsage(started);
      if (round >= 0) cpu[variant].push((used.user + used.system) / 1000);
    }
  }
  for (const variant of variants)
    console.log(
      `${variant}: build CPU ${formatMs(median(cpu[variant]))} (${spread(cpu[variant], formatMs)}; ${builds} builds of ${count} instances)`,
    );
  if (variants.length === 2)
    console.log(`ratio constructs / L1, build CPU: ${(median(cpu.constructs) / median(cpu.bindings)).toFixed(2)}x`);
}

main();
