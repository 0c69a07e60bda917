// Shared reporting for the benchmarks: robust statistics, the machine and its load (other work running at the same
// time changes every figure, so each result records it), and the one JSON line per benchmark that bench/run.js
// collects into its summary.
// @ts-check
"use strict";
const { throwIfInterrupted } = require("./interrupt");
const { spawnSync } = require("node:child_process");
const os = require("node:os");

/** Median of a non-empty list of numbers. */
function median(values) {
  if (values.length === 0) throw new Error("median of an empty list");
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Milliseconds since `started` (a process.hrtime.bigint() value). */
function msSince(started) {
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Runs `fn` (sync or async) and returns [milliseconds, result]. */
async function timed(fn) {
  throwIfInterrupted();
  const started = process.hrtime.bigint();
  const result = await fn();
  return [msSince(started), result];
}

/** Reads `--name value` from argv, or the default. */
function option(name, fallback) {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
}

/** True when `--name` is on the command line. */
function flag(name) {
  return process.argv.slice(2).includes(`--${name}`);
}

function commandVersion(cmd, args, pattern) {
  try {
    const r = spawnSync(cmd, args, { encoding: "utf8", timeout: 10_000 });
    const m = pattern.exec(`${r.stdout}\n${r.stderr}`);
    return m ? m[1] : undefined;
  } catch {
    return undefined;
  }
}

/** The commit the figures belong to ("<sha>" plus "+dirty" when the work tree has changes), or "unknown". */
function gitCommit() {
  const root = require("node:path").join(__dirname, "..", "..");
  const head = spawnSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: root, encoding: "utf8" });
  if (head.status !== 0) return "unknown";
  const dirty = spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: root, encoding: "utf8" });
  return `${head.stdout.trim()}${dirty.stdout.trim() ? "+dirty" : ""}`;
}

/** The 1-minute load average, rounded (other work on the machine changes every figure). */
function loadAverage() {
  return +os.loadavg()[0].toFixed(2);
}

/** What the figures were measured on: cores, CPU, memory, load at the time, tool versions. */
function machine() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    cpu: cpus[0] ? cpus[0].model.trim() : "unknown",
    cores: cpus.length,
    memoryGiB: +(os.totalmem() / 1024 ** 3).toFixed(1),
    loadAverage1m: loadAverage(),
    commit: gitCommit(),
    node: process.version,
    terraform: commandVersion("terraform", ["version"], /Terraform v(\S+)/),
    incus: commandVersion("incus", ["version"], /Server version:\s*(\S+)/),
  };
}

/** "12.3 ms" / "4.56 s" */
function formatMs(ms) {
  return ms >= 10_000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`;
}

/** Load average when the benchmark started (recorded when this module is first loaded). */
const startLoad = loadAverage();

/**
 * Prints a human line per figure, the 1-minute load average when the benchmark started (recorded when this module
 * was loaded) and at its end, and the commit; then the one JSON result line bench/run.js looks for.
 * @param {Record<string, unknown>} result
 * @param {string[]} lines
 */
function printResult(result, lines) {
  const load = loadAverage();
  const commit = gitCommit();
  for (const line of lines) console.log(`  ${line}`);
  console.log(
    `  1-minute load average: ${startLoad} at the start, ${load} at the end (${
      os.cpus().length
    } cores); commit ${commit}`,
  );
  console.log(JSON.stringify({ ...result, loadAverage1m: load, loadAverageAtStart1m: startLoad, commit }));
}

/**
 * Spread of a list of runs for display: "min–max over N runs" ("1 run" when there is one).
 * @param {number[]} values
 * @param {(v: number) => string} [format]
 */
function spread(values, format = (v) => v.toFixed(0)) {
  if (values.length < 2) return "1 run";
  return `${format(Math.min(...values))} – ${format(Math.max(...values))} over ${values.length} runs`;
}

/** Rounds a ratio for display and JSON. */
function ratio(measured, baseline) {
  return +(measured / baseline).toFixed(2);
}

module.exports = {
  flag,
  formatMs,
  gitCommit,
  loadAverage,
  machine,
  median,
  msSince,
  option,
  printResult,
  ratio,
  spread,
  timed,
};
