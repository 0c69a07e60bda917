#!/usr/bin/env node
// libvirt: apply of N domains (default 10), each with a raw volume in the test pool, running, with the bundled
// libvirt provider, against the same end state reached with raw `virsh` commands (vol-create-as, define, start)
// run with the same concurrency as terraform's -parallelism, and one after the other (what a shell script does).
// Every variant is verified (each domain running, each volume in the pool; for terraform also `terraform plan`
// after the apply reports no changes) and removed before the next one. Each of the --runs rounds (default 3) runs
// the variants in a rotated order; medians are compared and the spread (min–max) printed next to them.
// Two more variants split terraform's part from ours (the floor): the same apply graph (N "volumes", N "domains"
// each depending on its volume, -parallelism alike) of built-in `terraform_data` resources (terraform alone, no
// provider process) and of the testfs test provider's files (terraform + a provider built on this framework that
// does no libvirt work: its 3 provider starts and the gRPC calls). CPU of terraform and of the provider is read
// from /proc for every terraform apply.
//
// Usage: node bench/libvirt-apply.js [--domains 10] [--parallelism 10] [--runs 3] [--quick] [--trace DIR]
// --trace DIR keeps each libvirt apply's TF_LOG=trace log there (DIR/apply-<prefix>.log), for
// bench/support/apply-timeline.js together with a VIRSH_LOG.
// @ts-check
"use strict";
const { execFile } = require("node:child_process");
const { randomBytes } = require("node:crypto");
const { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { join } = require("node:path");
const { promisify } = require("node:util");
const { withConcurrency } = require("./rest-baseline/rest-client");
const { floorWorkspace } = require("./support/floor-graph");
const { pairBlocks, requiredProvider } = require("./support/hcl");
const { loadTs } = require("./support/load-ts");
const { watchProcesses } = require("./support/processes");
const { flag, formatMs, median, option, printResult, ratio, spread, timed } = require("./support/report");
const { handleInterrupts } = require("./support/interrupt");

const URI = process.env.CDKTF_VIRT_LIBVIRT_URI ?? "qemu:///system";
const POOL = process.env.CDKTF_VIRT_LIBVIRT_POOL ?? "cdktf-virt-test";
// The tests' domain type ("kvm" where /dev/kvm is usable, else "qemu"; CDKTF_VIRT_LIBVIRT_HYPERVISOR overrides),
// the same for the virsh baseline and the provider, so both start the same kind of guest.
/** @type {"kvm" | "qemu"} */
const TYPE = loadTs("test/support/libvirt.ts").LIBVIRT_TEST_HYPERVISOR;
const run = promisify(execFile);
// With VIRSH_LOG set (bench/support/logging-virsh first on PATH), each phase is marked in the log, so the virsh
// processes of `terraform apply` can be told from the verification's and the baseline's.
const mark = (phase) => process.env.VIRSH_LOG && appendFileSync(process.env.VIRSH_LOG, `# ${phase}\n`);
const virsh = (...args) => run("virsh", ["-c", URI, "-q", ...args], { maxBuffer: 4 * 1024 * 1024 });

const domainXml = (name, volume) => `<domain type='${TYPE}'>
  <name>${name}</name>
  <memory unit='MiB'>64</memory>
  <vcpu>1</vcpu>
  <os><type arch='x86_64' machine='pc'>hvm</type></os>
  <devices>
    <disk type='volume' device='disk'>
      <driver name='qemu' type='raw'/>
      <source pool='${POOL}' volume='${volume}'/>
      <target dev='vda' bus='virtio'/>
    </disk>
  </devices>
</domain>
`;

/** The apply's stack: `count` raw volumes and `count` running domains, each booting from its volume. */
function hcl(prefix, count) {
  return `${requiredProvider("libvirt")}provider "libvirt" {
  uri = "${URI}"
}
${pairBlocks(
  count,
  {
    type: "libvirt_volume",
    name: "disk",
    body: (i) => `  name     = "${prefix}d${i}.raw"
  pool     = "${POOL}"
  capacity = 4194304
  target   = { format = { type = "raw" } }
`,
  },
  {
    type: "libvirt_domain",
    name: "vm",
    body: (i, disk) => `  name        = "${prefix}vm${i}"
  type        = "${TYPE}"
  memory      = 64
  memory_unit = "MiB"
  vcpu        = 1
  running     = true
  os          = { type = "hvm", type_arch = "x86_64", type_machine = "pc" }
  devices = {
    disks = [{
      source = { volume = { pool = "${POOL}", volume = ${disk}.name } }
      target = { dev = "vda", bus = "virtio" }
    }]
  }
`,
  },
)}`;
}

async function domainsWithPrefix(prefix) {
  const { stdout } = await virsh("list", "--all", "--name");
  return stdout
    .split("\n")
    .map((s) => s.trim())
    .filter((n) => n.startsWith(prefix));
}

/** @param {string} prefix */
async function volumesWithPrefix(prefix) {
  const { stdout } = await virsh("vol-list", POOL);
  return stdout
    .split("\n")
    .map((l) => l.trim().split(/\s+/)[0])
    .filter((n) => n && n.startsWith(prefix));
}

/**
 * Throws unless the prefix has exactly `count` running domains and `count` volumes in the pool.
 * @param {string} prefix
 * @param {number} count
 */
async function expectRunning(prefix, count) {
  const { stdout } = await virsh("list", "--state-running", "--name");
  const running = stdout
    .split("\n")
    .map((s) => s.trim())
    .filter((n) => n.startsWith(prefix));
  if (running.length !== count)
    throw new Error(`expected ${count} running domains with prefix ${prefix}, found ${running.length}`);
  const volumes = await volumesWithPrefix(prefix);
  if (volumes.length !== count)
    throw new Error(`expected ${count} volumes with prefix ${prefix} in pool ${POOL}, found ${volumes.length}`);
}

/** Removes the prefix's domains and volumes (only those). */
async function removeAll(prefix) {
  await withConcurrency(await domainsWithPrefix(prefix), 10, async (name) => {
    await virsh("destroy", name).catch(() => undefined);
    await virsh("undefine", name, "--nvram").catch(() => virsh("undefine", name));
  });
  await withConcurrency(await volumesWithPrefix(prefix), 10, (v) => virsh("vol-delete", v, "--pool", POOL));
}

async function viaVirsh(prefix, count, limit, dir) {
  try {
    const [ms] = await timed(() =>
      withConcurrency([...Array(count).keys()], limit, async (i) => {
        const name = `${prefix}vm${i}`;
        const volume = `${prefix}d${i}.raw`;
        const file = join(dir, `${name}.xml`);
        writeFileSync(file, domainXml(name, volume));
        await virsh("vol-create-as", POOL, volume, "4M", "--format", "raw");
        await virsh("define", file);
        await virsh("start", name);
      }),
    );
    await expectRunning(prefix, count);
    return ms;
  } finally {
    await removeAll(prefix);
  }
}

/**
 * `terraform apply` in `ws`, timed, with the CPU of terraform and of the provider process(es) from /proc; `env`
 * for this command only (a trace log).
 * @returns {Promise<{ ms: number, terraformCpuMs: number, providerCpuMs: number }>}
 */
async function timedApply(ws, parallelism, env = {}) {
  const watch = watchProcesses(ws.dir, 50);
  const [ms] = await timed(() =>
    ws.ok(["apply", "-auto-approve", "-input=false", `-parallelism=${parallelism}`], { env }),
  );
  const used = watch.stop();
  return { ms, terraformCpuMs: used.terraform.cpuMs, providerCpuMs: used.provider.cpuMs };
}

async function viaTerraform(prefix, count, parallelism, traceDir) {
  const { TerraformWorkspace } = loadTs("test/support/terraform.ts");
  const ws = TerraformWorkspace.create({
    providers: ["libvirt"],
    prefix,
    env: { CDKTF_VIRT_LIBVIRT_SHUTDOWN_TIMEOUT: "0", TF_LOG: "" },
  });
  try {
    ws.write("main.tf", hcl(prefix, count));
    await ws.init();
    mark(`terraform apply ${prefix}`);
    const trace = traceDir ? { TF_LOG: "trace", TF_LOG_PATH: join(traceDir, `apply-${prefix}.log`) } : {};
    const result = await timedApply(ws, parallelism, trace);
    mark("terraform apply done");
    await expectRunning(prefix, count);
    const plan = await ws.plan([`-parallelism=${parallelism}`]);
    if (plan.code !== 0)
      throw new Error(`the plan right after the apply is not empty (exit ${plan.code}):\n${plan.output}`);
    await ws.destroy();
    return result;
  } finally {
    await removeAll(prefix);
    ws.cleanup();
  }
}

/** The floor (support/floor-graph.js): the same apply graph with no libvirt work, applied and planned once. */
async function viaFloor(provider, prefix, count, parallelism) {
  const ws = await floorWorkspace(provider, prefix, count);
  try {
    const result = await timedApply(ws, parallelism);
    const plan = await ws.plan([`-parallelism=${parallelism}`]);
    if (plan.code !== 0) throw new Error(`${provider}: the plan right after the apply is not empty:\n${plan.output}`);
    return result;
  } finally {
    ws.cleanup();
  }
}

/** @param {Array<{ ms: number, terraformCpuMs: number, providerCpuMs: number }>} runs */
function summary(runs) {
  const ms = runs.map((r) => r.ms);
  return {
    ms: median(ms),
    runsMs: ms.map(Math.round),
    terraformCpuMs: Math.round(median(runs.map((r) => r.terraformCpuMs))),
    providerCpuMs: Math.round(median(runs.map((r) => r.providerCpuMs))),
  };
}

async function main() {
  handleInterrupts();
  const quick = flag("quick");
  const count = Number(option("domains", quick ? "2" : "10"));
  const parallelism = Number(option("parallelism", "10"));
  const runs = Number(option("runs", quick ? "1" : "3"));
  const traceDir = option("trace", undefined);
  if (traceDir) mkdirSync(traceDir, { recursive: true });
  try {
    await virsh("pool-info", POOL);
  } catch (err) {
    throw new Error(
      `libvirt pool ${POOL} on ${URI} is not usable (${err.message.trim()}); run \`bash scripts/setup-libvirt.sh\` (as root) first.`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), "cdktf-virt-bench-virsh-"));
  const tf = [];
  const parallel = [];
  const sequential = [];
  const builtin = [];
  const testfs = [];
  try {
    for (let r = 0; r < runs; r++) {
      const prefix = () =>
        `${process.env.CDKTF_VIRT_BENCH_PREFIX ?? "t-bench-virt-"}${randomBytes(3).toString("hex")}-`;
      const steps = [
        async () => tf.push(await viaTerraform(prefix(), count, parallelism, traceDir)),
        async () => {
          const name = prefix();
          mark(`virsh baseline ${name}`);
          parallel.push(await viaVirsh(name, count, parallelism, dir));
          mark("virsh baseline done");
        },
        async () => sequential.push(await viaVirsh(prefix(), count, 1, dir)),
        async () => builtin.push(await viaFloor("builtin", prefix(), count, parallelism)),
        async () => testfs.push(await viaFloor("testfs", prefix(), count, parallelism)),
      ];
      for (let i = 0; i < steps.length; i++) await steps[(i + r) % steps.length]();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const t = summary(tf);
  const b = summary(builtin);
  const f = summary(testfs);
  const p = median(parallel);
  const s = median(sequential);
  const cpu = (/** @type {ReturnType<typeof summary>} */ x) =>
    `CPU terraform ${formatMs(x.terraformCpuMs)}, provider ${formatMs(x.providerCpuMs)}`;
  console.log(
    `libvirt-apply (${count} ${TYPE} domains with a volume each, parallelism ${parallelism}, ${runs} run(s) in rotating order; medians, spread min–max)`,
  );
  printResult(
    {
      bench: "libvirt-apply",
      domains: count,
      domainType: TYPE,
      parallelism,
      runs,
      terraformMs: Math.round(t.ms),
      virshMs: Math.round(p),
      virshSequentialMs: Math.round(s),
      terraformRunsMs: t.runsMs,
      virshRunsMs: parallel.map(Math.round),
      virshSequentialRunsMs: sequential.map(Math.round),
      terraformCpuMs: t.terraformCpuMs,
      providerCpuMs: t.providerCpuMs,
      floorBuiltinMs: Math.round(b.ms),
      floorBuiltinRunsMs: b.runsMs,
      floorBuiltinTerraformCpuMs: b.terraformCpuMs,
      floorTestfsMs: Math.round(f.ms),
      floorTestfsRunsMs: f.runsMs,
      floorTestfsTerraformCpuMs: f.terraformCpuMs,
      floorTestfsProviderCpuMs: f.providerCpuMs,
      planAfterApplyEmpty: true,
      ratio: ratio(t.ms, p),
      ratioVsSequential: ratio(t.ms, s),
    },
    [
      `${"terraform apply (bundled provider):".padEnd(40)}${formatMs(t.ms)} (${spread(
        t.runsMs,
        formatMs,
      )}; ${cpu(t)}; plan after apply empty)`,
      `${`virsh, ${parallelism} at a time:`.padEnd(40)}${formatMs(p)} (${spread(parallel, formatMs)})`,
      `${"virsh, one after the other:".padEnd(40)}${formatMs(s)} (${spread(
        sequential,
        formatMs,
      )}; what a shell script does)`,
      `ratio terraform / virsh: ${ratio(t.ms, p)}x; terraform / sequential virsh: ${ratio(t.ms, s)}x`,
      `floor, the same apply graph without libvirt work:`,
      `${"  terraform_data (terraform alone):".padEnd(40)}${formatMs(b.ms)} (${spread(b.runsMs, formatMs)}; CPU terraform ${formatMs(b.terraformCpuMs)})`,
      `${"  testfs files (+ a provider, no work):".padEnd(40)}${formatMs(f.ms)} (${spread(f.runsMs, formatMs)}; ${cpu(f)})`,
      `split of terraform - virsh (${formatMs(t.ms - p)}): terraform's own ${formatMs(b.ms)}, provider starts and calls ${formatMs(
        f.ms - b.ms,
      )}, the rest (libvirt work on the critical path beyond the baseline's) ${formatMs(t.ms - p - f.ms)}`,
    ],
  );
}

main().catch((err) => {
  console.error(`libvirt-apply benchmark: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
