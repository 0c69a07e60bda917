#!/usr/bin/env node
// @ts-check
"use strict";
// An image change on N containers (default 10): `terraform apply` with the bundled provider (a) rebuilding each
// container in place (its config records user.cdktf-virt.image-change = "rebuild") and (b) replacing it (no record:
// delete + create, as with the official provider), against the same change over raw REST with the same concurrency as
// terraform's -parallelism (stop, POST /1.0/instances/<name>/rebuild with the new image, start). The new image is a
// copy of the test image published under another alias, so its fingerprint differs and the change is real.
//
// Every variant starts from N running containers built from the test image (not timed: terraform builds its own, the
// REST variant launches them), and is verified before its time counts: every container running on the new image;
// after (a) and REST the same instance (volatile.uuid, the NIC's MAC), after (b) a new one; for terraform also
// `terraform plan` after the apply reports no changes. Each of the --runs rounds (default 3) runs the variants in a
// rotated order; medians are compared and the spread (min–max) printed next to them.
//
// incusd's CPU time during each timed part is recorded too (bench/support/incus-calls.js; the daemon is shared).
//
// Usage: node bench/rebuild.js [--containers 10] [--parallelism 10] [--runs 3] [--quick] [--count-calls]
// (--count-calls sends every variant through a counting proxy and prints the API calls of its timed part per
// container by method and path; the proxy adds a hop, so the times of such a run are not headline figures.)
const { RawIncus, withConcurrency } = require("./rest-baseline/rest-client");
const { requiredProvider } = require("./support/hcl");
const { TEST_IMAGE, TEST_POOL, requireDaemon, uniquePrefix, workspace } = require("./support/incus-stack");
const { formatCounts, incusdCpuMs, incusdPid, startCallCounter } = require("./support/incus-calls");
const { flag, formatMs, loadAverage, median, option, printResult, ratio, spread, timed } = require("./support/report");
const { handleInterrupts } = require("./support/interrupt");

/**
 * HCL for `count` containers from `image`, each with a NIC (so it has a MAC to keep), rebuilt in place on an image
 * change when `rebuild`, replaced otherwise.
 * @param {string} prefix @param {number} count @param {string} image @param {boolean} rebuild
 */
function containersHcl(prefix, count, image, rebuild) {
  const record = rebuild ? `, "user.cdktf-virt.image-change" = "rebuild"` : "";
  return `${requiredProvider("incus")}provider "incus" {}

resource "incus_instance" "c" {
  count  = ${count}
  name   = "${prefix}-c\${count.index}"
  image  = "${image}"
  config = { "user.cdktf-virt.owner" = "${prefix}/c\${count.index}"${record} }
  device {
    name       = "root"
    type       = "disk"
    properties = { path = "/", pool = "${TEST_POOL}" }
  }
  device {
    name       = "eth0"
    type       = "nic"
    properties = { nictype = "p2p" }
  }
}
`;
}

/** @param {string} prefix @param {number} count */
const containerNames = (prefix, count) => [...Array(count).keys()].map((i) => `${prefix}-c${i}`);

/**
 * Identity of each container: volatile.uuid, the NIC's MAC and the image it was built from.
 * @param {RawIncus} raw @param {string[]} names
 * @returns {Promise<{ uuid: string, mac: string, image: string, status: string }[]>}
 */
async function identities(raw, names) {
  return Promise.all(
    names.map(async (n) => {
      const c = (await raw.getInstance(n)).metadata;
      return {
        uuid: c.config["volatile.uuid"],
        mac: c.config["volatile.eth0.hwaddr"],
        image: c.config["volatile.base_image"],
        status: c.status,
      };
    }),
  );
}

/**
 * Throws unless every container runs on `fingerprint` and is the same instance as before (`same`) or a new one.
 * @param {Awaited<ReturnType<typeof identities>>} before @param {Awaited<ReturnType<typeof identities>>} after
 * @param {string} fingerprint @param {boolean} same @param {string} variant
 */
