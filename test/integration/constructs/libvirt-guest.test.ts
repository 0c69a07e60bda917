// The libvirt lifecycle contract checked from inside the guest. A domain boots the offline test guest (Debian
// kernel + busybox initramfs, direct kernel boot) from a base volume's EPHEMERAL overlay, with a PERSISTENT data
// volume and a cloud-init seed; the guest reports on its serial console (logged to a file) what it saw. Through the
// public constructs and the real terraform: deploy; a restart (the same overlay: the guest finds its own marker);
// a rebuild on a user-data change; a rebuild on a new base volume. After each rebuild the guest must find a fresh
// overlay, the new user data or base, and the data volume's bytes as the previous boot left them. Plans after each
// deploy are empty (StackRun.deploy checks).
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Instance, LibvirtHost, StoragePool, Volume, VolumeFormat, VolumeLifecycle } from "../../../lib";
import { LIBVIRT_TEST_POOL, LIBVIRT_TEST_URI } from "../../support/libvirt";
import type { GuestReport } from "../libvirt/support/test-guest";
import { guestCmdline, requireTestGuest, testGuestHypervisor, waitForGuestReport } from "../libvirt/support/test-guest";
import { libvirtConstructsSuite } from "./support";

const lv = libvirtConstructsSuite("guest");
const hypervisor = testGuestHypervisor();
let scratch: string;
let consoleLog: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "libvirt-guest-it-"));
  consoleLog = join(scratch, "console.log");
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A raw base image whose first line the guest reports as base=<marker>. */
function baseImage(marker: string): string {
  const file = join(scratch, `base-${marker}.raw`);
  const image = Buffer.alloc(4 * 1024 * 1024);
  image.write(`CDKTF-BASE ${marker}\n`);
  writeFileSync(file, image);
  return file;
}

function userData(marker: string): string {
  return `#cloud-config\n# cdktf-guest: marker=${marker}\nwrite_files:\n  - path: /etc/marker\n    content: ${marker}\n`;
}

function synth(marker: string, baseMarker: string): void {
  const guest = requireTestGuest();
  lv.run.synth((stack) => {
    const host = new LibvirtHost(stack, "kvm", { uri: LIBVIRT_TEST_URI });
    const pool = StoragePool.fromName(stack, "pool", host, LIBVIRT_TEST_POOL);
    const base = new Volume(stack, "base", {
      pool,
      protect: false,
      libvirt: { format: VolumeFormat.RAW, sourceUrl: baseImage(baseMarker) },
    });
    const root = new Volume(stack, "root", {
      pool,
      lifecycle: VolumeLifecycle.EPHEMERAL,
      libvirt: { baseVolume: base },
    });
    const data = new Volume(stack, "data", {
      pool,
      size: "1MiB",
      protect: false,
      libvirt: { format: VolumeFormat.RAW },
    });
    const vm = new Instance(stack, "vm", {
      host,
      memory: "256MiB",
      libvirt: {
        hypervisor,
        shutdownTimeoutSeconds: 20,
        kernelBoot: {
          kernel: guest.kernel,
          initrd: guest.initrd,
          cmdline: guestCmdline("cdktf.root=vda", "cdktf.data=vdb", "cdktf.dhcp=0"),
        },
        serialLogFile: consoleLog,
        cloudInit: { userData: userData(marker), metaData: `instance-id: ${lv.stackName}\n` },
      },
    });
    vm.attach(root, { path: "vda" });
    vm.attach(data, { path: "vdb" });
  });
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function expectSeed(report: GuestReport, marker: string): void {
  expect(report.get("seed")).toBe("sr0");
  expect(report.get("instance-id")).toBe(lv.stackName);
  expect(report.get("user-data-sha256")).toBe(sha256(userData(marker)));
  expect(report.get("user.marker")).toBe(marker);
}

test(`the test guest sees a fresh overlay, its data and the new seed or base after each rebuild (${hypervisor})`, async () => {
  const domain = `${lv.stackName}-vm`;
  synth("one", "b1");
  await lv.run.deploy();
  const first = await waitForGuestReport(consoleLog);
  expect(first.get("root")).toBe("fresh");
  expect(first.get("base")).toBe("b1");
  expect(first.get("data")).toBe("empty");
  expectSeed(first, "one");
  const firstBoot = first.get("boot-id");
  expect(firstBoot).toMatch(/^[0-9a-f-]{36}$/);

  // A restart keeps the overlay: the guest finds the marker its first boot left (the check can fail), and the
  // guest powers off on the ACPI request rather than being forced.
  expect(await lv.client.domains.stop(domain, { gracefulTimeoutMs: 30_000 })).toBe("graceful");
  await lv.client.domains.start(domain);
  const restarted = await waitForGuestReport(consoleLog);
  expect(restarted.get("root")).toBe(`used:${firstBoot}`);
  expect(restarted.get("data")).toBe(`1:${firstBoot}`);
  expect((await lv.run.plan()).code).toBe(0);

  // New user data: domain, seed and overlay are rebuilt; the data volume keeps its bytes.
  synth("two", "b1");
  const plan = await lv.run.plan();
  expect(plan.output).toMatch(/libvirt_domain\.vm (must|will) be replaced/);
  expect(plan.output).toMatch(/libvirt_volume\.root (must|will) be replaced/);
  expect(plan.output).not.toMatch(/libvirt_volume\.data (must be replaced|will be destroyed)/);
  await lv.run.deploy();
  const second = await waitForGuestReport(consoleLog);
  expect(second.get("root")).toBe("fresh");
  expect(second.get("base")).toBe("b1");
  expect(second.get("data")).toBe(`2:${firstBoot}`);
  expectSeed(second, "two");

  // A new base volume: the overlay and the domain follow it; data and seed stay as they were.
  synth("two", "b2");
  await lv.run.deploy();
  const third = await waitForGuestReport(consoleLog);
  expect(third.get("root")).toBe("fresh");
  expect(third.get("base")).toBe("b2");
  expect(third.get("data")).toBe(`3:${firstBoot}`);
  expectSeed(third, "two");

  expect((await lv.run.destroy()).code).toBe(0);
  expect(await lv.client.domains.find(domain)).toBeUndefined();
}, 900_000); // four boots; under emulation (no usable KVM) and load one takes up to a minute
