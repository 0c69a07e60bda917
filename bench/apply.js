#!/usr/bin/env node
// @ts-check
// Apply of N containers with volumes (default 50): `terraform apply` with the bundled provider against the same
// end state reached (a) over raw REST with the same concurrency as terraform's -parallelism, (b) by the `incus`
// CLI with one bash chain per container, the same number at a time, and (c) by a sequential `incus` CLI script
// (what a shell script does). Each variant starts from nothing and is verified (every container running, every
// volume there; for terraform also `terraform plan` after the apply reports no changes) before its time counts;
// everything is deleted between variants. Each of the --runs rounds (default 3) runs the variants in a rotated
// order, so no variant always gets the quietest or the busiest moment; the medians are compared and the spread
// (min–max) is printed next to them.
//
// Every run also records incusd's CPU time during the terraform apply and the REST variant (bench/support/incus-calls.js;
// the daemon is shared, so it is a figure for a quiet machine), and what the daemon held at the start of each variant
// (instances in every project, volumes on the test pool): the baseline is incusd's work, so a baseline that moves
// between runs is explained by these, not by the provider.
//
// Usage: node bench/apply.js [--containers 50] [--parallelism 10] [--runs 3] [--quick] [--variants terraform,rest]
//   [--count-calls]
// (--variants runs only those, e.g. to compare the provider's CPU between builds; ratios to a variant not run are NaN.
// --count-calls sends the terraform and REST variants through a counting proxy and prints their API calls per
// container by method and path; the proxy adds a hop, so the times of such a run are not headline figures.)
"use strict";
const { RawIncus, withConcurrency } = require("./rest-baseline/rest-client");
const { launchScript, runChains, runScript } = require("./rest-baseline/incus-cli");
const {
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
} = require("./support/incus-stack");
const { markProfileWindow } = require("./support/cpu-profile");
const { daemonCensus, formatCounts, incusdCpuMs, incusdPid, startCallCounter } = require("./support/incus-calls");
const { watchProcesses } = require("./support/processes");
const { flag, formatMs, loadAverage, median, option, printResult, ratio, spread, timed } = require("./support/report");
const { handleInterrupts } = require("./support/interrupt");

/**
 * The daemon a run measures: its pid (for its CPU time) and, with --count-calls, the counting proxy in front of it.
 * @typedef {{ pid: number | undefined, counter?: Awaited<ReturnType<typeof startCallCounter>> }} Daemon
 */

/**
 * @param {RawIncus} raw
 * @param {string} prefix
 * @param {number} count
 * @param {number} parallelism
 * @param {Daemon} daemon
 */
async function viaTerraform(raw, prefix, count, parallelism, daemon) {
  const ws = workspace(prefix, daemon.counter ? { INCUS_SOCKET: daemon.counter.socketPath } : {});
  try {
    ws.write("main.tf", containersHcl(prefix, count));
    await ws.init();
    const load = loadAverage();
    const census = await daemonCensus(raw, TEST_POOL);
    const watch = watchProcesses(ws.dir);
    daemon.counter?.reset();
    const incusdBefore = incusdCpuMs(daemon.pid);
    const [ms] = await timed(() => markProfileWindow("apply", () => ws.apply([`-parallelism=${parallelism}`])));
    const incusdMs = incusdCpuMs(daemon.pid) - incusdBefore;
    const calls = daemon.counter?.counts();
    const used = watch.stop();
    await expectBuilt(raw, prefix, count);
    const plan = await ws.plan([`-parallelism=${parallelism}`]);
    if (plan.code !== 0)
      throw new Error(`the plan right after the apply is not empty (exit ${plan.code}):\n${plan.output}`);
    const [destroyMs] = await timed(() => ws.destroy());
    return {
      ms,
      destroyMs,
      load,
      census,
      incusdMs,
      calls,
      terraformCpuMs: used.terraform.cpuMs,
      providerCpuMs: used.provider.cpuMs,
    };
  } finally {
    await deleteAll(raw, prefix, withConcurrency);
    ws.cleanup();
  }
}

/**
 * @param {RawIncus} raw
 * @param {string} prefix
 * @param {number} count
 * @param {number} parallelism
 * @param {Daemon} daemon
 */
