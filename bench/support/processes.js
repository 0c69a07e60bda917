// What the processes of one terraform run cost: terraform itself and the provider processes it starts (the warm
// provider process included, which outlives its launcher and is no child of terraform, so rusage of children would
// miss it). Every process whose working directory is the run's directory is sampled from /proc: its peak RSS
// (VmHWM) and its CPU time (utime + stime). CPU seconds do not stretch with other work on the machine the way wall
// time does, so they show what a run costs apart from waiting for the daemon and for the CPU.
// @ts-check
"use strict";
const { readdirSync, readFileSync, readlinkSync } = require("node:fs");
const { basename } = require("node:path");

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/**
 * CPU time (utime + stime) of this process's main thread so far, in ms at /proc's 10 ms resolution: process.cpuUsage()
 * also counts V8's helper threads (parallel and concurrent garbage collection, background compilation).
 */
function mainThreadCpuMs() {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1000;
}

/**
 * Starts sampling the processes working in `dir` every `everyMs`; `stop()` takes a last sample and returns the
 * figures per executable ("terraform", "node" for the provider).
 * @param {string} dir
 * @param {number} [everyMs]
 */
function watchProcesses(dir, everyMs = 100) {
  /** @type {Map<number, { pid: number, comm: string, hwmKiB: number, cpuTicks: number }>} */
  const seen = new Map();
  /** CPU ticks of processes already there when the watch started (a warm provider process): not this run's. */
  /** @type {Map<number, number>} */
  const already = new Map();
  const sample = () => {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readlinkSync(`/proc/${entry}/cwd`) !== dir) continue;
        const status = readFileSync(`/proc/${entry}/status`, "utf8");
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        // Fields after the command name (which may hold spaces) start after the last ")": utime is the 14th field.
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const cpuTicks = Number(fields[11]) + Number(fields[12]);
        // The executable's name, not the thread name in status (Node 24 names its main thread "MainThread").
        const comm = basename(readlinkSync(`/proc/${entry}/exe`));
        const hwmKiB = Number(/^VmHWM:\s*(\d+)/m.exec(status)?.[1] ?? 0);
        const pid = Number(entry);
        const before = seen.get(pid);
        seen.set(pid, {
          pid,
          comm,
          hwmKiB: Math.max(hwmKiB, before?.hwmKiB ?? 0),
          cpuTicks: Math.max(cpuTicks, before?.cpuTicks ?? 0),
        });
      } catch {
        // gone meanwhile, or not ours to read
      }
    }
  };
  sample();
  for (const [pid, p] of seen) already.set(pid, p.cpuTicks);
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const of = (/** @type {string} */ comm) => {
        const ps = [...seen.values()].filter((p) => p.comm === comm);
        return {
          processes: ps.length,
          peakRssMiB: Math.round(Math.max(0, ...ps.map((p) => p.hwmKiB)) / 1024),
          cpuMs: Math.round(
            (ps.reduce((n, p) => n + p.cpuTicks - (already.get(p.pid) ?? 0), 0) / TICKS_PER_SECOND) * 1000,
          ),
        };
      };
      return { terraform: of("terraform"), provider: of("node") };
    },
  };
}

module.exports = { mainThreadCpuMs, watchProcesses };
