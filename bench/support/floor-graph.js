// @ts-check
// The floor of a benchmark: the same Terraform graph (N "first" resources, N "second" ones each depending on its
// first, as a container on its volume or a domain on its disk) with nothing behind it. "builtin" writes it with
// terraform_data (terraform alone, no provider process); "testfs" with the testfs test provider's files (terraform
// plus a provider built on this framework that does no Incus or libvirt work: its starts and its gRPC calls).
"use strict";
const { mkdirSync } = require("node:fs");
const { join } = require("node:path");
const { pairBlocks, requiredProvider } = require("./hcl");
const { loadTs } = require("./load-ts");
const { formatMs, median, ratio, spread, timed } = require("./report");

/** @typedef {"builtin" | "testfs"} FloorProvider */

/**
 * The graph's HCL.
 * @param {FloorProvider} provider
 * @param {string} root directory for testfs's files
 * @param {number} count
 */
function floorHcl(provider, root, count) {
  if (provider === "builtin") {
    return pairBlocks(
      count,
      { type: "terraform_data", name: "first", body: (i) => `  input = "first${i}"\n` },
      {
        type: "terraform_data",
        name: "second",
        body: (i, ref) => `  input = { name = "second${i}", first = ${ref}.output }\n`,
      },
    );
  }
  return `${requiredProvider("testfs")}provider "testfs" {
  root = "${root}"
}
${pairBlocks(
  count,
  { type: "testfs_file", name: "first", body: (i) => `  path    = "first${i}"\n  content = "first"\n` },
  { type: "testfs_file", name: "second", body: (i, ref) => `  path    = "second${i}"\n  content = ${ref}.sha256\n` },
)}`;
}

/**
 * A workspace with the floor graph written and `terraform init` done; the caller applies, plans and cleans up.
 * @param {FloorProvider} provider
 * @param {string} prefix
 * @param {number} count
 */
async function floorWorkspace(provider, prefix, count) {
  const { TerraformWorkspace } = loadTs("test/support/terraform.ts");
  // The mirror holds testfs either way (terraform_data needs none, the workspace wants one).
  const ws = TerraformWorkspace.create({ providers: ["testfs"], prefix, env: { TF_LOG: "" } });
  try {
    const root = join(ws.root, "files");
    mkdirSync(root);
    ws.write("main.tf", floorHcl(provider, root, count));
    await ws.init();
    return ws;
  } catch (err) {
    ws.cleanup();
    throw err;
  }
}

/**
 * The floor of a no-op plan benchmark: both floor graphs (`count` firsts and seconds) applied once, then planned
 * with refresh once per `run()`, next to the benchmark's own plans. `report` splits the benchmark's plan minus its
 * REST baseline into terraform's own plan, the provider's starts and calls, and the rest (the provider's reads
 * beyond the baseline's time).
 * @param {string} prefix
 * @param {number} count
 * @param {number} parallelism
 */
async function planFloors(prefix, count, parallelism) {
  /** @type {Array<{ provider: FloorProvider, ws: any, runs: number[] }>} */
  const floors = [];
  const cleanup = () => {
    for (const f of floors) f.ws.cleanup();
  };
  try {
    for (const provider of /** @type {const} */ (["builtin", "testfs"])) {
      const ws = await floorWorkspace(provider, `${prefix}-floor-${provider}`, count);
      floors.push({ provider, ws, runs: [] });
      await ws.ok(["apply", "-auto-approve", "-input=false", `-parallelism=${parallelism}`]);
    }
  } catch (err) {
    cleanup();
    throw err;
  }
  const planOne = async (/** @type {{ provider: FloorProvider, ws: any }} */ f) => {
    const [ms, r] = await timed(() => f.ws.plan([`-parallelism=${parallelism}`]));
    if (r.code !== 0) throw new Error(`${f.provider}: the plan of the applied floor graph is not empty:\n${r.output}`);
    return ms;
  };
  const runsOf = (/** @type {FloorProvider} */ provider) => floors.find((f) => f.provider === provider)?.runs ?? [];
  return {
    /** One untimed plan of each graph (file cache, warm provider process). */
    async warmUp() {
      for (const f of floors) await planOne(f);
    },
    /** One timed plan of each graph. */
    async run() {
      for (const f of floors) f.runs.push(await planOne(f));
    },
    cleanup,
    /**
     * The JSON fields and the printed lines of the floor against the benchmark's median plan and baseline.
     * @param {number} planMs
     * @param {number} baselineMs
     * @param {string} baselineName what the baseline is, e.g. "REST reads"
     * @param {string} without what the floor graphs leave out, e.g. "Incus reads"
     */
    report(planMs, baselineMs, baselineName, without) {
      const [builtinRuns, testfsRuns] = [runsOf("builtin"), runsOf("testfs")];
      const fb = median(builtinRuns);
      const ft = median(testfsRuns);
      return {
        fields: {
          floorBuiltinMs: Math.round(fb),
          floorBuiltinRunsMs: builtinRuns.map(Math.round),
          floorTestfsMs: Math.round(ft),
          floorTestfsRunsMs: testfsRuns.map(Math.round),
          floorRatio: ratio(baselineMs + ft, baselineMs),
        },
        lines: [
          `floor, the same plan graph without ${without} (applied once, then planned):`,
          `  terraform_data (terraform alone):     ${formatMs(fb)} (${spread(builtinRuns, formatMs)})`,
          `  testfs files (+ a provider, no work): ${formatMs(ft)} (${spread(testfsRuns, formatMs)})`,
          `  split of plan - ${baselineName} (${formatMs(planMs - baselineMs)}): terraform's own ${formatMs(
            fb,
          )}, provider starts and calls ${formatMs(ft - fb)}, the rest ${formatMs(
            planMs - baselineMs - ft,
          )}; ${baselineName} + the testfs plan: ${ratio(baselineMs + ft, baselineMs)}x`,
        ],
      };
    },
  };
}

module.exports = { floorWorkspace, planFloors };
