#!/usr/bin/env node
// Sums the V8 CPU profiles (.cpuprofile) in a directory, e.g. the provider processes of a benchmark run with
// CDKTF_VIRT_BENCH_CPU_PROF=<dir>: total sampled time, and the functions with the most self time (time spent in
// the function itself, not in what it calls), across every profile. The bundled provider keeps its identifiers,
// so names are the source's; the position is line:column in the bundle.
//
// --inclusive ranks by total time instead (the function and what it calls), which shows the expensive entry points;
// --callers <name> prints the call stacks (innermost first, 6 deep) that lead to the functions named so.
//
// --window <name> counts only the samples taken during the runs a benchmark marked so (<dir>/windows.jsonl, written
// by markProfileWindow: "apply", "plan"); a warm provider process also serves the commands around them.
//
// --under <name> counts only the samples with a function of that name on the stack (e.g. withEntry: the resource
// RPCs).
//
// Usage: node bench/support/cpu-profile.js <dir> [--top 30] [--inclusive] [--callers <name>] [--window <name>]
//   [--under <name>]
// @ts-check
"use strict";
const { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync } = require("node:fs");
const { basename, join } = require("node:path");

/**
 * Self time per function (µs) over the profiles in `dir`, and the total; with `inclusive`, the time of every sample
 * counts for each function on its stack (once per function); with `callers`, the key is the stack that leads to the
 * functions of that name.
 * @param {string} dir
 * @param {{ inclusive?: boolean, callers?: string, window?: string, under?: string }} [opts]
 */
function selfTimes(dir, opts = {}) {
  /** @type {Map<string, number>} */
  const self = new Map();
  const windowsFile = join(dir, "windows.jsonl");
  /** @type {[number, number][] | undefined} */
  const windows = opts.window
    ? (existsSync(windowsFile) ? readFileSync(windowsFile, "utf8").split("\n") : [])
        .filter(Boolean)
        .map((line) => JSON.parse(line))
        .filter((w) => w.name === opts.window)
        .map((w) => [w.startUs, w.endUs])
    : undefined;
  if (windows?.length === 0) throw new Error(`no window named ${opts.window} in ${windowsFile}`);
  let totalUs = 0;
  let idleUs = 0;
  let profiles = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    const p = JSON.parse(readFileSync(join(dir, file), "utf8"));
    profiles++;
    /** @type {Map<number, string>} */
    const keyOf = new Map();
    for (const n of p.nodes) {
      const f = n.callFrame;
      const where = f.url ? `${basename(f.url)}:${f.lineNumber + 1}:${f.columnNumber + 1}` : "";
      keyOf.set(n.id, `${f.functionName || "(anonymous)"} ${where}`.trim());
    }
    /** @type {Map<number, number>} */
    const parentOf = new Map();
    for (const n of p.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
    const nameOf = new Map(p.nodes.map((/** @type {any} */ n) => [n.id, n.callFrame.functionName]));
    /** The keys a sample of node `id` counts for. */
    const keysOf = (/** @type {number} */ id) => {
      if (!opts.inclusive && !opts.callers && !opts.under) return [keyOf.get(id) ?? "?"];
      const stack = [];
      for (let at = /** @type {number | undefined} */ (id); at !== undefined; at = parentOf.get(at)) stack.push(at);
      if (opts.under && !stack.some((s) => nameOf.get(s) === opts.under)) return [];
      if (!opts.inclusive && !opts.callers) return [keyOf.get(id) ?? "?"];
      if (opts.inclusive) return [...new Set(stack.map((s) => keyOf.get(s) ?? "?"))];
      const i = stack.findIndex((s) => nameOf.get(s) === opts.callers);
      return i < 0
        ? []
        : [
            stack
              .slice(i, i + 6)
              .map((s) => keyOf.get(s))
              .join(" < "),
          ];
    };
    // timeDeltas[i] is the time from sample i-1 to sample i: it is spent where sample i-1 was taken.
    // Sample times are µs of the monotonic clock, the one process.hrtime() reads in every process.
    let at = p.startTime;
    for (let i = 0; i < p.samples.length; i++) {
      at += p.timeDeltas[i];
      const us = p.timeDeltas[i + 1] ?? 0;
      if (windows && !windows.some(([start, end]) => at >= start && at <= end)) continue;
      if (keyOf.get(p.samples[i]) === "(idle)") idleUs += us;
      for (const key of keysOf(p.samples[i])) self.set(key, (self.get(key) ?? 0) + us);
      totalUs += us;
    }
  }
  return { self, totalUs, idleUs, profiles };
}

/**
 * Runs `fn` and, when the provider is profiled (CDKTF_VIRT_BENCH_CPU_PROF), records its time as a window named
 * `name` for --window.
 * @template T
 * @param {string} name
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function markProfileWindow(name, fn) {
  const dir = process.env.CDKTF_VIRT_BENCH_CPU_PROF;
  const startUs = Number(process.hrtime.bigint() / 1000n);
  try {
    return await fn();
  } finally {
    const endUs = Number(process.hrtime.bigint() / 1000n);
    if (dir) {
      mkdirSync(dir, { recursive: true }); // the providers write theirs there too
      appendFileSync(join(dir, "windows.jsonl"), `${JSON.stringify({ name, startUs, endUs })}\n`);
    }
  }
}

function main() {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: node bench/support/cpu-profile.js <dir> [--top 30]");
  const i = process.argv.indexOf("--top");
  const top = i > 0 ? Number(process.argv[i + 1]) : 30;
  const callersAt = process.argv.indexOf("--callers");
  const callers = callersAt > 0 ? process.argv[callersAt + 1] : undefined;
  const inclusive = process.argv.includes("--inclusive");
  const windowAt = process.argv.indexOf("--window");
  const window = windowAt > 0 ? process.argv[windowAt + 1] : undefined;
  const underAt = process.argv.indexOf("--under");
  const under = underAt > 0 ? process.argv[underAt + 1] : undefined;
  const { self, totalUs, idleUs: idle, profiles } = selfTimes(dir, { inclusive, callers, window, under });
  console.log(
    `${profiles} profile(s), ${(totalUs / 1000).toFixed(0)} ms sampled, ${((totalUs - idle) / 1000).toFixed(0)} ms of it not idle; ${
      callers ? `stacks of ${callers}` : inclusive ? "total time" : "self time"
    } (% of the time not idle):`,
  );
  for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    const pct = ((100 * us) / (totalUs - idle)).toFixed(1).padStart(5);
    console.log(`${(us / 1000).toFixed(0).padStart(7)} ms ${pct}%  ${key}`);
  }
}

if (require.main === module) {
  try {
    main();
  } catch (err) {
    console.error(`cpu-profile: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}

module.exports = { markProfileWindow, selfTimes };
