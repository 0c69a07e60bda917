// The command-line baseline: what a person or a shell-scripted pipeline does without Terraform — one `incus`
// command after the other, in one bash process ("what a shell script does"), and the same commands with one bash
// chain per container, 10 chains at a time (the concurrency terraform's -parallelism gives, for a like-for-like
// ratio). Each command is a fresh client process, like in a real script.
// @ts-check
"use strict";
const { spawn, spawnSync } = require("node:child_process");
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
function launchScript(containers, opts) {
  return `${["set -euo pipefail", ...containers.flatMap((c) => containerCommands(c, opts))].join("\n")}\n`;
}

/**
 * The four commands for one container.
 * @param {{ name: string, volume: string, owner: string }} c
 * @param {{ pool: string, image: string, volumeSize: string }} opts
 * @returns {string[]}
 */
function containerCommands(c, { pool, image, volumeSize }) {
  return [
    `incus storage volume create ${q(pool)} ${q(c.volume)} size=${q(volumeSize)} ${q(
      `user.cdktf-virt.owner=${c.owner}/volume`,
    )} >/dev/null`,
    `incus init ${q(image)} ${q(c.name)} --storage ${q(pool)} --config ${q(
      `user.cdktf-virt.owner=${c.owner}`,
    )} >/dev/null`,
    `incus config device add ${q(c.name)} data disk pool=${q(pool)} source=${q(c.volume)} path=/data >/dev/null`,
    `incus start ${q(c.name)}`,
  ];
}

/**
 * Runs one bash chain per container (`set -e`, its four commands), at most `limit` chains at a time; returns the
 * wall time in ms. Throws with the output of the first chain that failed (after the others have finished).
 * @param {{ name: string, volume: string, owner: string }[]} containers
 * @param {{ pool: string, image: string, volumeSize: string }} opts
 * @param {number} limit
 * @returns {Promise<number>}
 */
async function runChains(containers, opts, limit) {
  const chain = (c) =>
    new Promise((resolve) => {
      const child = spawn("bash", ["-c", ["set -euo pipefail", ...containerCommands(c, opts)].join("\n")], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (d) => (output += d));
      child.stderr.on("data", (d) => (output += d));
      child.on("close", (code) => resolve(code === 0 ? undefined : `${c.name}: exit ${code}: ${output}`));
    });
  const started = process.hrtime.bigint();
  const failures = [];
  let next = 0;
  const worker = async () => {
    while (next < containers.length) {
      const failure = await chain(containers[next++]);
      if (failure) failures.push(failure);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, containers.length) }, worker));
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (failures.length) throw new Error(`the incus CLI chains failed:\n${failures.join("\n")}`);
  return ms;
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

module.exports = { containerCommands, launchScript, runChains, runScript };
