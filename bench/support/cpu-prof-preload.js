// Preloaded into the provider processes by CDKTF_VIRT_BENCH_CPU_PROF=<dir> (bench/support/incus-stack.js, through
// NODE_OPTIONS=--require, which the provider launcher passes on to node; Node 20 refuses --cpu-prof there): samples
// the process's CPU with the inspector's profiler, every 0.5 ms, and writes <dir>/<pid>.cpuprofile when it exits.
// The providers exit through process.exit (Shutdown, the warm process retiring, SIGTERM), and the inspector's
// session answers synchronously on the main thread, so an "exit" handler can still save the profile.
"use strict";
const { writeFileSync } = require("node:fs");
const { Session } = require("node:inspector");
const { join } = require("node:path");

const dir = process.env.CDKTF_VIRT_CPU_PROF_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 500 });
  session.post("Profiler.start");
  process.on("exit", () => {
    session.post("Profiler.stop", (err, result) => {
      if (!err) writeFileSync(join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