async function viaRest(raw, prefix, count, parallelism, daemon) {
  const client = daemon.counter ? new RawIncus(daemon.counter.socketPath) : raw;
  const before = client.requests;
  try {
    const census = await daemonCensus(raw, TEST_POOL);
    const specs = [...Array(count).keys()].map((i) => restSpec(prefix, i));
    daemon.counter?.reset();
    const cpu = process.cpuUsage();
    const incusdBefore = incusdCpuMs(daemon.pid);
    const [ms] = await timed(() =>
      withConcurrency(specs, parallelism, async (s) => {
        await client.createVolume(TEST_POOL, s.volume, s.volumeConfig);
        await client.launchContainer(s.name, s.instance);
      }),
    );
    const incusdMs = incusdCpuMs(daemon.pid) - incusdBefore;
    const used = process.cpuUsage(cpu);
    const requests = client.requests - before;
    const calls = daemon.counter?.counts();
    await expectBuilt(raw, prefix, count);
    return { ms, requests, census, incusdMs, calls, cpuMs: Math.round((used.user + used.system) / 1000) };
  } finally {
    if (client !== raw) await client.close();
    await deleteAll(raw, prefix, withConcurrency);
  }
}

/**
 * The CLI with `limit` chains at a time (1: the sequential script).
 * @param {RawIncus} raw
 * @param {string} prefix
 * @param {number} count
 * @param {number} limit
 */
async function viaCli(raw, prefix, count, limit) {
  try {
    const containers = [...Array(count).keys()].map((i) => names(prefix, i));
    const opts = { pool: TEST_POOL, image: TEST_IMAGE, volumeSize: VOLUME_SIZE };
    const ms =
      limit === 1
        ? runScript(launchScript(containers, opts), "the incus CLI script")
        : await runChains(containers, opts, limit);
    await expectBuilt(raw, prefix, count);
    return { ms };
  } finally {
    await deleteAll(raw, prefix, withConcurrency);
  }
}

const VARIANTS = ["terraform", "rest", "cli", "script"];

