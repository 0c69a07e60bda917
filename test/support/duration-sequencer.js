// Jest's test order (jest.config.js `testSequencer`): the integration files longest first, by the seconds each took in
// CI as committed in test/integration/durations.json; files it does not list go before them, since a new file is the
// likeliest to be long or to fail. With two workers, a long file that starts last leaves one worker alone at the end
// of the run: on a clean clone jest has no timing cache and orders by file size, and the longest suites are small
// files whose configurations live in fixtures. Files of the unit project are not listed and keep jest's own order.
// scripts/ci/test-durations.js refreshes the file from a `jest --json` result and simulates both orders.
"use strict";
const { readFileSync } = require("node:fs");
const { join, relative, sep } = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;

const ROOT = join(__dirname, "..", "..");
const DURATIONS_FILE = join(ROOT, "test", "integration", "durations.json");

/** The key of a test file in the durations file: its path from the repository root, with "/". */
function durationKey(path, root = ROOT) {
  return relative(root, path).split(sep).join("/");
}

/**
 * Seconds per file (durationKey) from a durations file; an empty record when there is none (jest's order then).
 * A file that does not parse is an error that names it, never a silent fallback.
 */
function readDurations(file = DURATIONS_FILE) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if (err.code === "ENOENT") return {};
    throw err;
  }
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error(`${file} is not JSON (${err.message}); refresh it with node scripts/ci/test-durations.js update`);
  }
  const seconds = parsed?.seconds;
  if (typeof seconds !== "object" || seconds === null || Object.values(seconds).some((s) => typeof s !== "number"))
    throw new Error(`${file}: expected { "seconds": { "<test file>": <number>, ... } }`);
  return seconds;
}

/**
 * `items` in run order: those whose path (`pathOf`) `seconds` does not list first, in their given order, then the
 * listed ones longest first (equal times keep their given order).
 */
function orderByDurations(items, seconds, pathOf = (item) => item, root = ROOT) {
  const known = [];
  const unknown = [];
  for (const item of items) {
    const s = seconds[durationKey(pathOf(item), root)];
    if (s === undefined) unknown.push(item);
    else known.push({ item, s });
  }
  // Array.prototype.sort is stable: equal times stay in jest's order.
  known.sort((a, b) => b.s - a.s);
  return [...unknown, ...known.map((k) => k.item)];
}

class DurationSequencer extends Sequencer {
  sort(tests) {
    // jest's order first (failed last time, then its cached timings, then size), so ties and unknown files keep it.
    return orderByDurations(super.sort(tests), readDurations(), (test) => test.path);
  }
}

module.exports = DurationSequencer;
module.exports.DURATIONS_FILE = DURATIONS_FILE;
module.exports.durationKey = durationKey;
module.exports.readDurations = readDurations;
module.exports.orderByDurations = orderByDurations;
