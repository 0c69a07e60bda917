// Shared helpers for tests that drive the real libvirtd (qemu:///system, set up by scripts/setup-libvirt.sh):
// a loud precheck, unique name prefixes, and a cleanup that removes only objects carrying the test's prefix.
import { randomBytes } from "node:crypto";
import { closeSync, constants, openSync } from "node:fs";
import { LibvirtClient } from "../../lib/libvirt";

export const LIBVIRT_TEST_URI = process.env.CDKTF_VIRT_LIBVIRT_URI ?? "qemu:///system";
/** The dir pool scripts/setup-libvirt.sh creates; tests put their volumes in it (with their prefix). */
export const LIBVIRT_TEST_POOL = process.env.CDKTF_VIRT_LIBVIRT_POOL ?? "cdktf-virt-test";

/** Whether this machine can run KVM guests: /dev/kvm exists and opens read-write (what QEMU does with it). */
function kvmUsable(): boolean {
  try {
    closeSync(openSync("/dev/kvm", constants.O_RDWR));
    return true;
  } catch {
    return false;
  }
}

/**
 * The domain type of every domain the integration tests and benchmarks create: "kvm" where KVM is usable, else
 * "qemu" (QEMU's TCG emulation runs the same guests, only slower; libvirt refuses to define a "kvm" domain on a
 * machine without /dev/kvm). CDKTF_VIRT_LIBVIRT_HYPERVISOR=kvm|qemu overrides the choice.
 */
export const LIBVIRT_TEST_HYPERVISOR: "kvm" | "qemu" = ((): "kvm" | "qemu" => {
  const forced = process.env.CDKTF_VIRT_LIBVIRT_HYPERVISOR;
  if (forced === "kvm" || forced === "qemu") return forced;
  if (forced) throw new Error(`CDKTF_VIRT_LIBVIRT_HYPERVISOR must be "kvm" or "qemu", not '${forced}'`);
  return kvmUsable() ? "kvm" : "qemu";
})();

/** A unique prefix such as "t-libvirt-driver-3f9a1c-" for every object a test file creates. */
export function libvirtTestPrefix(area: string): string {
  return `t-libvirt-${area}-${randomBytes(3).toString("hex")}-`;
}

/**
 * Returns a client after checking that libvirtd answers and the test pool is active. A missing daemon is a
 * failure with instructions, never a skip.
 */
export async function requireLibvirt(): Promise<LibvirtClient> {
  const client = new LibvirtClient({ uri: LIBVIRT_TEST_URI, timeoutMs: 60_000 });
  try {
    await client.version({ timeoutMs: 30_000 });
  } catch (err) {
    throw new Error(
      `libvirtd does not answer on ${LIBVIRT_TEST_URI}: ${(err as Error).message}\n` +
        "Run `bash scripts/setup-libvirt.sh` as root (installs and starts libvirtd, creates the test pool).",
    );
  }
  const pool = await client.pools.find(LIBVIRT_TEST_POOL);
  if (!pool || !pool.active) {
    throw new Error(
      `libvirt test pool ${LIBVIRT_TEST_POOL} is ${pool ? "not active" : "missing"} on ${LIBVIRT_TEST_URI}; ` +
        "run `bash scripts/setup-libvirt.sh` to create and start it.",
    );
  }
  return client;
}

/**
 * Removes every domain, volume (in the test pool and in pools with the prefix), network and pool whose name
 * starts with `prefix`. Overlays go before their bases. Errors are collected and thrown at the end so that
 * one failure does not leave the rest behind.
 */
export async function cleanupLibvirt(client: LibvirtClient, prefix: string): Promise<void> {
  if (!prefix.startsWith("t-"))
    throw new Error(`refusing to clean up with prefix '${prefix}': test prefixes start with "t-"`);
  const problems: string[] = [];
  const attempt = async (what: string, fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (err) {
      problems.push(`${what}: ${(err as Error).message}`);
    }
  };

  for (const name of (await client.domains.list()).filter((n) => n.startsWith(prefix))) {
    await attempt(`domain ${name}`, async () => {
      await client.domains.stop(name, { gracefulTimeoutMs: 0 });
      await client.domains.undefine(name, { removeNvram: true });
    });
  }

  const prefixedPools = (await client.pools.list()).filter((n) => n.startsWith(prefix));
  for (const pool of [LIBVIRT_TEST_POOL, ...prefixedPools]) {
    const info = await client.pools.find(pool);
    if (!info?.active) continue;
    const volumes = (await client.volumes.list(pool)).filter(
      (v) => pool !== LIBVIRT_TEST_POOL || v.name.startsWith(prefix),
    );
    // Overlays first: several passes, each deleting the volumes no remaining volume is backed by.
    let remaining = await Promise.all(volumes.map((v) => client.volumes.info(pool, v.name)));
    while (remaining.length > 0) {
      const bases = new Set(remaining.map((v) => v.backingStore?.path).filter((p): p is string => p !== undefined));
      const leaves = remaining.filter((v) => !bases.has(v.path ?? ""));
      const batch = leaves.length > 0 ? leaves : remaining;
      for (const v of batch) await attempt(`volume ${pool}/${v.name}`, () => client.volumes.delete(pool, v.name));
      remaining = remaining.filter((v) => !batch.includes(v));
    }
  }

  for (const pool of prefixedPools) {
    await attempt(`pool ${pool}`, () => client.pools.delete(pool, { deleteDirectory: true }));
  }

  const networks = await client.virsh.run(["net-list", "--all", "--name"]);
  for (const name of networks
    .split("\n")
    .map((l) => l.trim())
    .filter((n) => n.startsWith(prefix))) {
    await attempt(`network ${name}`, () => client.networks.delete(name));
  }

  if (problems.length > 0)
    throw new Error(`libvirt cleanup for ${prefix} left objects behind:\n${problems.join("\n")}`);
}
