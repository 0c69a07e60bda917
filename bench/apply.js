#!/usr/bin/env node
// Apply of N containers with volumes (default 50): `terraform apply` with the bundled provider against the same
// end state reached (a) over raw REST with the same concurrency as terraform's -parallelism, and (b) by a
// sequential `incus` command-line script. Each variant starts from nothing and is verified (every container
// running, every volume there) before it is timed as done; everything is deleted between variants.
//
// Usage: node bench/apply.js [--containers 50] [--parallelism 10] [--runs 1]
"use strict";
const { RawIncus, withConcurrency } = require("./rest-baseline/rest-client");
const { launchScript, runScript } = require("./rest-baseline/incus-cli");
const { TEST_IMAGE, TEST_POOL, VOLUME_SIZE, containersHcl, deleteAll, expectBuilt, names, requireDaemon, restSpec, uniquePrefix, workspace } = require("./support/incus-stack");
const { formatMs, median, option, printResult, ratio, timed } = require("./support/report");

async function viaTerraform(raw, prefix, count, parallelism) {
  const ws = workspace(prefix);
  try {
    ws.write("main.tf", containersHcl(prefix, count));
    await ws.init();
    const [ms] = await timed(() => ws.apply([`-parallelism=${parallelism}`]));
    await expectBuilt(raw, prefix, count);
    const [destroyMs] = await timed(() => ws.destroy());
    return { ms, destroyMs };
  } finally {
    await deleteAll(raw, prefix, withConcurrency);
    ws.cleanup();
  }
}

async function viaRest(raw, prefix, count, parallelism) {
  const before = raw.requests;
  try {
    const specs = [...Array(count).keys()].map((i) => restSpec(prefix, i));
    const [ms] = await timed(() =>
      withConcurrency(specs, parallelism, async (s) => {
        await raw.createVolume(TEST_POOL, s.volume, s.volumeConfig);
        await raw.launchContainer(s.name, s.instance);
      }),
    );
    const requests = raw.requests - before;
    await expectBuilt(raw, prefix, count);
    return { ms, requests };
  } finally {
    await deleteAll(raw, prefix, withConcurrency);
  }
}

async function viaCli(raw, prefix, count) {
  try {
    const containers = [...Array(count).keys()].map((i) => names(prefix, i));
    const ms = runScript(launchScript(containers, { pool: TEST_POOL, image: TEST_IMAGE, volumeSize: VOLUME_SIZE }), "the incus CLI script");
    await expectBuilt(raw, prefix, count);
    return { ms };
  } finally {
    await deleteAll(raw, prefix, withConcurrency);
  }
}

async function main() {
  const count = Number(option("containers", "50"));
  const parallelism = Number(option("parallelism", "10"));
  const runs = Number(option("runs", "1"));
  const raw = new RawIncus();
  await requireDaemon(raw);
  const results = { terraform: [], rest: [], cli: [] };
  let destroyMs = [];
  let requests = 0;
  try {
    for (let run = 0; run < runs; run++) {
      // Rotate the order so no variant always gets the quietest or the busiest moment.
      const order = [["terraform", "rest", "cli"], ["rest", "cli", "terraform"], ["cli", "terraform", "rest"]][run % 3];
      for (const variant of order) {
        const prefix = uniquePrefix(`apply-${variant}`);
        if (variant === "terraform") {
          const r = await viaTerraform(raw, prefix, count, parallelism);
          results.terraform.push(r.ms);
          destroyMs.push(r.destroyMs);
        } else if (variant === "rest") {
          const r = await viaRest(raw, prefix, count, parallelism);
          results.rest.push(r.ms);
          requests = r.requests;
        } else {
          results.cli.push((await viaCli(raw, prefix, count)).ms);
        }
      }
    }
  } finally {
    await raw.close();
  }
  const tf = median(results.terraform);
  const rest = median(results.rest);
  const cli = median(results.cli);
  console.log(`apply (${count} containers with volumes, parallelism ${parallelism}, ${runs} run(s))`);
  printResult(
    {
      bench: "apply",
      containers: count,
      parallelism,
      runs,
      terraformMs: Math.round(tf),
      restMs: Math.round(rest),
      cliMs: Math.round(cli),
      terraformDestroyMs: Math.round(median(destroyMs)),
      restRequests: requests,
      ratio: ratio(tf, rest),
      ratioVsCli: ratio(tf, cli),
    },
    [
      `terraform apply (bundled provider): ${formatMs(tf)} (destroy ${formatMs(median(destroyMs))})`,
      `raw REST, ${parallelism} at a time:    ${formatMs(rest)} (${requests} API calls)`,
      `sequential incus CLI script:       ${formatMs(cli)}`,
      `ratio terraform / REST: ${ratio(tf, rest)}x; terraform / CLI script: ${ratio(tf, cli)}x`,
    ],
  );
}

main().catch((err) => {
  console.error(`apply benchmark: ${err instanceof Error ? err.stack : err}`);
  process.exit(1);
});