function expectChanged(before, after, fingerprint, same, variant) {
  after.forEach((a, i) => {
    const b = before[i];
    const problem =
      a.status !== "Running"
        ? `is ${a.status}`
        : a.image !== fingerprint
          ? `runs image ${a.image}, not the new ${fingerprint}`
          : !a.uuid || !a.mac
            ? "has no volatile.uuid or MAC"
            : same && (a.uuid !== b.uuid || a.mac !== b.mac)
              ? `is a new instance (uuid ${b.uuid} → ${a.uuid}, MAC ${b.mac} → ${a.mac})`
              : !same && a.uuid === b.uuid
                ? `is still the same instance (uuid ${a.uuid})`
                : "";
    if (problem) throw new Error(`${variant}: container ${i} ${problem}`);
  });
}

/**
 * (a) or (b): terraform builds the containers from the test image, then the timed apply moves them to `image`.
 * @param {RawIncus} raw @param {string} prefix @param {number} count @param {number} parallelism
 * @param {{ alias: string, fingerprint: string }} image @param {boolean} rebuild @param {Daemon} daemon
 */
async function viaTerraform(raw, prefix, count, parallelism, image, rebuild, daemon) {
  const ws = workspace(prefix, daemon.counter ? { INCUS_SOCKET: daemon.counter.socketPath } : {});
  const variant = rebuild ? "terraform rebuild" : "terraform replace";
  try {
    ws.write("main.tf", containersHcl(prefix, count, TEST_IMAGE, rebuild));
    await ws.init();
    await ws.apply([`-parallelism=${parallelism}`]);
    const names = containerNames(prefix, count);
    const before = await identities(raw, names);
    ws.write("main.tf", containersHcl(prefix, count, image.alias, rebuild));
    const load = loadAverage();
    daemon.counter?.reset();
    const incusdBefore = incusdCpuMs(daemon.pid);
    const [ms] = await timed(() => ws.apply([`-parallelism=${parallelism}`]));
    const incusdMs = incusdCpuMs(daemon.pid) - incusdBefore;
    const calls = daemon.counter?.counts();
    expectChanged(before, await identities(raw, names), image.fingerprint, rebuild, variant);
    const plan = await ws.plan([`-parallelism=${parallelism}`]);
    if (plan.code !== 0)
      throw new Error(`${variant}: the plan right after the apply is not empty (exit ${plan.code}):\n${plan.output}`);
    await ws.destroy();
    return { ms, load, incusdMs, calls };
  } finally {
    await deleteAll(raw, prefix);
    ws.cleanup();
  }
}

/**
 * The baseline: containers launched over REST from the test image, then the timed rebuild with `parallelism` in
 * flight, each the calls the provider makes for it: stop, rebuild, start.
 * @param {RawIncus} raw @param {string} prefix @param {number} count @param {number} parallelism
 * @param {{ alias: string, fingerprint: string }} image @param {Daemon} daemon
 */
async function viaRest(raw, prefix, count, parallelism, image, daemon) {
  const names = containerNames(prefix, count);
  const client = daemon.counter ? new RawIncus(daemon.counter.socketPath) : raw;
  try {
    await withConcurrency(names, parallelism, (name) =>
      raw.launchContainer(name, {
        image: TEST_IMAGE,
        config: { "user.cdktf-virt.owner": name },
        devices: {
          root: { type: "disk", path: "/", pool: TEST_POOL },
          eth0: { type: "nic", nictype: "p2p" },
        },
      }),
    );
    const before = await identities(raw, names);
    const requestsBefore = client.requests;
    daemon.counter?.reset();
    const incusdBefore = incusdCpuMs(daemon.pid);
    const [ms] = await timed(() =>
      withConcurrency(names, parallelism, async (name) => {
        await client.operation("PUT", `/1.0/instances/${name}/state`, { action: "stop", timeout: 30 });
        await client.operation("POST", `/1.0/instances/${name}/rebuild`, {
          source: { type: "image", alias: image.alias },
        });
        await client.operation("PUT", `/1.0/instances/${name}/state`, { action: "start", timeout: 30 });
      }),
    );
    const incusdMs = incusdCpuMs(daemon.pid) - incusdBefore;
    const calls = daemon.counter?.counts();
    const requests = client.requests - requestsBefore;
    expectChanged(before, await identities(raw, names), image.fingerprint, true, "REST rebuild");
    return { ms, requests, incusdMs, calls };
  } finally {
    if (client !== raw) await client.close();
    await deleteAll(raw, prefix);
  }
}

