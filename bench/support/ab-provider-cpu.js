#!/usr/bin/env node
// The provider's CPU per resource with two (or more) builds of the incus provider, measured interleaved (A B B A A B
// ...), so all meet the same load on a busy machine: CPU seconds of the provider processes (bench/support/processes.js) per
// `terraform plan` of a deployed stack (both workspaces track the same objects: B gets A's state), or per
// `terraform apply` of a new stack. Wall time is printed for reference only.
//
// plan-no-refresh measures `terraform plan -refresh=false` of the deployed stack: what a plan costs the provider apart
// from the refresh (start-up, schema, validation, planning).
//
// Usage: node bench/support/ab-provider-cpu.js plan|plan-no-refresh|apply A.js B.js [C.js ...] [--containers 20] [--runs 4]
//   [--parallelism 10] [--b-env NAME=VALUE] [--stopped | --without-nic]
// (more than two builds: C, D, ... in turn, the order rotated by one each run; --a-env, --c-env, ... as --b-env)
// (--stopped: the containers are created stopped, as in bench/fleet.js; the refresh then reads no /state; running
// ones get a p2p NIC, as in bench/noop-plan.js, so that it does, unless --without-nic)
// (incusd's CPU per command is printed too: a build that reads less shows there)
// (A.js and B.js: copies of dist/providers/terraform-provider-incus.js from the two builds; or one build twice, with
// --b-env giving B's terraform and provider one more environment variable, e.g. CDKTF_VIRT_PROVIDER_LATE_TIER_UP=0)
// @ts-check
"use strict";
const { chmodSync, copyFileSync, readFileSync, readdirSync, writeFileSync } = require("node:fs");
const { join } = require("node:path");
const { RawIncus, withConcurrency } = require("../rest-baseline/rest-client");
const { containersHcl, deleteAll, expectBuilt, requireDaemon, uniquePrefix, workspace } = require("./incus-stack");
const { incusdCpuMs, incusdPid } = require("./incus-calls");
const { watchProcesses } = require("./processes");
const { flag, median, option, timed } = require("./report");
const { handleInterrupts } = require("./interrupt");

/**
 * A workspace whose mirror holds `bundle` instead of the build in dist (terraform installs it at init).
 * @param {string} bundle @param {string} prefix @param {Record<string, string>} env
 */
function workspaceWith(bundle, prefix, env) {
  const ws = workspace(prefix, env);
  const mirror = join(ws.root, "mirror");
  const installed = readdirSync(mirror, { recursive: true, encoding: "utf8" }).filter((f) =>
    /terraform-provider-incus[^/]*$/.test(f),
  );
  if (installed.length !== 1) throw new Error(`expected one incus provider in ${mirror}, found ${installed.length}`);
  copyFileSync(bundle, join(mirror, installed[0]));
  chmodSync(join(mirror, installed[0]), 0o755); // a copy made with sed or cp is not always executable
  return ws;
}

/**
 * A terraform command's time limit for `count` containers: the workspace's default of 120 s kills the apply of a few
 * hundred containers half way.
 */
function timeoutFor(count) {
  return 120_000 + 1_000 * count;
}

/** `terraform <args>` in `ws` with the time limit for `count` containers (never throws on an exit code). */
function terraform(ws, args, count) {
  return ws.run(args, { timeoutMs: timeoutFor(count) });
}

/** terraform apply in `ws`; throws with terraform's output when it fails. */
function apply(ws, count, par) {
  return ws.ok(["apply", "-auto-approve", "-input=false", par], { timeoutMs: timeoutFor(count) });
}

/**
 * Provider, terraform and incusd CPU (ms) of one command in `ws`, after the warm provider of an earlier one retired.
 * @param {any} ws @param {() => Promise<any>} run @param {number | undefined} daemon incusd's pid
 */
async function measured(ws, run, daemon) {
  await new Promise((r) => setTimeout(r, 2500));
  const watch = watchProcesses(ws.dir);
  const incusdBefore = incusdCpuMs(daemon);
  const [ms, r] = await timed(run);
  const incusd = Math.round(incusdCpuMs(daemon) - incusdBefore);
  const used = watch.stop();
  if (r.code !== 0) throw new Error(`terraform exited with ${r.code}:\n${r.output}`);
  return { ms, provider: used.provider.cpuMs, terraform: used.terraform.cpuMs, incusd };
}

/** The order of the builds in run `run`: rotated by one each run (A B C, B C A, C A B, ...). @param {string[]} labels */
function order(labels, run) {
  const k = run % labels.length;
  return [...labels.slice(k), ...labels.slice(0, k)];
}

