// What a benchmark variant costs incusd, in two figures that do not stretch with the load the way wall time does:
// - the API calls it makes: a proxy on a unix socket of its own, in front of incusd's, forwards every request
//   unchanged and counts it by method and path template ("GET /1.0/instances/{instance}/state"); a terraform
//   variant reaches it through INCUS_SOCKET, the REST baseline through RawIncus's socket path. The proxy adds a hop,
//   so a counting run's wall time is not a headline figure.
// - incusd's own CPU time (utime + stime of the daemon, and of the children it has waited for) between two
//   samples: the work the calls caused. The daemon is shared, so other work on it counts too.
// @ts-check
"use strict";
const { mkdtempSync, readFileSync, readdirSync, rmSync } = require("node:fs");
const http = require("node:http");
const { tmpdir } = require("node:os");
const { basename, dirname, join } = require("node:path");

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The path template of a request: query values dropped (names kept), operation ids and the benchmark's own object
 * names replaced by a placeholder (a container "<prefix>-c3" is {instance}, its volume "<prefix>-v3" {volume}).
 * @param {string} method @param {string} url
 */
function templateOf(method, url) {
  const [path, query = ""] = url.split("?");
  const segments = path.split("/").map((s) => {
    const name = decodeURIComponent(s);
    if (UUID.test(name)) return "{id}";
    if (/^t-.*-c\d+$/.test(name)) return "{instance}";
    if (/^t-.*-v\d+$/.test(name)) return "{volume}";
    if (/^t-/.test(name)) return "{name}";
    return s;
  });
  const keys = query
    .split("&")
    .filter(Boolean)
    .map((kv) => kv.split("=")[0])
    .sort();
  return `${method} ${segments.join("/")}${keys.length ? `?${keys.join("&")}` : ""}`;
}

/**
 * Starts a counting proxy in front of the incusd socket `upstream`. `counts()` returns the calls so far by template,
 * `reset()` starts a new count; `close()` stops it.
 * @param {string} upstream
 */
async function startCallCounter(upstream) {
  const dir = mkdtempSync(join(tmpdir(), "incus-calls-"));
  const socketPath = join(dir, "unix.socket");
  /** @type {Map<string, number>} */
  let counts = new Map();
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const key = templateOf(req.method ?? "?", req.url ?? "/");
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const forward = http.request(
      { agent, socketPath: upstream, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", (err) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ type: "error", error_code: 502, error: `counting proxy: ${err.message}` }));
    });
    req.pipe(forward);
  });
  await new Promise((resolve) => server.listen(socketPath, () => resolve(undefined)));
  return {
    socketPath,
    counts: () => new Map(counts),
    reset() {
      counts = new Map();
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      agent.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The counts as lines "  12.0 per container  GET /1.0/instances/{instance}", most first, with the total.
 * @param {Map<string, number>} counts @param {number} per the number of containers (or resources) to divide by
 * @param {string} unit
 */
function formatCounts(counts, per, unit) {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const lines = [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([key, n]) => `    ${String(n).padStart(5)} = ${(n / per).toFixed(2).padStart(5)} per ${unit}  ${key}`);
  return [
    `    ${String(total).padStart(5)} = ${(total / per).toFixed(2).padStart(5)} per ${unit}  (all calls)`,
    ...lines,
  ];
}

/**
 * The pid of the incusd serving `socketPath`: of the processes running the incusd executable whose INCUS_DIR is the
 * socket's directory and that take only options (its subcommands, forkstart or callhook, run as incusd too; its
 * instances' monitors are forks named "[lxc monitor]"), the oldest. Undefined when
 * there is none.
 */
function incusdPid(socketPath) {
  const want = dirname(socketPath);
  /** @type {{ pid: number, started: number } | undefined} */
  let oldest;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() !== "incusd") continue;
      const args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      // (an instance's "[lxc monitor] …" process is a fork of incusd too, with its command line rewritten)
      if (basename(args[0] ?? "") !== "incusd" || (args[1] && !args[1].startsWith("-"))) continue;
      const env = readFileSync(`/proc/${entry}/environ`, "utf8").split("\0");
      const dir = env.find((e) => e.startsWith("INCUS_DIR="))?.slice("INCUS_DIR=".length) ?? "/var/lib/incus";
      if (dir !== want) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const started = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]); // field 22: start time
      if (!oldest || started < oldest.started) oldest = { pid: Number(entry), started };
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return oldest?.pid;
}

