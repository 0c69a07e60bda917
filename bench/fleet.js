#!/usr/bin/env node
// Fleet scale: a stack of N containers (default 1000), each with a custom volume, spread round-robin over several
// Incus remotes (bench/fleet-stack.ts, written with the constructs). It is deployed for real with terraform, then
// every run measures what a user waits for when nothing changed:
//   - synth: a fresh node process that builds the construct tree and runs app.synth() (wall time of the whole
//     process, its CPU time and peak RSS);
//   - a no-op `terraform plan -parallelism=P` (with refresh: one read per object), with the peak RSS of the provider
//     process(es) and of terraform itself, sampled from /proc while the plan runs;
//   - the baseline: the raw REST reads carrying the same information (each container, its /state when the refresh
//     needs it: running, with a network device; each volume, each project), P in flight, over the same sockets.
//   - the floor (support/floor-graph.js): the same graph shape (N volumes, N containers each depending on its
//     volume; without the projects) of terraform_data (terraform alone) and of testfs files (a provider on this
//     framework that reads nothing), applied once and planned in every run: what terraform and a provider cost
//     before any Incus read.
// Goal: the no-op plan at most 1.3x the REST reads (the provider's overhead over the reads it must make).
//
// Remotes: --remotes takes a comma-separated list, one IncusHost (and one project) per entry. The default,
// three times "unix://", stands three remotes up on the local incusd, each with its own project: one provider with
// three remotes, the same work per object as three hosts, only one daemon doing it. "unix:///path/unix.socket"
// names another local socket. "hosts" stands for the HTTPS hosts scripts/setup-incus-hosts.sh runs, as its
// hosts.json describes them: host "b" and the three-member cluster, whose members each get their own share (instance
// and volume placed with `target`). `--remotes hosts` alone is short for "unix://,hosts": the local incusd, b and
// the cluster, five daemons with a fifth of the fleet each. The baseline reads every object over the same transport
// as the provider: the unix socket, or HTTPS with the client certificate and pinned server certificate from the
// hosts' configuration directory (a cluster through the same member's address, with the same `target`).
//
// Containers are stopped by default (--running starts them: 1000 running containers take gigabytes of memory on a
// shared machine); for a stopped container the provider reads the instance only, and so does the baseline.
// Everything is removed afterwards (terraform destroy, then a sweep by prefix over the REST API), also on failure.
//
// Usage: node bench/fleet.js [--instances 1000] [--parallelism 10] [--runs 3] [--remotes unix://,unix://,unix://]
//                            [--running] [--quick]
//        node bench/fleet.js --remotes hosts [--instances 1000] …     (local incusd + host b + the cluster)
// @ts-check
"use strict";
const { spawnSync } = require("node:child_process");
const { existsSync, readFileSync } = require("node:fs");
const { join } = require("node:path");
const {
  flag,
  formatMs,
  loadAverage,
  median,
  msSince,
  option,
  printResult,
  ratio,
  spread,
  timed,
} = require("./support/report");
const { handleInterrupts } = require("./support/interrupt");
const { readInstanceForRefresh } = require("./support/refresh-reads");
// The synth child loads nothing but cdktf and the stack (no undici): its wall time is what a synth costs.
const { RawIncus, withConcurrency } = flag("child")
  ? /** @type {typeof import("./rest-baseline/rest-client")} */ ({})
  : require("./rest-baseline/rest-client");
const { TEST_IMAGE, TEST_POOL, VOLUME_SIZE, requireDaemon, uniquePrefix } = require("./support/incus-stack");
const { planFloors } = require("./support/floor-graph");
const { bundleTs, loadTs } = require("./support/load-ts");
const { watchProcesses } = require("./support/processes");

/** The goal for the ratio plan / REST reads. */
const GOAL_RATIO = 1.3;
/** Terraform must finish a deploy or destroy of the whole fleet within this. */
const LONG_RUN_MS = 60 * 60_000;

