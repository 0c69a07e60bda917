// Ctrl-C or SIGTERM during a benchmark. Node's default is to die at once, which skips every `finally` and leaves the
// benchmark's containers, volumes, domains and working directories behind. With handleInterrupts() the first signal
// is remembered instead: a command the benchmark is waiting for got Ctrl-C too (the terminal signals the whole process
// group), so it fails; and the benchmark fails at its next step (throwIfInterrupted, which report.timed calls before
// every measured run). Either way its `finally` blocks remove what it made. A second signal ends the process at once.
// @ts-check
"use strict";
const { constants } = require("node:os");

/** @type {NodeJS.Signals | undefined} */
let received;

/** Installs the handlers (once per process); `onSignal` runs on the first signal, e.g. to pass it on to a child. */
function handleInterrupts(onSignal = (/** @type {NodeJS.Signals} */ _signal) => {}) {
  for (const signal of /** @type {NodeJS.Signals[]} */ (["SIGINT", "SIGTERM"])) {
    process.on(signal, () => {
      if (received) process.exit(128 + constants.signals[signal]);
      received = signal;
      console.error(
        `\n${signal}: stopping at the next step and removing what was made (send it again to stop now and leave it)`,
      );
      onSignal(signal);
    });
  }
}

/** The signal received, if any. */
function interrupted() {
  return received;
}

/** Throws once a signal has been received, so the caller's `finally` blocks clean up. */
function throwIfInterrupted() {
  if (received) throw new Error(`interrupted (${received})`);
}

module.exports = { handleInterrupts, interrupted, throwIfInterrupted };
