// The command-line baseline: what a person or a shell-scripted pipeline does without Terraform — one `incus`
// command after the other, in one bash process. Each command is a fresh client process, like in a real script.
"use strict";
const { spawnSync } = require("node:child_process");
const { mkdtempSync, rmSync, writeFileSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { join } = require("node:path");

/** Single-quotes a word for bash. */
function q(word) {
  return `'${String(word).replace(/'/g, `'\\''`)}'`;
}

/**
 * The script creating `containers` (each: a custom volume, a container with a root disk on `pool`, the volume
 * mounted at /data, started), one command at a time.
 */
function launchScript(containers, { pool, image, volumeSize }) {
  const lines = ["set -euo pipefail"];
  for (const c of containers) {
    lines.push(`incus storage volume create ${q(pool)} ${q(c.volume)} size=${q(volumeSize)} ${q(`user.cdktf-virt.owner=${c.owner}/volume`)} >/dev/null`);
    lines.push(`incus init ${q(image)} ${q(c.name)} --storage ${q(pool)} --config ${q(`user.cdktf-virt.owner=${c.owner}`)} >/dev/null`);
    lines.push(`incus config device add ${q(c.name)} data disk pool=${q(pool)} source=${q(c.volume)} path=/data >/dev/null`);
    lines.push(`incus start ${q(c.name)}`);
  }
  return `${lines.join("\n")}\n`;
}

/** Runs a bash script; returns its wall time in ms. Throws with its output when it fails. */
function runScript(script, label) {
  const dir = mkdtempSync(join(tmpdir(), "cdktf-virt-bench-cli-"));
  try {
    const file = join(dir, "script.sh");
    writeFileSync(file, script);
    const started = process.hrtime.bigint();
    const r = spawnSync("bash", [file], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (r.status !== 0) throw new Error(`${label} failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
    return ms;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { launchScript, runScript };