/** Child mode: synthesize the fleet stack into `outdir`, print one JSON line of measurements. */
function child() {
  const started = process.hrtime.bigint();
  const cpuStarted = process.cpuUsage();
  const { App, LocalBackend, TerraformStack } = require("cdktf");
  const { buildFleet } = require(option("bundle", ""));
  const loadMs = msSince(started);
  const buildStarted = process.hrtime.bigint();
  const app = new App({ outdir: option("outdir", ""), stackTraces: false });
  const stack = new TerraformStack(app, option("stack", ""));
  new LocalBackend(stack, { path: option("state", "") });
  buildFleet(stack, {
    count: Number(option("instances", "")),
    remotes: JSON.parse(option("remotes-json", "")),
    prefix: option("stack", ""),
    pool: TEST_POOL,
    image: TEST_IMAGE,
    volumeSize: VOLUME_SIZE,
    running: flag("running"),
  });
  const buildMs = msSince(buildStarted);
  const synthStarted = process.hrtime.bigint();
  app.synth();
  const synthMs = msSince(synthStarted);
  const cpu = process.cpuUsage(cpuStarted);
  console.log(
    JSON.stringify({
      loadMs,
      buildMs,
      synthMs,
      cpuMs: (cpu.user + cpu.system) / 1000,
      peakRssMiB: process.resourceUsage().maxRSS / 1024,
    }),
  );
}