/** @param {RawIncus} raw @param {string} prefix */
async function deleteAll(raw, prefix) {
  await withConcurrency(await raw.namesWithPrefix(`${prefix}-`), 10, (n) => raw.deleteInstance(n));
}

/**
 * The second image: a container from the test image, stopped and published under `alias` with a property of its
 * own, so it has another fingerprint. Returns its alias and fingerprint.
 * @param {RawIncus} raw @param {string} prefix
 */
async function publishCopy(raw, prefix) {
  const builder = `${prefix}-builder`;
  const alias = `${prefix}-img`;
  try {
    await raw.operation("POST", "/1.0/instances", {
      name: builder,
      type: "container",
      source: { type: "image", alias: TEST_IMAGE },
      devices: { root: { type: "disk", path: "/", pool: TEST_POOL } },
    });
    const done = await raw.operation("POST", "/1.0/images", {
      source: { type: "instance", name: builder },
      properties: { description: `copy of ${TEST_IMAGE} for the rebuild benchmark`, "cdktf-virt.copy": prefix },
    });
    /** @type {string} */
    const fingerprint = done.metadata?.metadata?.fingerprint;
    const original = (await raw.call("GET", `/1.0/images/aliases/${TEST_IMAGE}`)).metadata.target;
    if (!fingerprint || fingerprint === original)
      throw new Error(`the published copy has fingerprint ${fingerprint}, the test image ${original}`);
    await raw.call("POST", "/1.0/images/aliases", { name: alias, target: fingerprint });
    return { alias, fingerprint };
  } finally {
    await raw.deleteInstance(builder);
  }
}

/** @param {RawIncus} raw @param {string} fingerprint */
async function deleteImage(raw, fingerprint) {
  await raw.operation("DELETE", `/1.0/images/${fingerprint}`).catch((err) => {
    if (err.status !== 404) throw err;
  });
}

/**
 * The daemon a run measures: its pid (for its CPU time) and, with --count-calls, the counting proxy in front of it.
 * @typedef {{ pid: number | undefined, counter?: Awaited<ReturnType<typeof startCallCounter>> }} Daemon
 */

const VARIANTS = ["rebuild", "replace", "rest"];

