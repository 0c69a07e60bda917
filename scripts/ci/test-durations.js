#!/usr/bin/env node
// The committed test durations (test/integration/durations.json) that order the integration files longest first
// (test/support/duration-sequencer.js):
//
//   node scripts/ci/test-durations.js update [--out FILE] RESULTS.json...
//     merges the per-file times of `jest --json` results into the committed file and writes the result to --out
//     (default: the committed file itself). A file that failed keeps its committed time (a failure cuts it short);
//     files that no longer exist are dropped. Prints what moved: new files, gone files, and files whose time changed
//     by more than a quarter and 5 s. `npm test` writes such a copy to tmp/test-durations.json after every run
//     (scripts/run-tests.sh); copying it over test/integration/durations.json and committing it orders later runs.
//
//   node scripts/ci/test-durations.js simulate [--workers 2] [--ignore REGEX]
//     the wall time of the integration phase (jest --maxWorkers=2 without the drills, as scripts/run-tests.sh runs
//     it) computed from the committed durations, in jest's order on a clean clone (largest file first) and in the
//     sequencer's: each worker takes the next file when it is free. Shows which files end the run.
"use strict";
const { existsSync, readFileSync, readdirSync, statSync, writeFileSync } = require("node:fs");
const { join } = require("node:path");
const {
  DURATIONS_FILE,
  durationKey,
  orderByDurations,
  readDurations,
} = require("../../test/support/duration-sequencer");

const ROOT = join(__dirname, "..", "..");
/** The drills run one at a time after the integration phase (scripts/run-tests.sh): not part of the simulation. */
const DRILLS = "test/integration/(reliability|provider-runtime)/";
const ABOUT =
  "Seconds each integration test file took in CI: the sequencer (test/support/duration-sequencer.js) starts the " +
  "longest first. Refresh: scripts/run-tests.sh writes tmp/test-durations.json after a run; copy it here and commit.";
/** What counts as a change worth committing: more than a quarter, and more than this many seconds. */
const NOTABLE_SECONDS = 5;

function option(args, name, fallback) {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = args[i + 1];
  if (value === undefined) throw new Error(`--${name} needs a value`);
  args.splice(i, 2);
  return value;
}

/** Seconds per passed file of one `jest --json` result, and the files that failed. */
function timesOf(resultFile) {
  const results = JSON.parse(readFileSync(resultFile, "utf8"));
  if (!Array.isArray(results.testResults)) throw new Error(`${resultFile}: not a jest --json result (no testResults)`);
  const seconds = {};
  const failed = [];
  for (const r of results.testResults) {
    const key = durationKey(r.name, ROOT);
    if (r.status !== "passed" || !(r.endTime > r.startTime)) failed.push(key);
    else seconds[key] = Math.max(1, Math.round((r.endTime - r.startTime) / 1000));
  }
  return { seconds, failed };
}

function sortedByKey(record) {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function update(args) {
  const out = option(args, "out", DURATIONS_FILE);
  if (args.length === 0) throw new Error("update: name at least one jest --json result file");
  const before = readDurations();
  const after = { ...before };
  const failed = new Set();
  for (const file of args) {
    const times = timesOf(file);
    Object.assign(after, times.seconds);
    times.failed.forEach((f) => failed.add(f));
  }
  const exists = (key) => existsSync(join(ROOT, key));
  const gone = Object.keys(before).filter((key) => !exists(key));
  Object.keys(after)
    .filter((key) => !exists(key))
    .forEach((key) => delete after[key]);
  writeFileSync(out, `${JSON.stringify({ about: ABOUT, seconds: sortedByKey(after) }, null, 2)}\n`);

  const added = Object.keys(after).filter((key) => before[key] === undefined);
  const moved = Object.keys(after).filter((key) => {
    const was = before[key];
    if (was === undefined) return false;
    const change = Math.abs(after[key] - was);
    return change > NOTABLE_SECONDS && change > was / 4;
  });
  const lines = [
    ...added.map((key) => `  new   ${key}: ${after[key]} s`),
    ...gone.map((key) => `  gone  ${key} (was ${before[key]} s)`),
    ...moved.map((key) => `  moved ${key}: ${before[key]} s -> ${after[key]} s`),
    ...[...failed].map((key) => `  kept  ${key}: failed, its committed time stays`),
  ];
  const where = durationKey(out, ROOT).startsWith("..") ? out : durationKey(out, ROOT);
  if (added.length + gone.length + moved.length === 0)
    console.log(`test durations: no file moved by more than a quarter; written to ${where}`);
  else
    console.log(
      `test durations: ${added.length} new, ${gone.length} gone, ${moved.length} moved; written to ${where}` +
        (out === DURATIONS_FILE ? "" : ` (copy it over ${durationKey(DURATIONS_FILE, ROOT)} and commit it)`),
    );
  if (lines.length) console.log(lines.join("\n"));
}

/** Every integration test file, by path from the repository root. */
function integrationFiles(dir = join(ROOT, "test", "integration")) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return integrationFiles(path);
    return e.name.endsWith(".test.ts") ? [durationKey(path, ROOT)] : [];
  });
}

/** List scheduling: each file goes to the worker that is free first. The wall time and the last files to end. */
function schedule(order, seconds, workers) {
  const free = new Array(workers).fill(0);
  const ends = [];
  for (const file of order) {
    const w = free.indexOf(Math.min(...free));
    free[w] += seconds(file);
    ends.push({ file, end: free[w], took: seconds(file) });
  }
  ends.sort((a, b) => a.end - b.end);
  return { wall: Math.max(...free), last: ends.slice(-3).reverse() };
}

function simulate(args) {
  const workers = Number(option(args, "workers", "2"));
  const ignore = new RegExp(option(args, "ignore", DRILLS));
  const durations = readDurations();
  const files = integrationFiles().filter((f) => !ignore.test(f));
  const unknown = files.filter((f) => durations[f] === undefined);
  // A file the durations file does not list counts as the median of those it lists.
  const listed = Object.values(durations).sort((a, b) => a - b);
  const fallback = listed.length ? listed[Math.floor(listed.length / 2)] : 10;
  const seconds = (f) => durations[f] ?? fallback;
  // jest's comparator on a clean clone (no timing cache): the larger file first.
  const size = (f) => statSync(join(ROOT, f)).size;
  const bySize = [...files].sort((a, b) => (size(a) < size(b) ? 1 : -1));
  const total = files.reduce((n, f) => n + seconds(f), 0);
  console.log(
    `${files.length} files, ${total} s of work on ${workers} workers (at best ${Math.ceil(total / workers)} s)` +
      (unknown.length ? `; ${unknown.length} not in the durations file, counted as ${fallback} s each` : ""),
  );
  for (const [name, order] of [
    ["largest file first (jest, clean clone)", bySize],
    ["durations file, longest first", orderByDurations(bySize, durations, (f) => join(ROOT, f))],
  ]) {
    const r = schedule(order, seconds, workers);
    const last = r.last.map((l) => `${l.file.replace("test/integration/", "")} (${l.took} s, ends ${l.end} s)`);
    console.log(`${name}: ${r.wall} s; last to end: ${last.join(", ")}`);
  }
}

function main() {
  const [command, ...args] = process.argv.slice(2);
  if (command === "update") return update(args);
  if (command === "simulate") return simulate(args);
  throw new Error(
    "usage: test-durations.js update [--out FILE] RESULTS.json... | simulate [--workers N] [--ignore RE]",
  );
}

try {
  main();
} catch (err) {
  console.error(`test-durations: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
