// The offline test guest (scripts/setup-test-guest.sh): the Debian kernel and a busybox initramfs whose /init
// reports what the guest sees as "cdktf-guest: key=value" lines on its serial console. These helpers find it, pick
// the hypervisor that can boot it here and read a boot's report from the console log the domain writes on the host.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { LIBVIRT_TEST_HYPERVISOR } from "../../../support/libvirt";

export const TEST_GUEST_DIR = process.env.CDKTF_VIRT_TEST_GUEST_DIR ?? "/var/lib/cdktf-virt/test-guest";

export interface TestGuest {
  readonly kernel: string;
  readonly initrd: string;
}

/**
 * The guest's kernel command line: a serial console, and `no_timer_check` (under QEMU's emulation on a loaded
 * machine the kernel's early check of the IO-APIC timer can miss its ticks and panic: "IO-APIC + timer doesn't
 * work"), followed by the guest's own options (scripts/test-guest/init: cdktf.root=, cdktf.data=, ...).
 */
export function guestCmdline(...options: string[]): string {
  return ["console=ttyS0 quiet no_timer_check", ...options].join(" ");
}

/** The kernel and initramfs; a missing guest is a failure that says how to build it (never a skip). */
export function requireTestGuest(): TestGuest {
  const guest = { kernel: join(TEST_GUEST_DIR, "vmlinuz"), initrd: join(TEST_GUEST_DIR, "initrd.img") };
  for (const file of [guest.kernel, guest.initrd]) {
    if (!existsSync(file))
      throw new Error(
        `the test guest is missing (${file}): run scripts/setup-test-guest.sh (called by scripts/setup-libvirt.sh)`,
      );
  }
  return guest;
}

/**
 * The domain type that boots the guest on this machine: CDKTF_VIRT_TEST_GUEST_HYPERVISOR when set, else the
 * tests' LIBVIRT_TEST_HYPERVISOR ("kvm" where KVM is usable, else "qemu") — except on a host whose KVM is PVM
 * (kvm_pvm, the nested KVM of some cloud sandboxes), which only runs kernels built as PVM guests: Debian's kernel
 * hangs there before its first message, so the guest runs under QEMU's emulation ("qemu", TCG) instead. Everything
 * the tests check is the same for both.
 */
export function testGuestHypervisor(): "kvm" | "qemu" {
  const forced = process.env.CDKTF_VIRT_TEST_GUEST_HYPERVISOR;
  if (forced === "kvm" || forced === "qemu") return forced;
  if (existsSync("/sys/module/kvm_pvm")) return "qemu";
  return LIBVIRT_TEST_HYPERVISOR;
}

/** One boot's report: key → value, in the order the guest printed them. */
export type GuestReport = ReadonlyMap<string, string>;

/** The report in a console log, once it holds the "done" line; undefined before. Later lines overwrite earlier ones. */
export function parseGuestReport(log: string): GuestReport | undefined {
  const report = new Map<string, string>();
  let done = false;
  for (const line of log.split(/\r?\n/)) {
    const match = /^cdktf-guest: ([A-Za-z0-9_.-]+)(?:=(.*))?$/.exec(line.trim());
    if (!match) continue;
    if (match[1] === "done") done = true;
    else report.set(match[1], match[2] ?? "");
  }
  return done ? report : undefined;
}

/**
 * Waits until the console log at `path` holds a complete report (the domain truncates the file when it starts, so
 * after a deploy it is the latest boot's). Fails after `timeoutMs` with the log's tail.
 * The default is set for emulation ("qemu", no KVM) on a busy machine: on 2 cores at a load average of 4–6 a boot
 * took 11–16 s, 23–28 s with DHCP; it grows with the load, which 180 s leaves room for (KVM boots in a few seconds).
 */
export async function waitForGuestReport(path: string, timeoutMs = 180_000): Promise<GuestReport> {
  const deadline = Date.now() + timeoutMs;
  let log = "";
  for (;;) {
    log = existsSync(path) ? readFileSync(path, "utf8") : "";
    const report = parseGuestReport(log);
    if (report) return report;
    if (Date.now() > deadline) {
      throw new Error(
        `no complete test guest report in ${path} after ${timeoutMs / 1000} s; the log ends with:\n${log.slice(-2000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