async function main() {
  handleInterrupts();
  const [mode, ...bundleArgs] = process.argv.slice(2);
  const firstOption = bundleArgs.findIndex((x) => x.startsWith("--"));
  const bundleList = firstOption < 0 ? bundleArgs : bundleArgs.slice(0, firstOption);
  const par = `-parallelism=${option("parallelism", "10")}`;
  if (!["plan", "plan-no-refresh", "apply"].includes(mode) || bundleList.length < 2)
    throw new Error(
      "usage: ab-provider-cpu.js plan|plan-no-refresh|apply A.js B.js [C.js ...] [--containers 20] [--runs 4]",
    );
  const planArgs = mode === "plan" ? [par] : [par, "-refresh=false"];
  const count = Number(option("containers", "20"));
  const runs = Number(option("runs", "4"));
  const resources = 2 * count;
  const running = !flag("stopped");
  const nic = running && !flag("without-nic");
  const raw = new RawIncus();
  await requireDaemon(raw);
  const daemon = incusdPid(raw.socketPath);
  const labels = bundleList.map((_, i) => String.fromCharCode(65 + i));
  /** @type {Record<string, string>} */
  const bundles = Object.fromEntries(labels.map((v, i) => [v, bundleList[i]]));
  /** @type {Record<string, string>} the --<letter>-env NAME=VALUE of each build ("" for none) */
  const extra = Object.fromEntries(labels.map((v) => [v, option(`${v.toLowerCase()}-env`, "")]));
  /** @type {Record<string, Record<string, string>>} */
  const envs = Object.fromEntries(
    labels.map((v) => {
      const [name, ...value] = extra[v].split("=");
      return [v, extra[v] ? { [name]: value.join("=") } : {}];
    }),
  );
  /** @type {Record<string, { ms: number, provider: number, terraform: number, incusd: number }[]>} */
  const results = Object.fromEntries(labels.map((v) => [v, []]));
  const prefixes = [];
  const workspaces = [];
  try {
    if (mode !== "apply") {
      const prefix = uniquePrefix("ab-plan");
      prefixes.push(prefix);
      /** @type {Record<string, any>} */
      const ws = Object.fromEntries(labels.map((v) => [v, workspaceWith(bundles[v], prefix, envs[v])]));
      workspaces.push(...Object.values(ws));
      for (const v of labels) {
        ws[v].write("main.tf", containersHcl(prefix, count, { running, nic }));
        await ws[v].init();
      }
      await apply(ws.A, count, par);
      await expectBuilt(raw, prefix, count, { running });
      const state = readFileSync(join(ws.A.dir, "terraform.tfstate"));
      for (const v of labels.slice(1)) writeFileSync(join(ws[v].dir, "terraform.tfstate"), state);
      const plan = (w, args) => terraform(w, ["plan", "-input=false", "-detailed-exitcode", ...args], count);
      for (const v of labels) await measured(ws[v], () => plan(ws[v], [par]), daemon); // warm-up
      for (let run = 0; run < runs; run++) {
        for (const v of order(labels, run)) {
          results[v].push(await measured(ws[v], () => plan(ws[v], planArgs), daemon));
        }
      }
    } else {
      for (let run = 0; run < runs; run++) {
        for (const v of order(labels, run)) {
          const prefix = uniquePrefix(`ab-apply-${v}`);
          prefixes.push(prefix);
          const w = workspaceWith(bundles[v], prefix, envs[v]);
          workspaces.push(w);
          w.write("main.tf", containersHcl(prefix, count, { running, nic }));
          await w.init();
          results[v].push(
            await measured(w, () => terraform(w, ["apply", "-auto-approve", "-input=false", par], count), daemon),
          );
          await expectBuilt(raw, prefix, count, { running });
          await deleteAll(raw, prefix, withConcurrency);
        }
      }
    }
  } finally {
    // A failed cleanup is reported, not thrown: it would hide why the run failed (e.g. a killed apply leaves a
    // container mid-operation whose volume cannot go yet).
    for (const prefix of prefixes) {
      await deleteAll(raw, prefix, withConcurrency).catch((err) => {
        console.error(`ab-provider-cpu: cleanup of ${prefix} failed, remove its objects by hand: ${err}`);
        process.exitCode = 1;
      });
    }
    for (const w of workspaces) w.cleanup();
    await raw.close();
  }
  for (const v of labels) {
    const p = results[v].map((r) => r.provider);
    const t = results[v].map((r) => r.terraform);
    const d = results[v].map((r) => r.incusd);
    console.log(
      `${v} (${bundles[v]}${extra[v] ? ` with ${extra[v]}` : ""}): provider CPU per ${mode} ${median(p)} ms = ${(median(p) / resources).toFixed(2)} ms per resource ` +
        `(runs ${p.join(", ")}); terraform ${median(t)} ms (runs ${t.join(", ")}); incusd ${median(d)} ms (runs ${d.join(", ")}); wall ${results[v].map((r) => Math.round(r.ms)).join(", ")} ms`,
    );
  }
  console.log(JSON.stringify({ mode, resources, results }));
}

main().catch((err) => {
  console.error(`ab-provider-cpu: ${err instanceof Error ? err.stack : err}`);
  process.exit(1);
});
