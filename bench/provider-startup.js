#!/usr/bin/env node
// Provider start-up: median time from spawning a bundled provider (started the way Terraform starts it: the
// executable file itself, with magic cookie, protocol versions and a client certificate for mTLS in this
// process's environment) to its handshake line on stdout, against the time of a bare `node -e 0` in the same
// environment. Terraform starts each provider 3-5 times per command, so this is paid on every plan.
//
// Usage: node bench/provider-startup.js [--runs N] [--type testfs|incus|libvirt]
"use strict";
const { spawn, spawnSync } = require("node:child_process");
const { existsSync } = require("node:fs");
const { join } = require("node:path");

const root = join(__dirname, "..");
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const runs = Number(opt("runs", "20"));
const type = opt("type", "testfs");
const bundle = join(root, "dist", "providers", `terraform-provider-${type}.js`);
const MAGIC = "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2";

function ensureBundle() {
  if (existsSync(bundle)) return;
  const r = spawnSync(process.execPath, [join(root, "scripts", "bundle-providers.js"), type], { stdio: "inherit" });
  if (r.status !== 0 || !existsSync(bundle)) throw new Error(`cannot bundle the ${type} provider (${bundle})`);
}

/** A client certificate like the one Terraform passes in PLUGIN_CLIENT_CERT (made with the project's own code). */
function clientCert() {
  const esbuild = require("esbuild");
  const out = esbuild.buildSync({
    entryPoints: [join(root, "lib", "provider", "plugin", "cert.ts")],
    bundle: true,
    platform: "node",
    format: "cjs",
    write: false,
  });
  const m = { exports: {} };
  new Function("module", "exports", "require", out.outputFiles[0].text)(m, m.exports, require);
  return m.exports.generateSelfSignedCert();
}

function timeToHandshake(env) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(bundle, [], { env, stdio: ["ignore", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (!out.includes("\n")) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (!/^1\|6\|unix\|[^|]+\|grpc\|[A-Za-z0-9+/]+$/.test(out.trim())) reject(new Error(`bad handshake line: ${out}`));
      child.kill("SIGTERM");
      child.on("exit", () => resolve(ms));
    });
    child.on("error", reject);
  });
}

/**
 * Time until the provider has answered a first RPC the way Terraform gets it: handshake, mTLS connection,
 * GetProviderSchema; then GRPCController.Shutdown.
 */
function timeToFirstAnswer(env, cert) {
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
      const f = out.trim().split("|");
      const b64 = Buffer.from(f[5], "base64").toString("base64").replace(/.{64}/g, "$&\n");
      const ca = `-----BEGIN CERTIFICATE-----\n${b64}\n-----END CERTIFICATE-----\n`;
      const session = http2.connect("https://localhost", {
        createConnection: () => tls.connect({ path: f[3], servername: "localhost", ca, cert: cert.certPem, key: cert.keyPem, ALPNProtocols: ["h2"] }),
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
        child.on("exit", () => resolve(ms));
        call("/plugin.GRPCController/Shutdown").finally(() => session.close());
      }, reject);
    });
  });
}

function timeToExit(cmdArgs, env) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, cmdArgs, { env, stdio: "ignore" });
    child.on("exit", () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
    child.on("error", reject);
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  ensureBundle();
  const env = {
    ...process.env,
    TF_PLUGIN_MAGIC_COOKIE: MAGIC,
    PLUGIN_PROTOCOL_VERSIONS: "5,6",
    PLUGIN_MIN_PORT: "10000",
    PLUGIN_MAX_PORT: "25000",
  };
  const cert = clientCert();
  env.PLUGIN_CLIENT_CERT = cert.certPem;
  delete env.TF_LOG;
  delete env.TF_LOG_PROVIDER;
  await timeToHandshake(env); // warm the file cache
  await timeToExit(["-e", "0"], env);
  // Node 20 parses the NODE_EXTRA_CA_CERTS file at every start; the bundled providers move it aside first.
  const bareEnv = { ...env };
  delete bareEnv.NODE_EXTRA_CA_CERTS;
  const provider = [];
  const baseline = [];
  const bare = [];
  const answered = [];
  for (let i = 0; i < runs; i++) {
    baseline.push(await timeToExit(["-e", "0"], env));
    if (env.NODE_EXTRA_CA_CERTS) bare.push(await timeToExit(["-e", "0"], bareEnv));
    provider.push(await timeToHandshake(env));
    answered.push(await timeToFirstAnswer(env, cert));
  }
  const p = median(provider);
  const b = median(baseline);
  const a = median(answered);
  console.log(`provider-startup (${type}, ${runs} runs)`);
  console.log(`  spawn -> handshake line, median: ${p.toFixed(1)} ms (min ${Math.min(...provider).toFixed(1)})`);
  console.log(`  bare \`node -e 0\`, median:        ${b.toFixed(1)} ms` + (env.NODE_EXTRA_CA_CERTS ? " (NODE_EXTRA_CA_CERTS is set)" : ""));
  if (bare.length) console.log(`  bare \`node -e 0\` without NODE_EXTRA_CA_CERTS, median: ${median(bare).toFixed(1)} ms`);
  console.log(`  ratio: ${(p / b).toFixed(2)}x, overhead over bare node: ${(p - b).toFixed(1)} ms`);
  console.log(`  spawn -> first RPC answered (mTLS + GetProviderSchema), median: ${a.toFixed(1)} ms`);
  console.log(JSON.stringify({ bench: "provider-startup", type, runs, handshakeMedianMs: +p.toFixed(1), firstAnswerMedianMs: +a.toFixed(1), nodeBaselineMedianMs: +b.toFixed(1), ...(bare.length ? { nodeWithoutExtraCaMedianMs: +median(bare).toFixed(1) } : {}), ratio: +(p / b).toFixed(2) }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