/**
 * CPU time (ms) of incusd so far: its own and that of the children it has waited for (forkstart, the image
 * unpacking...). NaN when the daemon cannot be found.
 * @param {number | undefined} pid
 */
function incusdCpuMs(pid) {
  const t = incusdCpuTicks(pid);
  return ((t.own + t.children) / TICKS_PER_SECOND) * 1000;
}

/**
 * CPU time (ms) of the children incusd has waited for. Reads need none, except on Incus 6.0 once it has read a
 * container's network state through `incusd forknet info` (after a netlink read failed, e.g. of a running
 * container without a NIC): from then on every /state read of a running container runs one, until incusd restarts.
 * @param {number | undefined} pid
 */
function incusdChildrenCpuMs(pid) {
  return (incusdCpuTicks(pid).children / TICKS_PER_SECOND) * 1000;
}

/** @param {number | undefined} pid @returns {{ own: number, children: number }} NaN each when not found */
function incusdCpuTicks(pid) {
  if (pid === undefined) return { own: NaN, children: NaN };
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime, stime, cutime, cstime are fields 14-17 (11-14 after the command name).
    return { own: Number(f[11]) + Number(f[12]), children: Number(f[13]) + Number(f[14]) };
  } catch {
    return { own: NaN, children: NaN };
  }
}

/**
 * Memory cgroups the kernel still keeps for containers that are gone ("dying": each started container leaves its
 * memory cgroup behind while page cache or slab objects are still charged to it, and with no memory pressure they
 * stay). cgroup v1: the memory controller's count in /proc/cgroups minus the cgroup directories that exist; v2:
 * nr_dying_descendants of the root. NaN when neither can be read.
 */
function dyingMemoryCgroups() {
  try {
    const v2 = readFileSync("/sys/fs/cgroup/cgroup.stat", "utf8");
    return Number(/nr_dying_descendants (\d+)/.exec(v2)?.[1] ?? NaN);
  } catch {
    // not cgroup v2
  }
  try {
    const line = readFileSync("/proc/cgroups", "utf8")
      .split("\n")
      .find((l) => l.startsWith("memory\t"));
    const total = Number(line?.split("\t")[2]);
    const live = (/** @type {string} */ dir) => {
      let n = 1;
      for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isDirectory()) n += live(join(dir, e.name));
      return n;
    };
    return total - live("/sys/fs/cgroup/memory");
  } catch {
    return NaN;
  }
}

/**
 * What the daemon holds when a run starts (objects it walks for some calls: a custom volume's used_by lists every
 * instance that uses it): instances in every project and volumes of every kind on `pool`; and the kernel's dying
 * memory cgroups, which every container start and delete adds to.
 * @param {import("../rest-baseline/rest-client").RawIncus} raw @param {string} pool
 */
async function daemonCensus(raw, pool) {
  const count = async (/** @type {string} */ path) => {
    try {
      return ((await raw.call("GET", path)).metadata ?? []).length;
    } catch {
      return NaN;
    }
  };
  const [instances, volumes] = await Promise.all([
    count("/1.0/instances?all-projects=true"),
    count(`/1.0/storage-pools/${pool}/volumes?all-projects=true`),
  ]);
  return { instances, volumes, dyingMemoryCgroups: dyingMemoryCgroups() };
}

module.exports = {
  daemonCensus,
  dyingMemoryCgroups,
  formatCounts,
  incusdChildrenCpuMs,
  incusdCpuMs,
  incusdPid,
  startCallCounter,
  templateOf,
};
