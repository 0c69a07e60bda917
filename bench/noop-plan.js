#!/usr/bin/env node
// No-op plan of a deployed stack of 200 resources (100 running containers, each with a volume and a p2p NIC):
// `terraform plan` with the bundled provider (it refreshes every resource) against the raw REST reads that carry the
// same information (each container, its /state, which a container on a network needs for its addresses, each
// volume), sent with the same concurrency as terraform's -parallelism. A third figure,
// `terraform plan -refresh=false`, separates terraform's fixed cost from the provider's refresh work, so the
// refresh part can be compared with the reads it has to make.
//
// Every run measures the three back to back; medians with the min–max spread. Two more plans split terraform's part
// from ours (the floor, support/floor-graph.js): the same graph (N volumes, N containers each depending on its
// volume) of built-in terraform_data resources (terraform alone) and of the testfs provider's files (terraform and a
// provider on this framework that reads no Incus object), each applied once and then planned in every run.
//
// incusd's CPU time per plan (with refresh) and per round of REST reads is recorded too (bench/support/incus-calls.js:
// the daemon is shared, so it is a figure for a quiet machine).
//
// Usage: node bench/noop-plan.js [--containers 100] [--parallelism 10] [--runs 5] [--quick] [--count-calls]
// (--count-calls sends the plans and the REST reads through a counting proxy and prints their API calls per container
// by method and path; the proxy adds a hop, so the times of such a run are not headline figures.)
// @ts-check
"use strict";
const { RawIncus, withConcurrency } = require("./rest-baseline/rest-client");
const {
  TEST_POOL,
  containersHcl,
  deleteAll,
  expectBuilt,
  names,
  requireDaemon,
  uniquePrefix,
  workspace,
} = require("./support/incus-stack");
const { markProfileWindow } = require("./support/cpu-profile");
const { planFloors } = require("./support/floor-graph");
const {
  formatCounts,
  incusdChildrenCpuMs,
  incusdCpuMs,
  incusdPid,
  startCallCounter,
} = require("./support/incus-calls");
const { watchProcesses } = require("./support/processes");
const { flag, formatMs, median, option, printResult, ratio, spread, timed } = require("./support/report");
const { handleInterrupts } = require("./support/interrupt");
const { readInstanceForRefresh } = require("./support/refresh-reads");

async function restReads(raw, prefix, count, parallelism) {
  const before = raw.requests;
  const [ms] = await timed(() =>
    withConcurrency([...Array(count).keys()], parallelism, async (i) => {
      const n = names(prefix, i);
      await readInstanceForRefresh(raw, n.name);
      await raw.getVolume(TEST_POOL, n.volume);
    }),
  );
  return { ms, requests: raw.requests - before };
}

