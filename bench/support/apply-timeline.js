#!/usr/bin/env node
// One `terraform apply` as a timeline: terraform's phases from its TF_LOG=trace log (`node bench/libvirt-apply.js
// --trace DIR`) and the virsh processes of that apply from a bench/support/logging-virsh log (VIRSH_LOG), in seconds
// from terraform's first log line. Then the summary that splits the apply: before the first create (provider starts,
// validate, the plan walk), the creates, and after the last one; per resource type the first start and last end of
// its creates; virsh processes and their summed durations. With the same log's `# virsh baseline` section the
// baseline's processes follow, in seconds from its first process.
//
// Usage: node bench/support/apply-timeline.js TF_TRACE_LOG [VIRSH_LOG] [--all]   (--all: every event, not a summary)
// @ts-check
"use strict";
const { readFileSync } = require("node:fs");
const { basename } = require("node:path");

/** Seconds of the day from "HH:MM:SS.fraction". */
const seconds = (/** @type {string} */ clock) => {
  const [h, m, s] = clock.split(":");
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
};

/** Terraform's events: [seconds, text]. */
function terraformEvents(file) {
  /** @type {Array<[number, string]>} */
  const events = [];
  let plugin = 0;
  const patterns = [
    [/Terraform version: (\S+)/, () => "terraform starts"],
    [/provider: starting plugin:/, () => `provider start ${++plugin}`],
    [/provider: using plugin:/, () => `provider ${plugin} handshake done`],
    [/provider: plugin exited/, () => `provider exited`],
    [/Building and walking validate graph/, () => "validate walk"],
    [/Starting graph walk: walkPlan/, () => "plan walk starts"],
    [/backend\/local: apply calling Apply/, () => "plan done, apply walk next"],
    [/Starting graph walk: walkApply/, () => "apply walk starts"],
    [/Starting apply for (\S+)/, (m) => `create ${m[1]} starts`],
    // a resource instance: `disk[3]` with `count`, `disk_3` as cdktf writes it (one block each); not `(expand)`
    [/vertex "([a-z_]+\.[a-z_0-9]+(?:\[\d+\])?)": visit complete/, (m) => `create ${m[1]} done`],
  ];
  let inApply = false;
  let last = 0;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const at = /^\d{4}-\d\d-\d\dT(\d\d:\d\d:\d\d\.\d+)Z? /.exec(line);
    if (!at) continue;
    last = seconds(at[1]);
    if (line.includes("Starting graph walk: walkApply")) inApply = true;
    for (const [pattern, text] of patterns) {
      const m = /** @type {RegExp} */ (pattern).exec(line);
      // Vertices complete in every walk; only the apply walk's are creates.
      if (m && (!String(pattern).includes("visit complete") || inApply)) {
        events.push([last, /** @type {(m: RegExpExecArray) => string} */ (text)(m)]);
        break;
      }
    }
  }
  events.push([last, "terraform's last log line"]);
  return events;
}

/**
 * The virsh processes of the sections of a logging-virsh log whose mark starts with `section`, per section.
 * @returns {Array<Array<{ start: number, end: number, what: string }>>}
 */
function virshSections(file, section) {
  /** @type {Map<string, { start: number, what: string, done: Array<{ start: number, end: number, what: string }> }>} */
  const running = new Map();
  const sections = [];
  /** @type {Array<{ start: number, end: number, what: string }> | undefined} */
  let current;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.startsWith("# ")) {
      const inside = line.slice(2).startsWith(section) && !line.endsWith(" done");
      current = inside ? [] : undefined;
      if (current) sections.push(current);
      continue;
    }
    const end = /^(\S+) pid=(\d+) end rc=(\d+)$/.exec(line);
    if (end) {
      const started = running.get(end[2]);
      if (!started) continue;
      running.delete(end[2]);
      started.done.push({ start: started.start, end: seconds(end[1]), what: `rc=${end[3]} ${started.what}` });
      continue;
    }
    const start = /^(\S+) pid=(\d+) ppid=\S+ \[.*?\] (.*)$/.exec(line);
    if (!start || !current) continue;
    const args = start[3].replace(/^(-q |-c \S+ )+/, "");
    const commands = args.split("; ").filter((c) => !c.startsWith("echo "));
    running.set(start[2], {
      done: current,
      start: seconds(start[1]),
      what: `[${commands.length}] ${commands.map((c) => c.split(" ").slice(0, 2).join(" ")).join(" | ")}`,
    });
  }
  for (const s of sections) s.sort((a, b) => a.start - b.start);
  return sections;
}

