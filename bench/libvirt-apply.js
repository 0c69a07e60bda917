#!/usr/bin/env node
// libvirt: apply of N domains (default 10), each with a raw volume in the test pool, running, with the bundled
// libvirt provider, against the same end state reached with raw `virsh` commands (vol-create-as, define, start)
// run with the same concurrency as terraform's -parallelism, and one after the other (what a shell script does).
// Every variant is verified (each domain running, each volume in the pool; for terraform also `terraform plan`
// after the apply reports no changes) and removed before the next one. Each of the --runs rounds (default 3) runs
// the variants in a rotated order; medians are compared and the spread (min–max) printed next to them.
//
// Usage: node bench/libvirt-apply.js [--domains 10] [--parallelism 10] [--runs 3] [--quick]
// @ts-check
"use strict";
const { execFile } = require("node:child_process");
const { randomBytes } = require("node:crypto");
const { appendFileSync, mkdtempSync, rmSync, writeFileSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { join } = require("node:path");
const { promisify } = require("node:util");
const { withConcurrency } = require("./rest-baseline/rest-client");
const { loadTs } = require("./support/load-ts");
const { flag, formatMs, median, option, printResult, ratio, spread, timed } = require("./support/report");

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

function hcl(prefix, count) {
  return `terraform {
  required_providers {
    libvirt = { source = "registry.cdktf-virt.local/cdktf-virt/libvirt" }
  }
}
provider "libvirt" {
  uri = "${URI}"
}
resource "libvirt_volume" "disk" {
  count    = ${count}
  name     = "${prefix}d\${count.index}.raw"
  pool     = "${POOL}"
  capacity = 4194304
  target   = { format = { type = "raw" } }
}
resource "libvirt_domain" "vm" {
  count       = ${count}
  name        = "${prefix}vm\${count.index}"
  type        = "${TYPE}"
  memory      = 64
  memory_unit = "MiB"
  vcpu        = 1
  running     = true
  os          = { type = "hvm", type_arch = "x86_64", type_machine = "pc" }
  devices = {
    disks = [{
      source = { volume = { pool = "${POOL}", volume = libvirt_volume.disk[count.index].name } }
      target = { dev = "vda", bus = "virtio" }
    }]
  }
}
`;
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

async function viaTerraform(prefix, count, parallelism) {
  const { TerraformWorkspace } = loadTs("test/support/terraform.ts");
  const ws = TerraformWorkspace.create({
    providers: ["libvirt"],
    prefix,
    env: { CDKTF_VIRT_LIBVIRT_SHUTDOWN_TIMEOUT: "0", TF_LOG: "" },
  });
  try {
    ws.write("main.tf", hcl(prefix, count));
    await ws.init();
    mark("terraform apply");
    const [ms] = await timed(() => ws.apply([`-parallelism=${parallelism}`]));
    mark("terraform apply done");
    await expectRunning(prefix, count);
    const plan = await ws.plan([`-parallelism=${parallelism}`]);
    if (plan.code !== 0)
      throw new Error(`the plan right after the apply is not empty (exit ${plan.code}):\n${plan.output}`);
    await ws.destroy();
    return ms;
  } finally {
    await removeAll(prefix);
    ws.cleanup();
  }
}

async function main() {
  const quick = flag("quick");
  const count = Number(option("domains", quick ? "2" : "10"));
  const parallelism = Number(option("parallelism", "10"));
  const runs = Number(option("runs", quick ? "1" : "3"));
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
  try {
    for (let r = 0; r < runs; r++) {
      const prefix = () =>
        `${process.env.CDKTF_VIRT_BENCH_PREFIX ?? "t-bench-virt-"}${randomBytes(3).toString("hex")}-`;
      const steps = [
        async () => tf.push(await viaTerraform(prefix(), count, parallelism)),
        async () => parallel.push(await viaVirsh(prefix(), count, parallelism, dir)),
        async () => sequential.push(await viaVirsh(prefix(), count, 1, dir)),
      ];
      for (let i = 0; i < steps.length; i++) await steps[(i + r) % steps.length]();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const t = median(tf);
  const p = median(parallel);
  const s = median(sequential);
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
      terraformMs: Math.round(t),
      virshMs: Math.round(p),
      virshSequentialMs: Math.round(s),
      terraformRunsMs: tf.map(Math.round),
      virshRunsMs: parallel.map(Math.round),
      virshSequentialRunsMs: sequential.map(Math.round),
      planAfterApplyEmpty: true,
      ratio: ratio(t, p),
      ratioVsSequential: ratio(t, s),
    },
    [
      `${"terraform apply (bundled provider):".padEnd(40)}${formatMs(t)} (${spread(
        tf,
        formatMs,
      )}; plan after apply empty)`,
      `${`virsh, ${parallelism} at a time:`.padEnd(40)}${formatMs(p)} (${spread(parallel, formatMs)})`,
      `${"virsh, one after the other:".padEnd(40)}${formatMs(s)} (${spread(
        sequential,
        formatMs,
      )}; what a shell script does)`,
      `ratio terraform / virsh: ${ratio(t, p)}x; terraform / sequential virsh: ${ratio(t, s)}x`,
    ],
  );
}

main().catch((err) => {
  console.error(`libvirt-apply benchmark: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
