// Virtual machines against the real incusd. Which of the two tests runs depends on what the daemon reports, read
// once when this file loads (GET /1.0 on the daemon's socket: `environment.driver` lists the instance drivers
// incusd found usable at start, "lxc | qemu" when it can run VMs; Incus 6.0 has no other field for this):
//
// - Without the qemu driver (this project's CI machines: /dev/kvm is there, the vhost_vsock module is not), a VM
//   request must be refused with a diagnostic that names the missing host feature. The feature is found
//   independently of Incus, by the checks Incus makes at start, in its order (/dev/kvm, the vhost_vsock module,
//   /dev/vsock, a QEMU binary), and the refusal must name exactly that one, through our client's error.
// - With the qemu driver, a VM is created, read back as a virtual machine and deleted.
//
// The test that does not apply is reported as skipped, by its name, never run as a pass: a machine without VM
// support cannot say anything about VMs, and failing there would fail every CI run for a host limitation. If the
// probe of the daemon fails, the refusal test runs and fails in the suite's precheck (a missing daemon is a
// failure, never a skip).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { IncusOperationError, resolveSocketPath } from "../../../lib/incus";
import type { IncusError } from "../../../lib/incus";
import { rootDisk, uniqueName } from "../../support/incus";
import { incusSuite } from "../../support/incus-suite";

jest.setTimeout(120_000);

const { client, cleanup } = incusSuite({ image: false });

/** `environment.driver` of GET /1.0, split ("lxc | qemu" → ["lxc", "qemu"]); undefined when the daemon did not answer. */
function daemonDrivers(): string[] | undefined {
  const script = `
    const req = require("node:http").get({ socketPath: process.argv[1], path: "/1.0", timeout: 10000 }, (res) => {
      let body = "";
      res.on("data", (d) => (body += d)).on("end", () => process.stdout.write(body));
    });
    req.on("error", () => process.exit(1)).on("timeout", () => process.exit(1));`;
  const r = spawnSync(process.execPath, ["-e", script, resolveSocketPath()], { encoding: "utf8", timeout: 15_000 });
  try {
    const driver = (JSON.parse(r.stdout) as { metadata?: { environment?: { driver?: string } } }).metadata?.environment
      ?.driver;
    return typeof driver === "string" ? driver.split("|").map((d) => d.trim()) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The first host feature VMs need that this machine lacks, checked the way and in the order incusd does at start
 * (the qemu driver's Info(): /dev/kvm, then `modprobe vhost_vsock` unless /sys/module/vhost_vsock exists, then
 * /dev/vsock, then qemu-system-<arch> on PATH), with Incus's words for it; undefined when nothing is missing.
 */
function missingVmFeature(): { feature: string; incusSays: string } | undefined {
  if (!existsSync("/dev/kvm")) return { feature: "/dev/kvm", incusSays: "KVM support is missing (no /dev/kvm)" };
  if (!existsSync("/sys/module/vhost_vsock") && spawnSync("modprobe", ["-n", "-b", "vhost_vsock"]).status !== 0) {
    return { feature: "the vhost_vsock kernel module", incusSays: "vhost_vsock kernel module not loaded" };
  }
  if (!existsSync("/dev/vsock"))
    return { feature: "/dev/vsock", incusSays: "Vsock support is missing (no /dev/vsock)" };
  const qemu = {
    x64: "qemu-system-x86_64",
    arm64: "qemu-system-aarch64",
    ppc64: "qemu-system-ppc64",
    s390x: "qemu-system-s390x",
  }[process.arch as string];
  if (!qemu || spawnSync("sh", ["-c", `command -v ${qemu}`]).status !== 0)
    return { feature: qemu ?? `QEMU for ${process.arch}`, incusSays: "QEMU command not available" };
  return undefined;
}

const drivers = daemonDrivers();
const vmCapable = drivers?.includes("qemu") ?? false;

(vmCapable ? test.skip : test)(
  "without VM support (no qemu driver): a VM request is refused, naming the missing host feature",
  async () => {
    const missing = missingVmFeature();
    if (!missing) {
      throw new Error(
        `incusd reports the drivers ${JSON.stringify(
          drivers,
        )} (no qemu), but this host has everything VMs need (/dev/kvm, vhost_vsock, ` +
          "/dev/vsock, QEMU): incusd probes these once, at start; restart it (scripts/setup-incus.sh) so it finds them.",
      );
    }
    const name = uniqueName("vm");
    cleanup.add(`instance ${name}`, () => client.instances.delete(name));
    const err = (await client.instances
      .create({
        name,
        type: "virtual-machine",
        source: { type: "none" },
        devices: { root: { ...rootDisk().root, size: "1GiB" } },
      })
      .then(
        () => new Error(`Incus created virtual machine ${name} although its drivers are ${JSON.stringify(drivers)}`),
        (e: unknown) => e as IncusError,
      )) as IncusError;
    expect(err).toBeInstanceOf(IncusOperationError);
    expect({ method: err.method, path: err.path }).toEqual({ method: "POST", path: "/1.0/instances" });
    // Incus's words, in full: the instance type, that this server cannot run it, and the one missing feature.
    expect(err.incusMessage).toContain(
      `Instance type "virtual-machine" is not supported on this server: ${missing.incusSays}`,
    );
    expect(err.message).toContain(err.incusMessage);
    expect(await client.instances.find(name)).toBeUndefined();
  },
);

(vmCapable ? test : test.skip)(
  "with VM support (qemu driver): a virtual machine is created, read back and deleted",
  async () => {
    const name = uniqueName("vm");
    cleanup.add(`instance ${name}`, () => client.instances.delete(name));
    await client.instances.create({
      name,
      type: "virtual-machine",
      source: { type: "none" },
      devices: { root: { ...rootDisk().root, size: "1GiB" } },
    });
    const vm = (await client.instances.get(name)).value;
    expect({ type: vm.type, status: vm.status, root: vm.devices.root }).toEqual({
      type: "virtual-machine",
      status: "Stopped",
      root: { ...rootDisk().root, size: "1GiB" },
    });
    await client.instances.delete(name);
    expect(await client.instances.find(name)).toBeUndefined();
  },
);
