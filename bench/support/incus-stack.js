// The Terraform configuration the Incus benchmarks apply (N containers, each with a custom volume mounted at /data,
// the shape the constructs emit: owner markers, root disk on the test pool), the terraform workspace that runs it
// with the bundled provider from a private mirror, and checks that what a benchmark built is really there.
// @ts-check
"use strict";
const { randomBytes } = require("node:crypto");
const { mkdirSync } = require("node:fs");
const { resolve } = require("node:path");
const { pairBlocks, requiredProvider } = require("./hcl");
const { loadTs } = require("./load-ts");

const TEST_POOL = process.env.CDKTF_VIRT_TEST_POOL ?? "cdktf-virt-test";
const TEST_IMAGE = process.env.CDKTF_VIRT_TEST_IMAGE ?? "cdktf-virt-busybox";
const VOLUME_SIZE = "32MiB";

/**
 * A prefix no existing object has, e.g. "t-bench-apply-1a2b3c4d". CDKTF_VIRT_BENCH_PREFIX replaces "bench" (runs
 * that share a daemon with other work keep their objects apart by it).
 */
function uniquePrefix(bench) {
  return `t-${process.env.CDKTF_VIRT_BENCH_PREFIX || "bench"}-${bench}-${randomBytes(4).toString("hex")}`;
}

/** The names of container i and its volume. */
function names(prefix, i) {
  return { name: `${prefix}-c${i}`, volume: `${prefix}-v${i}`, owner: `${prefix}/c${i}` };
}

/**
 * HCL for `count` containers with volumes (running unless told otherwise); `nic` gives each a p2p NIC (a veth pair,
 * no network behind it), so that a refresh of a running one reads its /state as for a container on a network.
 */
function containersHcl(prefix, count, { running = true, nic = false } = {}) {
  return `${requiredProvider("incus")}provider "incus" {}

${pairBlocks(
  count,
  {
    type: "incus_storage_volume",
    name: "data",
    body: (i) => `  name   = "${prefix}-v${i}"
  pool   = "${TEST_POOL}"
  config = { size = "${VOLUME_SIZE}", "user.cdktf-virt.owner" = "${prefix}/c${i}/volume" }
`,
  },
  {
    type: "incus_instance",
    name: "c",
    body: (i, volume) => `  name    = "${prefix}-c${i}"
  image   = "${TEST_IMAGE}"
  running = ${running}
  config  = { "user.cdktf-virt.owner" = "${prefix}/c${i}" }
  device {
    name       = "root"
    type       = "disk"
    properties = { path = "/", pool = "${TEST_POOL}" }
  }
  device {
    name       = "data"
    type       = "disk"
    properties = { path = "/data", pool = "${TEST_POOL}", source = ${volume}.name }
  }
${
  nic
    ? `  device {
    name       = "eth0"
    type       = "nic"
    properties = { nictype = "p2p" }
  }
`
    : ""
}`,
  },
)}`;
}

/** The REST body pieces for container i: what the HCL above asks Incus for. */
function restSpec(prefix, i) {
  const n = names(prefix, i);
  return {
    ...n,
    volumeConfig: { size: VOLUME_SIZE, "user.cdktf-virt.owner": `${n.owner}/volume` },
    instance: {
      image: TEST_IMAGE,
      config: { "user.cdktf-virt.owner": n.owner },
      devices: {
        root: { type: "disk", path: "/", pool: TEST_POOL },
        data: { type: "disk", path: "/data", pool: TEST_POOL, source: n.volume },
      },
    },
  };
}

/**
 * A terraform working directory with the bundled incus provider mirrored (test/support/terraform.ts).
 * CDKTF_VIRT_BENCH_CPU_PROF=<dir> profiles the provider processes: each writes a V8 CPU profile into <dir> when it
 * exits (bench/support/cpu-prof-preload.js; `node bench/support/cpu-profile.js <dir>` sums them). The warm
 * process is profiled too: the launcher starts it with the same environment. `env` adds to terraform's (and so the
 * provider's) environment, e.g. INCUS_SOCKET to send the provider through a counting proxy.
 * @param {string} prefix @param {Record<string, string>} [env]
 */
function workspace(prefix, env = {}) {
  const { TerraformWorkspace } = loadTs("test/support/terraform.ts");
  const profileDir = process.env.CDKTF_VIRT_BENCH_CPU_PROF;
  const preload = resolve(__dirname, "cpu-prof-preload.js");
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const profile = profileDir
    ? {
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${preload}`.trim(),
        CDKTF_VIRT_CPU_PROF_DIR: resolve(profileDir),
      }
    : {};
  return TerraformWorkspace.create({
    providers: ["incus"],
    prefix,
    env: { TF_LOG: "", TF_LOG_PATH: "", ...profile, ...env },
  });
}

/** Throws unless Incus holds exactly `count` running containers and `count` volumes with the prefix. */
async function expectBuilt(raw, prefix, count, { running = true } = {}) {
  const instances = await raw.namesWithPrefix(`${prefix}-`);
  const volumes = await raw.namesWithPrefix(`${prefix}-`, TEST_POOL);
  if (instances.length !== count || volumes.length !== count) {
    throw new Error(
      `expected ${count} containers and ${count} volumes with prefix ${prefix}, found ${instances.length} and ${volumes.length}`,
    );
  }
  if (running) {
    // The status from the instance object, not from /state: Incus 6.0 fails the netlink read of a running container
    // without a NIC, falls back to a subprocess, and then reads every container's network state through one
    // (~100 ms of CPU per /state read instead of ~5) until incusd restarts: every later figure would carry it.
    const found = await Promise.all(instances.map((n) => raw.getInstance(n)));
    const notRunning = instances.filter((n, i) => found[i].metadata?.status !== "Running");
    if (notRunning.length) throw new Error(`not running: ${notRunning.join(", ")}`);
  }
}

/** Deletes everything with the prefix (containers first, then volumes). */
async function deleteAll(raw, prefix, withConcurrency) {
  await withConcurrency(await raw.namesWithPrefix(`${prefix}-`), 10, (n) => raw.deleteInstance(n));
  await withConcurrency(await raw.namesWithPrefix(`${prefix}-`, TEST_POOL), 10, (n) => raw.deleteVolume(TEST_POOL, n));
}

/** Fails with a clear message when the daemon is not there. */
async function requireDaemon(raw) {
  try {
    await raw.call("GET", "/1.0");
  } catch (err) {
    throw new Error(
      `Incus is not reachable at ${raw.socketPath} (${err.message}); run \`bash scripts/setup.sh\` (as root) first.`,
    );
  }
}

module.exports = {
  TEST_IMAGE,
  TEST_POOL,
  VOLUME_SIZE,
  containersHcl,
  deleteAll,
  expectBuilt,
  names,
  requireDaemon,
  restSpec,
  uniquePrefix,
  workspace,
};