const f = (/** @type {number} */ x) => x.toFixed(3).padStart(7);

function main() {
  const args = process.argv.slice(2);
  const all = args.includes("--all");
  const [traceFile, virshLog] = args.filter((a) => a !== "--all");
  if (!traceFile) throw new Error("usage: node bench/support/apply-timeline.js TF_TRACE_LOG [VIRSH_LOG] [--all]");
  const events = terraformEvents(traceFile);
  const t0 = events[0][0];
  // The apply's mark carries the workspace prefix, which the trace file's name ends with.
  const prefix = /apply-(.*)\.log$/.exec(basename(traceFile))?.[1] ?? "";
  const procs = virshLog ? (virshSections(virshLog, `terraform apply ${prefix}`)[0] ?? []) : [];
  /** @type {Array<[number, string]>} */
  const lines = [
    ...events.map(([t, text]) => /** @type {[number, string]} */ ([t - t0, `tf     ${text}`])),
    ...procs.map((p) => /** @type {[number, string]} */ ([p.start - t0, `virsh  ${f(p.end - p.start)} s  ${p.what}`])),
  ].sort((a, b) => a[0] - b[0]);
  const at = (/** @type {string} */ text) => events.find(([, e]) => e.startsWith(text))?.[0];
  const creates = events.filter(([, e]) => e.startsWith("create "));
  if (all) for (const [t, text] of lines) console.log(`${f(t)}  ${text}`);
  else {
    // The phases, the first and last create of each type, and every virsh process.
    for (const [t, text] of lines) {
      if (text.startsWith("tf     create ")) continue;
      console.log(`${f(t)}  ${text}`);
    }
  }
  console.log("summary (seconds from terraform's first log line):");
  const firstCreate = Math.min(...creates.map(([t]) => t));
  const lastDone = Math.max(...creates.filter(([, e]) => e.endsWith(" done")).map(([t]) => t));
  const end = events[events.length - 1][0];
  console.log(
    `  before the first create ${f(firstCreate - t0)} (plan walk ${f((at("plan walk starts") ?? t0) - t0)} → ${f(
      (at("plan done") ?? t0) - t0,
    )}), creates ${f(firstCreate - t0)} → ${f(lastDone - t0)}, after ${f(end - lastDone)}, total ${f(end - t0)}`,
  );
  // per resource type: `libvirt_volume` for `libvirt_volume.disk[3]` and `libvirt_volume.disk_3` alike
  const typeOf = (/** @type {string} */ event) => event.split(" ")[1].split(".")[0];
  for (const type of [...new Set(creates.map(([, e]) => typeOf(e)))]) {
    const mine = creates.filter(([, e]) => typeOf(e) === type);
    const starts = mine.filter(([, e]) => e.endsWith(" starts")).map(([t]) => t - t0);
    const ends = mine.filter(([, e]) => e.endsWith(" done")).map(([t]) => t - t0);
    console.log(
      `  ${type}: ${starts.length} creates, started ${f(Math.min(...starts))} – ${f(Math.max(...starts))}, done ${f(
        Math.min(...ends),
      )} – ${f(Math.max(...ends))}`,
    );
  }
  if (procs.length > 0) {
    const sum = procs.reduce((n, p) => n + p.end - p.start, 0);
    console.log(`  virsh processes: ${procs.length}, summed duration ${f(sum)} s`);
  }
  // Each baseline run of the log: start, end and duration of each process, from the run's first process.
  for (const base of virshLog ? virshSections(virshLog, "virsh baseline") : []) {
    if (base.length === 0) continue;
    const b0 = base[0].start;
    const last = Math.max(...base.map((p) => p.end)) - b0;
    console.log(`virsh baseline: ${base.length} processes, ${f(last)} s from the first start to the last end`);
    if (all) for (const p of base) console.log(`${f(p.start - b0)} ${f(p.end - b0)} ${f(p.end - p.start)}  ${p.what}`);
  }
}

main();