async function main() {
  handleInterrupts();
  const quick = flag("quick");
  const count = Number(option("containers", quick ? "2" : "100"));
  const parallelism = Number(option("parallelism", "10"));
  const runs = Number(option("runs", quick ? "1" : "5"));
  const raw = new RawIncus();
  await requireDaemon(raw);
  const pid = incusdPid(raw.socketPath);
  const counter = flag("count-calls") ? await startCallCounter(raw.socketPath) : undefined;
  const reader = counter ? new RawIncus(counter.socketPath) : raw;
  const prefix = uniquePrefix("plan");
  const ws = workspace(prefix, counter ? { INCUS_SOCKET: counter.socketPath } : {});
  /**
   * incusd CPU (ms) per plan with refresh and per round of REST reads; restChildren: the part of a round spent in
   * incusd's child processes (Incus 6.0's `forknet info` per /state read, see incusdChildrenCpuMs)
   * @type {{ plan: number[], rest: number[], restChildren: number[] }}
   */
  const incusd = { plan: [], rest: [], restChildren: [] };
  /** @type {{ plan?: Map<string, number>, rest?: Map<string, number> }} */
  const calls = {};
  /** @type {number[]} */
  const plan = [];
  /** @type {number[]} */
  const planNoRefresh = [];
  /** @type {number[]} */
  const rest = [];
  /** @type {Awaited<ReturnType<typeof planFloors>> | undefined} the floor graphs and their plans */
  let floors;
  let requests = 0;
  let setupMs = 0;
  /** @type {{ terraform: number[], provider: number[] }} */
  let cpuOf = { terraform: [], provider: [] };
  try {
    ws.write("main.tf", containersHcl(prefix, count, { nic: true }));
    await ws.init();
    [setupMs] = await timed(() => ws.apply([`-parallelism=${parallelism}`]));
    await expectBuilt(raw, prefix, count);
    /** CPU of terraform and of the provider per plan with refresh: what the plan costs apart from waiting. */
    const cpu = { terraform: /** @type {number[]} */ ([]), provider: /** @type {number[]} */ ([]) };
    const planOnce = async (/** @type {string[]} */ extra) => {
      const watch = watchProcesses(ws.dir);
      const window = extra.length === 0 ? "plan" : "plan-no-refresh";
      counter?.reset();
      const incusdBefore = incusdCpuMs(pid);
      const [ms, r] = await timed(() =>
        markProfileWindow(window, () => ws.plan([`-parallelism=${parallelism}`, ...extra])),
      );
      const incusdMs = incusdCpuMs(pid) - incusdBefore;
      const used = watch.stop();
      if (r.code !== 0) throw new Error(`the plan of the deployed stack is not empty (exit ${r.code}):\n${r.output}`);
      if (extra.length === 0) {
        cpu.terraform.push(used.terraform.cpuMs);
        cpu.provider.push(used.provider.cpuMs);
        incusd.plan.push(incusdMs);
        calls.plan = counter?.counts();
      }
      return ms;
    };
    floors = await planFloors(prefix, count, parallelism);
    await floors.warmUp();
    await planOnce([]); // warm the file cache and the daemon
    await restReads(reader, prefix, count, parallelism);
    incusd.plan.length = 0;
    for (let run = 0; run < runs; run++) {
      plan.push(await planOnce([]));
      planNoRefresh.push(await planOnce(["-refresh=false"]));
      counter?.reset();
      const incusdBefore = incusdCpuMs(pid);
      const childrenBefore = incusdChildrenCpuMs(pid);
      const r = await restReads(reader, prefix, count, parallelism);
      incusd.rest.push(incusdCpuMs(pid) - incusdBefore);
      incusd.restChildren.push(incusdChildrenCpuMs(pid) - childrenBefore);
      calls.rest = counter?.counts();
      rest.push(r.ms);
      requests = r.requests;
      await floors.run();
    }
    cpuOf = { terraform: cpu.terraform.slice(1), provider: cpu.provider.slice(1) }; // without the warm-up plan
    await ws.destroy();
  } finally {
    await deleteAll(raw, prefix, withConcurrency);
    ws.cleanup();
    floors?.cleanup();
    if (reader !== raw) await reader.close();
    await counter?.close();
    await raw.close();
  }
  const p = median(plan);
  const terraformCpu = median(cpuOf.terraform);
  const providerCpu = median(cpuOf.provider);
  const pn = median(planNoRefresh);
  const r = median(rest);
  const refresh = Math.max(0, p - pn);
  const floor = /** @type {NonNullable<typeof floors>} */ (floors).report(p, r, "REST reads", "Incus reads");
  console.log(
    `noop-plan (${2 * count} resources, parallelism ${parallelism}, ${runs} runs; setup apply took ${formatMs(
      setupMs,
    )})`,
  );
  printResult(
    {
      bench: "noop-plan",
      resources: 2 * count,
      parallelism,
      runs,
      planMs: Math.round(p),
      planNoRefreshMs: Math.round(pn),
      refreshMs: Math.round(refresh),
      restReadsMs: Math.round(r),
      planRunsMs: plan.map(Math.round),
      planNoRefreshRunsMs: planNoRefresh.map(Math.round),
      restReadsRunsMs: rest.map(Math.round),
      restRequests: requests,
      terraformCpuMs: Math.round(terraformCpu),
      providerCpuMs: Math.round(providerCpu),
      planIncusdCpuMs: Math.round(median(incusd.plan)),
      restIncusdCpuMs: Math.round(median(incusd.rest)),
      restIncusdChildrenCpuMs: Math.round(median(incusd.restChildren)),
      ...(calls.plan ? { planCalls: Object.fromEntries(calls.plan) } : {}),
      ...(calls.rest ? { restCalls: Object.fromEntries(calls.rest) } : {}),
      ...floor.fields,
      ratio: ratio(p, r),
      refreshRatio: ratio(refresh, r),
    },
    [
      `terraform plan (refresh):        ${formatMs(p)} (${spread(plan, formatMs)}; no changes)`,
      `  CPU per plan (refresh): terraform ${formatMs(terraformCpu)}, provider ${formatMs(providerCpu)}; incusd ${formatMs(
        median(incusd.plan),
      )} (per round of REST reads: ${formatMs(median(incusd.rest))})`,
      incusdStateMode(median(incusd.restChildren), count),
      `terraform plan -refresh=false:   ${formatMs(pn)} (${spread(
        planNoRefresh,
        formatMs,
      )}; terraform and provider start-up, no reads)`,
      `raw REST reads, ${parallelism} at a time: ${formatMs(r)} (${spread(rest, formatMs)}; ${requests} GETs)`,
      `ratio plan / REST reads: ${ratio(p, r)}x; refresh part (${formatMs(refresh)}) / REST reads: ${ratio(
        refresh,
        r,
      )}x`,
      ...floor.lines,
      ...Object.entries(calls).flatMap(([v, c]) =>
        c
          ? [
              `API calls of one ${v === "plan" ? "plan" : "round of REST reads"}:`,
              ...formatCounts(c, count, "container"),
            ]
          : [],
      ),
    ],
  );
}

/**
 * Which way incusd read the containers' network state: in its own process (netlink), or through a child process per
 * /state read (Incus 6.0 after a failed netlink read, until it restarts), which costs it about twenty times the CPU.
 * @param {number} childrenMs incusd's children's CPU per round of REST reads
 * @param {number} stateReads /state reads per round
 */
function incusdStateMode(childrenMs, stateReads) {
  const perRead = childrenMs / stateReads;
  return perRead >= 1
    ? `  incusd read network state through a child process per /state read (${formatMs(perRead)} of its CPU each): ` +
        `Incus 6.0 does so after one netlink read failed, until it restarts; see BENCHMARKS.md`
    : `  incusd read network state in its own process (netlink; children ${formatMs(childrenMs)} per round)`;
}

main().catch((err) => {
  console.error(`noop-plan benchmark: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