async function main() {
  handleInterrupts();
  const quick = flag("quick");
  const count = Number(option("containers", quick ? "2" : "10"));
  const parallelism = Number(option("parallelism", "10"));
  const runs = Number(option("runs", quick ? "1" : "3"));
  const raw = new RawIncus();
  await requireDaemon(raw);
  /** @type {Daemon} */
  const daemon = {
    pid: incusdPid(raw.socketPath),
    counter: flag("count-calls") ? await startCallCounter(raw.socketPath) : undefined,
  };
  /** @type {Record<string, number[]>} incusd CPU (ms) of each timed part */
  const incusd = { rebuild: [], replace: [], rest: [] };
  /** @type {Record<string, Map<string, number> | undefined>} */
  const calls = {};
  /** @type {Record<string, number[]>} */
  const times = { rebuild: [], replace: [], rest: [] };
  /** @type {Record<string, number[]>} */
  const loads = { rebuild: [], replace: [] };
  let requests = 0;
  /** @type {{ alias: string, fingerprint: string } | undefined} */
  let image;
  try {
    image = await publishCopy(raw, uniquePrefix("rebuild"));
    for (let run = 0; run < runs; run++) {
      const order = VARIANTS.map((_, i) => VARIANTS[(i + run) % VARIANTS.length]);
      for (const variant of order) {
        const prefix = uniquePrefix(`rebuild-${variant}`);
        if (variant === "rest") {
          const r = await viaRest(raw, prefix, count, parallelism, image, daemon);
          times.rest.push(r.ms);
          incusd.rest.push(r.incusdMs);
          calls.rest = r.calls;
          requests = r.requests;
        } else {
          const r = await viaTerraform(raw, prefix, count, parallelism, image, variant === "rebuild", daemon);
          times[variant].push(r.ms);
          incusd[variant].push(r.incusdMs);
          calls[variant] = r.calls;
          loads[variant].push(r.load);
        }
      }
    }
  } finally {
    if (image) await deleteImage(raw, image.fingerprint);
    await daemon.counter?.close();
    await raw.close();
  }
  const m = Object.fromEntries(VARIANTS.map((v) => [v, median(times[v])]));
  const s = (/** @type {string} */ v) => spread(times[v], formatMs);
  const perRun = (/** @type {string} */ v) =>
    times[v].map((ms, i) => `${formatMs(ms)} at load ${loads[v][i]}`).join(", ");
  console.log(
    `rebuild (image change on ${count} containers, parallelism ${parallelism}, ${runs} run(s) in rotating order; medians, spread min–max)`,
  );
  printResult(
    {
      bench: "rebuild",
      containers: count,
      parallelism,
      runs,
      rebuildMs: Math.round(m.rebuild),
      replaceMs: Math.round(m.replace),
      restMs: Math.round(m.rest),
      rebuildRunsMs: times.rebuild.map(Math.round),
      replaceRunsMs: times.replace.map(Math.round),
      restRunsMs: times.rest.map(Math.round),
      restRequests: requests,
      incusdCpuMs: Object.fromEntries(VARIANTS.map((v) => [v, Math.round(median(incusd[v]))])),
      ...Object.fromEntries(
        Object.entries(calls).flatMap(([v, c]) => (c ? [[`${v}Calls`, Object.fromEntries(c)]] : [])),
      ),
      sameInstanceAfterRebuild: true,
      newInstanceAfterReplace: true,
      planAfterApplyEmpty: true,
      ratio: ratio(m.rebuild, m.rest),
      replaceRatio: ratio(m.replace, m.rest),
      rebuildVsReplace: ratio(m.rebuild, m.replace),
    },
    [
      `${"terraform apply, rebuild in place:".padEnd(40)}${formatMs(m.rebuild)} (${s("rebuild")}; same uuid and MAC; per run: ${perRun("rebuild")})`,
      `${"terraform apply, replace:".padEnd(40)}${formatMs(m.replace)} (${s("replace")}; new instances; per run: ${perRun("replace")})`,
      `${`raw REST rebuild, ${parallelism} at a time:`.padEnd(40)}${formatMs(m.rest)} (${s("rest")}; ${requests} API calls: stop, rebuild, start)`,
      `ratio rebuild / REST: ${ratio(m.rebuild, m.rest)}x; replace / REST: ${ratio(m.replace, m.rest)}x; rebuild / replace: ${ratio(m.rebuild, m.replace)}x; plans after apply empty`,
      `incusd CPU of the timed part (median): ${VARIANTS.map((v) => `${v} ${formatMs(median(incusd[v]))}`).join(", ")}`,
      ...Object.entries(calls).flatMap(([v, c]) =>
        c ? [`API calls of the ${v} variant (last run):`, ...formatCounts(c, count, "container")] : [],
      ),
    ],
  );
}

main().catch((err) => {
  console.error(`rebuild benchmark: ${err instanceof Error ? err.stack : err}`);
  process.exit(1);
});