/** Synthesizes in a fresh node process; returns its figures plus the wall time of the whole process. */
function synthOnce(args) {
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [__filename, "--child", ...args], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallMs = msSince(started);
  if (r.status !== 0) throw new Error(`synth of the fleet stack failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  return { ...JSON.parse(r.stdout.trim().split("\n").pop() ?? ""), wallMs };
}

const HOSTS_FILE = join(process.env.CDKTF_VIRT_HOSTS_DIR ?? "/var/lib/cdktf-virt/hosts", "hosts.json");
const HOSTS_HINT = "run `bash scripts/setup-incus-hosts.sh` (as root; scripts/setup.sh calls it)";

/**
 * The remotes of `--remotes`: unix addresses as they are, "hosts" expanded from hosts.json into host b and the
 * cluster (with its members). "hosts" alone also takes the local incusd.
 * @param {string} spec
 * @returns {import("./fleet-stack").FleetRemote[]}
 */
function parseRemotes(spec) {
  const entries = spec.split(",").filter(Boolean);
  if (entries.length === 1 && entries[0] === "hosts") entries.unshift("unix://");
  /** @type {(address: string) => import("./fleet-stack").FleetRemote[]} */
  const expand = (address) => {
    if (address === "hosts") {
      if (!existsSync(HOSTS_FILE))
        throw new Error(`--remotes hosts: ${HOSTS_FILE} is missing, the HTTPS hosts are not set up; ${HOSTS_HINT}`);
      const hosts = JSON.parse(readFileSync(HOSTS_FILE, "utf8"));
      return [
        { address: hosts.hosts.b.address, name: "b", configDir: hosts.configDir },
        {
          address: hosts.cluster.addresses[0],
          name: hosts.cluster.remote,
          configDir: hosts.configDir,
          members: Object.keys(hosts.cluster.members),
        },
      ];
    }
    if (address.startsWith("https://")) {
      throw new Error(
        `--remotes ${address}: give https hosts as "hosts" (the hosts scripts/setup-incus-hosts.sh runs, with the client identity hosts.json names)`,
      );
    }
    if (!/^unix:\/\/(\/\S*)?$/.test(address))
      throw new Error(`--remotes ${address}: not an Incus address (unix://, unix:///path/to/unix.socket, or "hosts")`);
    return [{ address }];
  };
  return entries.flatMap(expand);
}

/**
 * One REST client per remote over the provider's transport (one per distinct local socket).
 * @param {import("./fleet-stack").FleetRemote[]} remotes
 */
function restClients(remotes) {
  /** @type {Map<string, InstanceType<typeof RawIncus>>} */
  const byEndpoint = new Map();
  return remotes.map((r) => {
    if (!byEndpoint.has(r.address)) {
      if (r.address.startsWith("https://")) {
        const dir = /** @type {string} */ (r.configDir);
        byEndpoint.set(
          r.address,
          new RawIncus({
            url: r.address,
            clientCert: readFileSync(join(dir, "client.crt")),
            clientKey: readFileSync(join(dir, "client.key")),
            serverCert: readFileSync(join(dir, "servercerts", `${r.name}.crt`)),
          }),
        );
      } else {
        byEndpoint.set(r.address, new RawIncus(/^unix:\/\/(\/\S*)?$/.exec(r.address)?.[1] || undefined));
      }
    }
    return /** @type {InstanceType<typeof RawIncus>} */ (byEndpoint.get(r.address));
  });
}

/** Fails with a clear message unless the remote answers, trusts us and has the test pool and image. */
async function requireRemote(
  /** @type {InstanceType<typeof RawIncus>} */ client,
  /** @type {import("./fleet-stack").FleetRemote} */ remote,
) {
  if (!remote.address.startsWith("https://")) return requireDaemon(client);
  let auth;
  try {
    auth = (await client.call("GET", "/1.0")).metadata?.auth;
  } catch (err) {
    throw new Error(
      `Incus remote "${remote.name}" is not reachable at ${remote.address} (${err.message}); ${HOSTS_HINT}`,
    );
  }
  if (auth !== "trusted")
    throw new Error(
      `Incus remote "${remote.name}" at ${remote.address} does not trust the client certificate in ${remote.configDir} (auth: ${auth}); ${HOSTS_HINT}`,
    );
  await client.call("GET", `/1.0/storage-pools/${TEST_POOL}`).catch((err) => {
    throw new Error(
      `Incus remote "${remote.name}" ${err.status === 404 ? `has no storage pool "${TEST_POOL}"` : "failed"} (${
        err.message
      }); ${HOSTS_HINT}`,
    );
  });
  await client.call("GET", `/1.0/images/aliases/${TEST_IMAGE}`).catch((err) => {
    throw new Error(
      `Incus remote "${remote.name}" ${err.status === 404 ? `has no image alias "${TEST_IMAGE}"` : "failed"} (${
        err.message
      }); ${HOSTS_HINT}`,
    );
  });
}

/** "local incusd (unix://, project p0)", "b (https://…, project p1)", "member member2 of cluster (https://…, project p2)". */
function describeSite(
  /** @type {import("./fleet-stack").FleetRemote[]} */ remotes,
  /** @type {import("./fleet-stack").FleetSite} */ site,
) {
  const r = remotes[site.remote];
  const daemon = r.address.startsWith("unix://")
    ? `local incusd (${r.address}, project p${site.remote})`
    : `${r.name} (${r.address}, project p${site.remote})`;
  return site.target ? `member ${site.target} of ${daemon}` : daemon;
}

async function main() {
  handleInterrupts();
  if (flag("child")) return child();
  const quick = flag("quick");
  const count = Number(option("instances", quick ? "6" : "1000"));
  const parallelism = Number(option("parallelism", "10"));
  const runs = Number(option("runs", quick ? "1" : "3"));
  const remotes = parseRemotes(option("remotes", "unix://,unix://,unix://"));
  const running = flag("running");
  const clients = restClients(remotes);
  for (let h = 0; h < remotes.length; h++) await requireRemote(clients[h], remotes[h]);
  const { fleetNames, fleetSites } = loadTs("bench/fleet-stack.ts");
  /** @type {import("./fleet-stack").FleetSite[]} */
  const sites = fleetSites(remotes);
  const bundle = bundleTs("bench/fleet-stack.ts");
  const { SynthesizedStack } = loadTs("test/support/synthesized-stack.ts");
  const prefix = uniquePrefix("fleet");
  const stack = new SynthesizedStack(prefix, { timeoutMs: LONG_RUN_MS });
  const env = { TF_LOG: "", TF_LOG_PATH: "" };
  const synthArgs = [
    "--bundle",
    bundle,
    "--outdir",
    stack.outdir,
    "--stack",
    prefix,
    "--state",
    stack.statePath,
    "--instances",
    String(count),
    "--remotes-json",
    JSON.stringify(remotes),
    ...(running ? ["--running"] : []),
  ];
  const site = (/** @type {number} */ i) => sites[i % sites.length];
  const project = (/** @type {number} */ h) => fleetNames.project(prefix, h);
  const perSite = sites.map((_, s) => Math.floor(count / sites.length) + (s < count % sites.length ? 1 : 0));
  const placement = sites.map((s, k) => `${perSite[k]} on ${describeSite(remotes, s)}`);

  /**
   * The reads a refresh makes, P in flight: each project, each container (+ its /state when the refresh needs it:
   * running, with a network device), each volume.
   * Also the mean latency of a container's and a volume's GET per site, which shows which daemon is slow.
   */
  const restReads = async () => {
    const distinct = [...new Set(clients)];
    const before = distinct.reduce((n, c) => n + c.requests, 0);
    const siteMs = sites.map(() => 0);
    const siteGets = sites.map(() => 0);
    const [ms] = await timed(async () => {
      await withConcurrency(
        remotes.map((_, h) => h),
        parallelism,
        (h) => clients[h].call("GET", `/1.0/projects/${project(h)}`),
      );
      await withConcurrency([...Array(count).keys()], parallelism, async (i) => {
        const { remote, target } = site(i);
        const c = clients[remote];
        const p = project(remote);
        const started = process.hrtime.bigint();
        const instanceGets = await readInstanceForRefresh(c, fleetNames.instance(prefix, i), p, target);
        await c.getVolume(TEST_POOL, fleetNames.volume(prefix, i), p, target);
        siteMs[i % sites.length] += msSince(started);
        siteGets[i % sites.length] += instanceGets + 1;
      });
    });
    const perGetMs = siteMs.map((t, k) => (siteGets[k] ? t / siteGets[k] : 0));
    return { ms, requests: distinct.reduce((n, c) => n + c.requests, 0) - before, perGetMs };
  };

  const planOnce = async () => {
    const watch = watchProcesses(stack.stackDir);
    const [ms, r] = await timed(() =>
      stack.run(["plan", "-input=false", "-detailed-exitcode", `-parallelism=${parallelism}`], { env }),
    );
    const used = watch.stop();
    if (r.code !== 0)
      throw new Error(`the plan of the deployed fleet is not empty (exit ${r.code}):\n${r.output.slice(-4000)}`);
    return {
      ms,
      providerMiB: used.provider.peakRssMiB,
      terraformMiB: used.terraform.peakRssMiB,
      providerProcesses: used.provider.processes,
      providerCpuMs: used.provider.cpuMs,
      terraformCpuMs: used.terraform.cpuMs,
    };
  };

  /** @type {any[]} */
  const synths = [];
  /** @type {any[]} */
  const plans = [];
  /** @type {number[]} */
  const rests = [];
  let requests = 0;
  /** @type {number[][]} */
  const perGet = [];
  let resources = 0;
  let deployMs = 0;
  let destroyMs = 0;
  /** @type {Awaited<ReturnType<typeof planFloors>> | undefined} */
  let floors;
  try {
    synths.push(synthOnce(synthArgs)); // untimed: writes the stack terraform init needs
    const json = JSON.parse(readFileSync(`${stack.stackDir}/cdk.tf.json`, "utf8"));
    resources = Object.values(json.resource ?? {}).reduce((n, byId) => n + Object.keys(byId).length, 0);
    synths.length = 0;
    await stack.init();
    console.log(
      `fleet: deploying ${count} containers with volumes (${resources} resources) over ${
        remotes.length
      } remotes, -parallelism=${parallelism}: ${placement.join("; ")}…`,
    );
    [deployMs] = await timed(() =>
      stack.ok(["apply", "-input=false", "-auto-approve", `-parallelism=${parallelism}`], env),
    );
    await expectFleet(clients, remotes, sites, perSite, prefix, project);
    console.log(`fleet: deployed in ${formatMs(deployMs)}; measuring ${runs} runs`);
    floors = await planFloors(prefix, count, parallelism);
    await floors.warmUp();
    const warm = await planOnce(); // warm the file cache and the daemon
    const warmRest = await restReads();
    console.log(
      `fleet: untimed warm-up: plan ${formatMs(warm.ms)}, REST reads ${formatMs(warmRest.ms)} (load ${loadAverage()})`,
    );
    for (let run = 0; run < runs; run++) {
      synths.push(synthOnce(synthArgs));
      plans.push(await planOnce());
      const r = await restReads();
      rests.push(r.ms);
      requests = r.requests;
      perGet.push(r.perGetMs);
      await floors.run();
      const [s, p] = [synths[run], plans[run]];
      console.log(
        `fleet: run ${run + 1}/${runs}: synth ${formatMs(s.wallMs)}, plan ${formatMs(p.ms)}, REST reads ${formatMs(
          r.ms,
        )} (load ${loadAverage()})`,
      );
    }
    [destroyMs] = await timed(() =>
      stack.ok(["destroy", "-input=false", "-auto-approve", `-parallelism=${parallelism}`], env),
    );
  } finally {
    try {
      await sweep(clients, remotes, prefix, project);
      console.log(`fleet: swept what was left with prefix ${prefix} on every remote`);
    } finally {
      stack.cleanup();
      floors?.cleanup();
      for (const c of new Set(clients)) await c.close();
    }
  }

  const synthWall = median(synths.map((s) => s.wallMs));
  const plan = median(plans.map((p) => p.ms));
  const rest = median(rests);
  const totals = synths.map((s, i) => s.wallMs + plans[i].ms);
  const total = median(totals);
  const synthRss = Math.max(...synths.map((s) => s.peakRssMiB));
  const providerRss = Math.max(...plans.map((p) => p.providerMiB));
  const terraformRss = Math.max(...plans.map((p) => p.terraformMiB));
  const floor = /** @type {NonNullable<typeof floors>} */ (floors).report(plan, rest, "REST reads", "Incus reads");
  const where = remotes.every((r) => r.address === "unix://")
    ? `${remotes.length} remotes on the local incusd, one project each`
    : placement.join("; ");
  console.log(
    `fleet (${count} containers with volumes, ${resources} resources, ${where}; ${
      running ? "running" : "stopped"
    } containers; parallelism ${parallelism}, ${runs} runs; deploy took ${formatMs(deployMs)}, destroy ${formatMs(
      destroyMs,
    )})`,
  );
  printResult(
    {
      bench: "fleet",
      instances: count,
      resources,
      remotes: remotes.map((r) => ({ address: r.address, name: r.name, members: r.members })),
      placement,
      running,
      parallelism,
      runs,
      totalMs: Math.round(total),
      goalRatio: GOAL_RATIO,
      synthWallMs: Math.round(synthWall),
      synthInProcessMs: Math.round(median(synths.map((s) => s.buildMs + s.synthMs))),
      synthCpuMs: Math.round(median(synths.map((s) => s.cpuMs))),
      synthPeakRssMiB: Math.round(synthRss),
      planMs: Math.round(plan),
      restReadsMs: Math.round(rest),
      restRequests: requests,
      providerPeakRssMiB: Math.round(providerRss),
      terraformPeakRssMiB: Math.round(terraformRss),
      providerProcesses: plans.map((p) => p.providerProcesses),
      providerCpuMs: Math.round(median(plans.map((p) => p.providerCpuMs))),
      terraformCpuMs: Math.round(median(plans.map((p) => p.terraformCpuMs))),
      deployMs: Math.round(deployMs),
      destroyMs: Math.round(destroyMs),
      totalRunsMs: totals.map(Math.round),
      synthRunsMs: synths.map((s) => Math.round(s.wallMs)),
      planRunsMs: plans.map((p) => Math.round(p.ms)),
      restReadsRunsMs: rests.map(Math.round),
      restGetMsPerSite: sites.map((_, k) => Math.round(median(perGet.map((g) => g[k])) * 10) / 10),
      ratio: ratio(plan, rest),
      ...floor.fields,
    },
    [
      `synth + no-op plan:            ${formatMs(total)} (${spread(totals, formatMs)})`,
      `synth (fresh node process):    ${formatMs(synthWall)} (${spread(
        synths.map((s) => s.wallMs),
        formatMs,
      )}); build + app.synth() ${formatMs(median(synths.map((s) => s.buildMs + s.synthMs)))}, CPU ${formatMs(
        median(synths.map((s) => s.cpuMs)),
      )}, peak RSS ${synthRss.toFixed(0)} MiB`,
      `terraform plan (refresh):      ${formatMs(plan)} (${spread(
        plans.map((p) => p.ms),
        formatMs,
      )}; no changes); peak RSS provider ${providerRss.toFixed(0)} MiB, terraform ${terraformRss.toFixed(
        0,
      )} MiB; CPU provider ${formatMs(median(plans.map((p) => p.providerCpuMs)))}, terraform ${formatMs(
        median(plans.map((p) => p.terraformCpuMs)),
      )}`,
      `raw REST reads, ${parallelism} in flight:  ${formatMs(rest)} (${spread(rests, formatMs)}; ${requests} GETs)`,
      `  mean GET latency per site:   ${sites
        .map(
          (s, k) =>
            `${s.target ?? remotes[s.remote].name ?? `local p${s.remote}`} ${formatMs(
              median(perGet.map((g) => g[k])),
            )}`,
        )
        .join(", ")}`,
      `ratio plan / REST reads: ${ratio(plan, rest)}x (goal <= ${GOAL_RATIO}x: ${
        plan / rest <= GOAL_RATIO ? "met" : "not met"
      })`,
      ...floor.lines,
    ],
  );
}

/** Throws unless every remote's project holds its share of the containers, and every site its share of volumes. */
async function expectFleet(clients, remotes, sites, perSite, prefix, project) {
  for (let h = 0; h < remotes.length; h++) {
    const expected = sites.reduce((n, s, k) => n + (s.remote === h ? perSite[k] : 0), 0);
    const instances = await clients[h].namesWithPrefix(`${prefix}-`, undefined, project(h));
    const volumes = await clients[h].entriesWithPrefix(`${prefix}-`, TEST_POOL, project(h));
    if (instances.length !== expected || volumes.length !== expected) {
      throw new Error(
        `project ${project(h)} on ${remotes[h].address}: expected ${expected} containers and volumes, found ${
          instances.length
        } and ${volumes.length}`,
      );
    }
    sites.forEach((s, k) => {
      if (s.remote !== h || !s.target) return;
      const on = volumes.filter((v) => v.target === s.target).length;
      if (on !== perSite[k])
        throw new Error(
          `project ${project(h)} on ${remotes[h].address}: expected ${perSite[k]} volumes on member ${
            s.target
          }, found ${on}`,
        );
    });
  }
}

/** Deletes whatever is left with the prefix on every remote: containers, volumes (on their member), the projects. */
async function sweep(clients, remotes, prefix, project) {
  /** @type {string[]} */
  const failures = [];
  for (let h = 0; h < remotes.length; h++) {
    const c = clients[h];
    const p = project(h);
    try {
      try {
        await c.call("GET", `/1.0/projects/${p}`);
      } catch (err) {
        if (err.status === 404) continue;
        throw err;
      }
      await withConcurrency(await c.namesWithPrefix(`${prefix}-`, undefined, p), 10, (n) => c.deleteInstance(n, p));
      await withConcurrency(await c.entriesWithPrefix(`${prefix}-`, TEST_POOL, p), 10, (v) =>
        c.deleteVolume(TEST_POOL, v.name, p, v.target),
      );
      await c.call("DELETE", `/1.0/projects/${p}`).catch((err) => {
        if (err.status !== 404) throw err;
      });
    } catch (err) {
      failures.push(`${remotes[h].address} project ${p}: ${err.message}`); // go on with the other remotes
    }
  }
  if (failures.length) throw new Error(`cleanup left objects with prefix ${prefix}: ${failures.join("; ")}`);
}

main().catch((err) => {
  console.error(`fleet benchmark: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
