#!/usr/bin/env node
// Provider start-up: median time from spawning a bundled provider (started the way Terraform starts it: the
// executable file itself, with magic cookie, protocol versions and a client certificate for mTLS in this
// process's environment) to its handshake line on stdout, against the time of a bare `node -e 0`. The headline
// baseline runs node in the environment the provider's launcher gives node (the launcher moves NODE_EXTRA_CA_CERTS
// aside, see lib/provider/plugin/launcher.sh), so the ratio is like for like; a second baseline is plain
// `node -e 0` in the caller's environment as it is (with NODE_EXTRA_CA_CERTS when set, which Node 20 parses at
// every start). Terraform starts each provider 3-5 times per command, so this is paid on every plan. Measured for
// the three ways a start is served: node started for it, the warm provider process the launcher hands it to, and
// the first start after idle (the launcher starts the warm process, as for a command's first start after 2 s).
// Every run measures the baselines and the provider starts back to back, so they share the machine's load.
//
// Usage: node bench/provider-startup.js [--runs 20] [--type testfs|incus|libvirt] [--quick]
// @ts-check
"use strict";
const { spawn, spawnSync } = require("node:child_process");
const { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { join } = require("node:path");

const { loadTs } = require("./support/load-ts");
const { flag, median, option, printResult, spread } = require("./support/report");
const { handleInterrupts, throwIfInterrupted } = require("./support/interrupt");

const root = join(__dirname, "..");
const msText = (/** @type {number} */ v) => `${v.toFixed(1)} ms`;
const runs = Number(option("runs", flag("quick") ? "2" : "20"));
const type = option("type", "testfs");
const bundle = join(root, "dist", "providers", `terraform-provider-${type}.js`);
const MAGIC = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

function ensureBundle() {
  if (existsSync(bundle)) return;
  const r = spawnSync(process.execPath, [join(root, "scripts", "bundle-providers.js"), type], { stdio: "inherit" });
  if (r.status !== 0 || !existsSync(bundle)) throw new Error(`cannot bundle the ${type} provider (${bundle})`);
}

/** A client certificate like the one Terraform passes in PLUGIN_CLIENT_CERT (made with the project's own code). */
let certModule;
function clientCert() {
  certModule ??= loadTs("lib/provider/plugin/cert.ts");
  return certModule.generateSelfSignedCert();
}

/** CPU time (user + system) a process has used so far, from /proc (10 ms ticks on Linux); undefined elsewhere. */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/**
 * Time until the provider has printed its handshake line, and until it has answered a first RPC the way Terraform
 * gets it: handshake, mTLS connection, GetProviderSchema; then GRPCController.Shutdown. Every start is ended so, as
 * Terraform ends it: a launcher killed before its connection is a killed Terraform, which a warm process does not
 * stay for (it retires at once).
 * @param {NodeJS.ProcessEnv} env
 * @param {{ certPem: string, keyPem: string }} cert
 * @param {() => number | undefined} [serverPid] the process whose CPU time to report (default: the started one)
 */
function timeToFirstAnswer(env, cert, serverPid = () => undefined) {
  const http2 = require("node:http2");
  const tls = require("node:tls");
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(bundle, [], { env, stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.on("error", reject);
    child.stdout.on("data", (d) => {
      if (out.includes("\n")) return;
      out += d;
      if (!out.includes("\n")) return;
      const handshakeMs = Number(process.hrtime.bigint() - started) / 1e6;
      if (!/^1\|6\|unix\|[^|]+\|grpc\|[A-Za-z0-9+/]+$/.test(out.trim())) {
        child.kill("SIGTERM");
        reject(new Error(`bad handshake line: ${out}`));
        return;
      }
      const f = out.trim().split("|");
      // (toPem: a body cut into 64-character lines by hand leaves an empty line before the END line when the
      // certificate is 432 bytes, one in ~200 of them, and OpenSSL then loads no CA at all)
      certModule ??= loadTs("lib/provider/plugin/cert.ts");
      const ca = certModule.toPem("CERTIFICATE", Buffer.from(f[5], "base64"));
      const session = http2.connect("https://localhost", {
        createConnection: () =>
          tls.connect({
            path: f[3],
            servername: "localhost",
            ca,
            cert: cert.certPem,
            key: cert.keyPem,
            ALPNProtocols: ["h2"],
          }),
      });
      session.on("error", reject);
      const call = (path) =>
        new Promise((res, rej) => {
          const req = session.request({ ":method": "POST", ":path": path, "content-type": "application/grpc" });
          req.on("error", rej);
          req.resume();
          req.on("end", res);
          req.end(Buffer.alloc(5));
        });
      call("/tfplugin6.Provider/GetProviderSchema").then(() => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        // The provider's own CPU time (node started per start; for a warm start this is the launcher's).
        const pid = serverPid() ?? child.pid;
        const cpuMs = pid === undefined ? undefined : cpuMsOf(pid);
        child.on("exit", () => resolve({ handshakeMs, ms, cpuMs }));
        call("/plugin.GRPCController/Shutdown").finally(() => session.close());
      }, reject);
    });
  });
}

