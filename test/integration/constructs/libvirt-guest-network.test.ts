// A libvirt network with DHCP and a domain that waits for its address, on the real libvirtd with the offline test
// guest (its udhcpc asks for a lease). The subnet is isolated (no forward): it routes nowhere but the host. Checked:
// the address the deploy waited for is the one the guest configured and the lease libvirt reports, the MAC is
// the guest's, both reach a stack output, and the plan after the deploy is empty.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TerraformOutput } from "cdktf";
import { Instance, LibvirtHost, Network } from "../../../lib";
import { LIBVIRT_TEST_URI } from "../../support/libvirt";
import { guestCmdline, requireTestGuest, testGuestHypervisor, waitForGuestReport } from "../libvirt/support/test-guest";
import { libvirtConstructsSuite } from "./support";

const lv = libvirtConstructsSuite("gnet");
const hypervisor = testGuestHypervisor();
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "libvirt-guest-net-it-"));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A /24 in 10.213.0.0/16 that no interface of this machine has (other suites may run at the same time). */
function freeSubnet(): string {
  const used = execFileSync("ip", ["-o", "-4", "addr", "show"], { encoding: "utf8" });
  for (let attempt = 0; attempt < 64; attempt++) {
    const third = Math.floor(Math.random() * 254) + 1;
    if (!used.includes(` 10.213.${third}.`)) return `10.213.${third}`;
  }
  throw new Error("no free 10.213.x.0/24 subnet on this machine");
}

test(`a domain on a DHCP network: waitFor ipv4 gives the guest's address and MAC (${hypervisor})`, async () => {
  const guest = requireTestGuest();
  const subnet = freeSubnet();
  const consoleLog = join(scratch, "console.log");
  const synth = (memory: string) =>
    lv.run.synth((stack) => {
      const host = new LibvirtHost(stack, "kvm", { uri: LIBVIRT_TEST_URI });
      const network = new Network(stack, "net", { host, libvirt: { ipv4: `${subnet}.1/24` } });
      const vm = new Instance(stack, "vm", {
        host,
        memory,
        network,
        libvirt: {
          hypervisor,
          shutdownTimeoutSeconds: 20,
          kernelBoot: {
            kernel: guest.kernel,
            initrd: guest.initrd,
            cmdline: guestCmdline("cdktf.data=none"),
          },
          serialLogFile: consoleLog,
          waitFor: { ipv4: true, timeoutSeconds: 240 },
        },
      });
      new TerraformOutput(stack, "ipv4", { value: vm.ipv4Address });
      new TerraformOutput(stack, "mac", { value: vm.libvirt.macAddress });
    });
  synth("256MiB");
  await lv.run.deploy();
  const output = async (name: string) => (await lv.run.ok(["output", "-raw", name])).output.trim();
  const [ipv4, mac] = [await output("ipv4"), await output("mac")];
  expect(ipv4).toMatch(new RegExp(`^${subnet.replace(/\./g, "\\.")}\\.(\\d+)$`));
  expect(mac).toMatch(/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/);

  const report = await waitForGuestReport(consoleLog);
  expect(report.get("ipv4")).toBe(ipv4);
  expect(report.get("mac")).toBe(mac);
  const leases = lv.virsh("net-dhcp-leases", `${lv.stackName}-net`);
  expect(leases).toContain(mac);
  expect(leases).toContain(`${ipv4}/24`);
  // The host has the subnet's first address on the bridge; nothing forwards it anywhere.
  expect(lv.virsh("net-dumpxml", `${lv.stackName}-net`)).not.toContain("<forward");

  // More memory is an in-place update that restarts the guest: it waits for the lease again (same MAC, same
  // address), and the plan after it is empty.
  synth("288MiB");
  const plan = await lv.run.plan();
  expect(plan.output).toMatch(/libvirt_domain\.vm will be updated in-place/);
  await lv.run.deploy();
  expect(await output("ipv4")).toBe(ipv4);
  expect(await output("mac")).toBe(mac);
  expect((await waitForGuestReport(consoleLog)).get("ipv4")).toBe(ipv4);

  expect((await lv.run.destroy()).code).toBe(0);
}, 600_000);

test("waitFor fails after its timeout, naming the interface, when no lease comes", async () => {
  const subnet = freeSubnet();
  lv.run.synth((stack) => {
    const host = new LibvirtHost(stack, "kvm", { uri: LIBVIRT_TEST_URI });
    const network = new Network(stack, "net", { host, libvirt: { ipv4: `${subnet}.1/24` } });
    // No disk and no kernel: the firmware finds nothing to boot, so nothing asks for an address.
    new Instance(stack, "vm", {
      host,
      memory: "64MiB",
      network,
      libvirt: { hypervisor, shutdownTimeoutSeconds: 0, waitFor: { ipv4: true, timeoutSeconds: 5 } },
    });
  });
  await lv.run.init();
  const started = Date.now();
  const applied = await lv.run.run(["apply", "-auto-approve", "-input=false"]);
  expect(applied.code).not.toBe(0);
  expect(applied.output).toMatch(/No IPv4 address/);
  const detail = applied.output.replace(/\s+/g, " "); // terraform wraps long diagnostics
  expect(detail).toMatch(
    new RegExp(`Interface 0 \\(MAC [0-9a-f:]{17}\\) got no DHCP lease on network ${lv.stackName}-net within 5 s`),
  );
  expect(Date.now() - started).toBeLessThan(120_000);
  expect((await lv.run.destroy()).code).toBe(0);
  expect(lv.virsh("list", "--all", "--name")).not.toContain(`${lv.stackName}-vm`);
}, 300_000);