async function main() {
  handleInterrupts();
  const quick = flag("quick");
  const count = Number(option("containers", quick ? "2" : "50"));
  const parallelism = Number(option("parallelism", "10"));
  const runs = Number(option("runs", quick ? "1" : "3"));
  const only = option("variants", VARIANTS.join(",")).split(",");
  const unknown = only.filter((v) => !VARIANTS.includes(v));
  if (unknown.length) throw new Error(`unknown variant(s) ${unknown.join(", ")}; known: ${VARIANTS.join(", ")}`);
  const raw = new RawIncus();
  await requireDaemon(raw);
  /** @type {Daemon} */
  const daemon = {
    pid: incusdPid(raw.socketPath),
    counter: flag("count-calls") ? await startCallCounter(raw.socketPath) : undefined,
  };
  /** @type {Record<string, { instances: number, volumes: number, dyingMemoryCgroups: number, incusdMs: number }[]>} */
  const daemonRuns = { terraform: [], rest: [] };
  /** @type {Record<string, Map<string, number> | undefined>} */
  const calls = { terraform: undefined, rest: undefined };
  /** @type {Record<string, number[]>} */
  const times = { terraform: [], rest: [], cli: [], script: [] };
  /** @type {number[]} */
  const destroyMs = [];
  /** @type {{ ms: number, load: number, terraformCpuMs: number, providerCpuMs: number }[]} */
  const terraformRuns = [];
  /** @type {number[]} */
  const restCpuMs = [];
  let requests = 0;
  try {
    for (let run = 0; run < runs; run++) {
      const order = VARIANTS.map((_, i) => VARIANTS[(i + run) % VARIANTS.length]).filter((v) => only.includes(v));
      for (const variant of order) {
        const prefix = uniquePrefix(`apply-${variant}`);
        if (variant === "terraform") {
          const r = await viaTerraform(raw, prefix, count, parallelism, daemon);
          times.terraform.push(r.ms);
          daemonRuns.terraform.push({ ...r.census, incusdMs: Math.round(r.incusdMs) });
          calls.terraform = r.calls;
          destroyMs.push(r.destroyMs);
          terraformRuns.push({
            ms: Math.round(r.ms),
            load: r.load,
            terraformCpuMs: r.terraformCpuMs,
            providerCpuMs: r.providerCpuMs,
          });
        } else if (variant === "rest") {
          const r = await viaRest(raw, prefix, count, parallelism, daemon);
          restCpuMs.push(r.cpuMs);
          daemonRuns.rest.push({ ...r.census, incusdMs: Math.round(r.incusdMs) });
          calls.rest = r.calls;
          times.rest.push(r.ms);
          requests = r.requests;
        } else {
          times[variant].push((await viaCli(raw, prefix, count, variant === "cli" ? parallelism : 1)).ms);
        }
      }
    }
  } finally {
    await daemon.counter?.close();
    await raw.close();
  }
  /** The median, NaN for a variant not run. */
  const med = (/** @type {number[]} */ xs) => (xs.length ? median(xs) : NaN);
  const m = Object.fromEntries(VARIANTS.map((v) => [v, med(times[v])]));
  const s = (/** @type {string} */ v) => (times[v].length ? spread(times[v], formatMs) : "not run");
  console.log(
    `apply (${count} containers with volumes, parallelism ${parallelism}, ${runs} run(s) in rotating order; medians, spread min–max)`,
  );
  printResult(
    {
      bench: "apply",
      containers: count,
      parallelism,
      runs,
      terraformMs: Math.round(m.terraform),
      restMs: Math.round(m.rest),
      cliParallelMs: Math.round(m.cli),
      cliMs: Math.round(m.script),
      terraformRunsMs: times.terraform.map(Math.round),
      restRunsMs: times.rest.map(Math.round),
      cliParallelRunsMs: times.cli.map(Math.round),
      cliRunsMs: times.script.map(Math.round),
      terraformDestroyMs: Math.round(med(destroyMs)),
      terraformRuns,
      terraformCpuMs: Math.round(med(terraformRuns.map((r) => r.terraformCpuMs))),
      providerCpuMs: Math.round(med(terraformRuns.map((r) => r.providerCpuMs))),
      restClientCpuMs: Math.round(med(restCpuMs)),
      restRequests: requests,
      terraformIncusdCpuMs: Math.round(med(daemonRuns.terraform.map((r) => r.incusdMs))),
      restIncusdCpuMs: Math.round(med(daemonRuns.rest.map((r) => r.incusdMs))),
      daemonRuns,
      ...(calls.terraform ? { terraformCalls: Object.fromEntries(calls.terraform) } : {}),
      ...(calls.rest ? { restCalls: Object.fromEntries(calls.rest) } : {}),
      planAfterApplyEmpty: true,
      ratio: ratio(m.terraform, m.rest),
      ratioVsCliParallel: ratio(m.terraform, m.cli),
      ratioVsCli: ratio(m.terraform, m.script),
    },
    [
      `${"terraform apply (bundled provider):".padEnd(40)}${formatMs(m.terraform)} (${s(
        "terraform",
      )}; destroy ${formatMs(med(destroyMs))}; plan after apply empty)`,
      `${"  CPU of the terraform variant:".padEnd(40)}terraform ${formatMs(
        med(terraformRuns.map((r) => r.terraformCpuMs)),
      )}, provider ${formatMs(med(terraformRuns.map((r) => r.providerCpuMs)))} (the REST client: ${formatMs(
        med(restCpuMs),
      )}); per run: ${terraformRuns.map((r) => `${formatMs(r.ms)} at load ${r.load}`).join(", ")}`,
      `${`raw REST, ${parallelism} at a time:`.padEnd(40)}${formatMs(m.rest)} (${s("rest")}; ${requests} API calls)`,
      `${`incus CLI, ${parallelism} chains at a time:`.padEnd(40)}${formatMs(m.cli)} (${s("cli")})`,
      `${"incus CLI script, one after the other:".padEnd(40)}${formatMs(m.script)} (${s(
        "script",
      )}; what a shell script does)`,
      `ratio terraform / REST: ${ratio(m.terraform, m.rest)}x; / CLI ${parallelism} at a time: ${ratio(
        m.terraform,
        m.cli,
      )}x; / sequential CLI script: ${ratio(m.terraform, m.script)}x`,
      `incusd CPU per run (what the daemon held at its start): ${["terraform", "rest"]
        .flatMap((v) =>
          daemonRuns[v].map(
            (r) =>
              `${v} ${formatMs(r.incusdMs)} (${r.instances} instances, ${r.volumes} volumes on ${TEST_POOL}, ${r.dyingMemoryCgroups} dying memory cgroups)`,
          ),
        )
        .join("; ")}`,
      ...["terraform", "rest"].flatMap((v) => {
        const c = calls[v];
        return c ? [`API calls of the ${v} variant (last run):`, ...formatCounts(c, count, "container")] : [];
      }),
    ],
  );
}

main().catch((err) => {
  console.error(`apply benchmark: ${err instanceof Error ? err.stack : err}`);
  process.exit(1);
});
