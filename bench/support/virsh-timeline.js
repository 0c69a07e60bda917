#!/usr/bin/env node
// Prints the virsh processes of the `terraform apply` in a log of bench/support/logging-virsh (VIRSH_LOG, as
// `node bench/libvirt-apply.js` marks it): start and end in seconds from the apply's first process, duration, and
// the commands each ran (a batch's several), then the count. Usage: node bench/support/virsh-timeline.js LOG
// @ts-check
"use strict";
const { readFileSync } = require("node:fs");

const seconds = (/** @type {string} */ clock) => {
  const [h, m, s] = clock.split(":");
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
};

function main() {
  const file = process.argv[2];
  if (!file) throw new Error("usage: node bench/support/virsh-timeline.js VIRSH_LOG");
  /** @type {Map<string, { at: number, what: string }>} */
  const running = new Map();
  let inApply = false;
  let first;
  let count = 0;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.startsWith("# ")) {
      inApply = line === "# terraform apply";
      continue;
    }
    const end = /^(\S+) pid=(\d+) end rc=(\d+)$/.exec(line);
    if (end) {
      const started = running.get(end[2]);
      if (!started || first === undefined) continue;
      running.delete(end[2]);
      const t = seconds(end[1]);
      const cells = [started.at - first, t - first, t - started.at].map((x) => x.toFixed(3).padStart(7));
      console.log(`${cells.join(" ")}  rc=${end[3]}  ${started.what}`);
      continue;
    }
    const start = /^(\S+) pid=(\d+) ppid=\S+ \[.*?\] (.*)$/.exec(line);
    if (!start || !inApply) continue;
    const at = seconds(start[1]);
    first ??= at;
    count += 1;
    const args = start[3].replace(/^(-q |-c \S+ )+/, "");
    const commands = args.split("; ").filter((c) => !c.startsWith("echo "));
    running.set(start[2], { at, what: `[${commands.length}] ${commands.map((c) => c.slice(0, 48)).join(" | ")}` });
  }
  console.log(`virsh processes during terraform apply: ${count}`);
}

main();