/** The warm provider processes started with TMPDIR=`dir` (their pids, from the lines they publish). */
function warmPids(dir) {
  const base = join(dir, `cdktf-virt-providers-${process.getuid?.() ?? 0}`);
  if (!existsSync(base)) return [];
  return readdirSync(base).flatMap((key) => {
    try {
      return [Number(readFileSync(join(base, key, "line"), "utf8").split(" ")[0])];
    } catch {
      return [];
    }
  });
}

/** True while `pid` runs (not a zombie). */
function alive(pid) {
  try {
    return !/^[ZX]/.test(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]);
  } catch {
    return false;
  }
}

/** Stops the warm processes of `dir` (SIGTERM: they retire at once) and waits until they are gone. */
async function stopWarmProcesses(dir) {
  for (const pid of warmPids(dir)) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      continue;
    }
    while (alive(pid)) await new Promise((r) => setTimeout(r, 5));
  }
}

function timeToExit(cmdArgs, env) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, cmdArgs, { env, stdio: "ignore" });
    child.on("exit", () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
    child.on("error", reject);
  });
}

async function main() {
  handleInterrupts();
  ensureBundle();
  /** @type {NodeJS.ProcessEnv} */
  const base = {
    ...process.env,
    TF_PLUGIN_MAGIC_COOKIE: MAGIC,
    PLUGIN_PROTOCOL_VERSIONS: "5,6",
    PLUGIN_MIN_PORT: "10000",
    PLUGIN_MAX_PORT: "25000",
  };
  delete base.TF_LOG;
  delete base.TF_LOG_PROVIDER;
  const tmp = mkdtempSync(join(tmpdir(), "bench-startup-"));
  const coldTmp = mkdtempSync(join(tmpdir(), "bench-startup-cold-"));
  // Two ways a start is served: node started for it, or a warm provider process (the launcher's default, which
  // Terraform meets from its second start of a command on). Each start gets its own client certificate.
  const modes = [
    {
      key: "node",
      label: "node started per start (CDKTF_VIRT_PROVIDER_REUSE=0)",
      env: { ...base, CDKTF_VIRT_PROVIDER_REUSE: "0" },
    },
    {
      key: "nodeNoCodeCache",
      label: "node started per start, without the V8 code cache (CDKTF_VIRT_PROVIDER_CODE_CACHE=0)",
      env: { ...base, CDKTF_VIRT_PROVIDER_REUSE: "0", CDKTF_VIRT_PROVIDER_CODE_CACHE: "0" },
    },
    { key: "warm", label: "warm provider process (default)", env: { ...base, TMPDIR: tmp } },
    {
      key: "cold",
      label: "first start after idle (the launcher starts the warm process; stopped after each start)",
      env: { ...base, TMPDIR: coldTmp },
    },
  ];
  const withCert = (env) => {
    const cert = clientCert();
    return { cert, env: { ...env, PLUGIN_CLIENT_CERT: cert.certPem } };
  };
  // The environment the launcher hands node: NODE_EXTRA_CA_CERTS moved aside (Node 20 parses that file at every
  // start). The plain baseline is the caller's environment as it is.
  const launcherEnv = { ...base };
  if (launcherEnv.NODE_EXTRA_CA_CERTS) {
    launcherEnv.CDKTF_VIRT_NODE_EXTRA_CA_CERTS = launcherEnv.NODE_EXTRA_CA_CERTS;
    delete launcherEnv.NODE_EXTRA_CA_CERTS;
  }
  /** @type {Record<string, { handshake: number[], cpu: number[], answered: number[] }>} */
  const results = {};
  try {
    for (const m of modes) {
      // Warms the file cache and the warm process, and writes the code cache (when a start ends, or half a second
      // after it began).
      const warmUp = withCert(m.env);
      await timeToFirstAnswer(warmUp.env, warmUp.cert);
      if (m.key === "cold") await stopWarmProcesses(coldTmp);
      results[m.key] = { handshake: [], cpu: [], answered: [] };
    }
    await timeToExit(["-e", "0"], launcherEnv);
    /** @type {number[]} */
    const baseline = [];
    /** @type {number[]} */
    const plain = [];
    for (let i = 0; i < runs; i++) {
      throwIfInterrupted();
      baseline.push(await timeToExit(["-e", "0"], launcherEnv));
      plain.push(await timeToExit(["-e", "0"], base));
      for (const m of modes) {
        const shaken = withCert(m.env);
        results[m.key].handshake.push((await timeToFirstAnswer(shaken.env, shaken.cert)).handshakeMs);
        if (m.key === "cold") await stopWarmProcesses(coldTmp);
        const started = withCert(m.env);
        const cold = m.key === "cold";
        // (cold: the warm process's CPU time, read as the answer arrives: node boot to the first answer)
        const answered = await timeToFirstAnswer(started.env, started.cert, () =>
          cold ? warmPids(coldTmp)[0] : undefined,
        );
        if (cold) await stopWarmProcesses(coldTmp);
        results[m.key].answered.push(answered.ms);
        if (answered.cpuMs !== undefined) results[m.key].cpu.push(answered.cpuMs);
      }
    }
    const b = median(baseline);
    const pl = median(plain);
    const extraCa = base.NODE_EXTRA_CA_CERTS
      ? `NODE_EXTRA_CA_CERTS=${base.NODE_EXTRA_CA_CERTS}`
      : "NODE_EXTRA_CA_CERTS not set";
    const lines = [
      `baseline: \`node -e 0\` in the launcher's environment (no NODE_EXTRA_CA_CERTS), median ${b.toFixed(
        1,
      )} ms (${spread(baseline, msText)})`,
      `plain \`node -e 0\` in the caller's environment (${extraCa}), median ${pl.toFixed(1)} ms (${spread(
        plain,
        msText,
      )})`,
    ];
    /** @type {Record<string, unknown>} */
    const summary = {
      bench: "provider-startup",
      type,
      runs,
      nodeExtraCaCertsSet: Boolean(base.NODE_EXTRA_CA_CERTS),
      nodeBaselineMedianMs: +b.toFixed(1),
      plainNodeMedianMs: +pl.toFixed(1),
    };
    for (const m of modes) {
      const hs = results[m.key].handshake;
      const as = results[m.key].answered;
      const h = median(hs);
      const a = median(as);
      lines.push(`${m.label}:`);
      lines.push(
        `  spawn -> handshake line, median: ${h.toFixed(1)} ms (${spread(hs, msText)}), ${(h / b).toFixed(
          2,
        )}x node in the same environment, ${(h / pl).toFixed(2)}x plain node`,
      );
      const cpu = results[m.key].cpu;
      if (m.key !== "warm" && cpu.length > 0) {
        lines.push(
          `  CPU time of the provider process by the first RPC's answer, median: ${median(cpu).toFixed(0)} ms (${spread(cpu, msText)})`,
        );
        summary[`${m.key}FirstAnswerCpuMs`] = median(cpu);
      }
      lines.push(
        `  spawn -> first RPC answered (mTLS + GetProviderSchema), median: ${a.toFixed(1)} ms (${spread(as, msText)})`,
      );
      Object.assign(summary, {
        [`${m.key}HandshakeMedianMs`]: +h.toFixed(1),
        [`${m.key}FirstAnswerMedianMs`]: +a.toFixed(1),
        [`${m.key}Ratio`]: +(h / b).toFixed(2),
        [`${m.key}RatioVsPlainNode`]: +(h / pl).toFixed(2),
      });
    }
    const cpuWith = results.node.cpu;
    const cpuWithout = results.nodeNoCodeCache.cpu;
    if (cpuWith.length > 0 && cpuWithout.length > 0) {
      summary.codeCacheCpuRatio = +(median(cpuWith) / median(cpuWithout)).toFixed(2);
      lines.push(`CPU to the first RPC's answer with / without the code cache: ${summary.codeCacheCpuRatio}x`);
    }
    summary.ratio = summary.nodeRatio; // the cold path: what every start costs without a warm process
    console.log(`provider-startup (${type}, ${runs} runs)`);
    printResult(summary, lines);
  } finally {
    await stopWarmProcesses(coldTmp);
    rmSync(tmp, { recursive: true, force: true });
    rmSync(coldTmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
