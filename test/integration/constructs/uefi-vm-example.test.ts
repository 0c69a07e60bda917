// examples/uefi-vm end to end on the real libvirtd with terraform: a UEFI domain (OVMF, its own NVRAM store) on a NAT
// network, with a VNC console whose password is a sensitive variable, a cloud-init seed, an EPHEMERAL root overlay
// and a PERSISTENT data disk. The boot image is the offline test guest (its kernel booted through the UEFI firmware).
// Checked in `virsh dumpxml` / `net-dumpxml`: loader and NVRAM, VNC graphics, the guest agent channel, the NAT
// forward; the guest's own report of its boot (fresh root, seed, MAC, a DHCP address on the NAT network); a
// cloud-init change rebuilds the domain (new UUID, same stable MAC) while the data disk is the same file; the plan
// after each deploy is empty; destroy removes everything, the NVRAM store included.
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { UefiVmStack } from "../../../examples/uefi-vm/stack";
import { LIBVIRT_TEST_URI } from "../../support/libvirt";
import { guestCmdline, requireTestGuest, testGuestHypervisor, waitForGuestReport } from "../libvirt/support/test-guest";
import { libvirtConstructsSuite } from "./support";

jest.setTimeout(300_000);

const lv = libvirtConstructsSuite("uefi");
const OVMF = "/usr/share/OVMF";

/** A /24 in 10.213.0.0/16 that no interface of this machine has (other suites may run at the same time). */
function freeSubnet(): string {
  const used = execFileSync("ip", ["-o", "-4", "addr", "show"], { encoding: "utf8" });
  for (let attempt = 0; attempt < 64; attempt++) {
    const third = Math.floor(Math.random() * 254) + 1;
    if (!used.includes(` 10.213.${third}.`)) return `10.213.${third}`;
  }
  throw new Error("no free 10.213.x.0/24 subnet on this machine");
}

const oneLine = (xml: string) => xml.replace(/>\s+</g, "><");

test("the UEFI VM example: firmware, VNC, NAT network; a rebuild keeps the data disk; destroy cleans up", async () => {
  const guest = requireTestGuest();
  const subnet = freeSubnet();
  const poolDir = join(lv.run.root, "pool");
  const consoleLog = join(lv.run.root, "console.log");
  const name = (id: string) => `${lv.stackName}-${id}`;
  process.env.TF_VAR_vnc_password = "s3cret!";
  const synth = (userData: string, unprotected = false) =>
    lv.run.synthStack(
      (app, stackName) =>
        new UefiVmStack(app, stackName, {
          uri: LIBVIRT_TEST_URI,
          poolDir,
          subnet: `${subnet}.1/24`,
          hypervisor: testGuestHypervisor(),
          userData,
          kernelBoot: {
            kernel: guest.kernel,
            initrd: guest.initrd,
            cmdline: guestCmdline("cdktf.data=none"),
          },
          serialLogFile: consoleLog,
          shutdownTimeoutSeconds: 1,
          unprotected,
        }),
    );

  synth("#cloud-config\nhostname: first\n");
  await lv.run.deploy(); // fails unless the plan right after the apply is empty
  const vm = name("vm");
  expect(lv.virsh("domstate", vm)).toBe("running");
  const xml = oneLine(lv.virsh("dumpxml", "--security-info", vm));
  expect(xml).toContain(`<loader readonly='yes' type='pflash'>${OVMF}/OVMF_CODE_4M.fd</loader>`);
  const nvram = xml.match(/<nvram template='([^']+)'>([^<]+)<\/nvram>/);
  expect(nvram?.[1]).toBe(`${OVMF}/OVMF_VARS_4M.fd`);
  expect(existsSync(nvram![2])).toBe(true);
  expect(xml).toMatch(/<type arch='x86_64' machine='pc-q35[^']*'>hvm<\/type>/);
  expect(xml).toMatch(/<graphics type='vnc' port='\d+' autoport='yes' listen='127\.0\.0\.1' passwd='s3cret!'>/);
  expect(xml).toContain("<target type='virtio' name='org.qemu.guest_agent.0'");
  expect(xml).toMatch(/<rng model='virtio'><backend model='random'>\/dev\/urandom<\/backend>/);
  expect(lv.virsh("vncdisplay", vm)).toMatch(/^127\.0\.0\.1:\d+$/);
  const net = oneLine(lv.virsh("net-dumpxml", name("nat")));
  expect(net).toMatch(/<forward mode='nat'>/);
  expect(net).toContain(`<ip address='${subnet}.1' prefix='24'>`);
  // The NIC on the NAT network, with the MAC derived from the construct path (the stack output).
  const mac = (await lv.run.ok(["output", "-raw", "mac"])).output.trim();
  expect(xml).toContain(`<mac address='${mac}'/><source network='${name("nat")}'`);
  // The password is sensitive: the state's plan output never shows it.
  const shown = await lv.run.ok(["show", "-no-color"]);
  expect(shown.output).not.toContain("s3cret!");

  // The guest boots through the UEFI firmware (its kernel loaded by OVMF): it reports a fresh root overlay, the seed's
  // instance-id, the stable MAC and an address from the NAT network's DHCP.
  const report = await waitForGuestReport(consoleLog);
  expect(report.get("root")).toBe("fresh");
  expect(report.get("instance-id")).toBe(`${lv.stackName}-vm`);
  expect(report.get("mac")).toBe(mac);
  expect(report.get("ipv4")).toMatch(new RegExp(`^${subnet.replace(/\./g, "\\.")}\\.\\d+$`));

  const before = { uuid: lv.virsh("domuuid", vm), data: statSync(join(poolDir, name("data"))) };
  const rootBirth = statSync(join(poolDir, name("root"))).birthtimeMs;

  // New cloud-init data rebuilds the domain, its seed and its root overlay; the data disk is kept.
  synth("#cloud-config\nhostname: second\n");
  const plan = await lv.run.plan();
  expect(plan.output).toMatch(/libvirt_domain\.vm (must|will) be replaced/);
  expect(plan.output).toMatch(/libvirt_volume\.root (must|will) be replaced/);
  expect(plan.output).not.toMatch(/libvirt_volume\.data (must be replaced|will be destroyed)/);
  await lv.run.deploy();
  expect(lv.virsh("domuuid", vm)).not.toBe(before.uuid);
  expect(lv.virsh("domstate", vm)).toBe("running");
  expect(statSync(join(poolDir, name("root"))).birthtimeMs).not.toBe(rootBirth);
  const data = statSync(join(poolDir, name("data")));
  expect(data.ino).toBe(before.data.ino);
  expect(data.birthtimeMs).toBe(before.data.birthtimeMs);
  expect(oneLine(lv.virsh("dumpxml", vm))).toContain(`<mac address='${mac}'/>`);
  const nvramAfter = oneLine(lv.virsh("dumpxml", vm)).match(/<nvram[^>]*>([^<]+)<\/nvram>/)![1];

  // Protection lifted, destroy removes domain, NVRAM store, volumes, seed, network and pool.
  synth("#cloud-config\nhostname: second\n", true);
  await lv.run.deploy();
  expect((await lv.run.destroy()).code).toBe(0);
  expect(lv.virsh("list", "--all", "--name").split("\n")).not.toContain(vm);
  expect(existsSync(nvramAfter)).toBe(false);
  expect(lv.virsh("net-list", "--all", "--name").split("\n")).not.toContain(name("nat"));
  expect(lv.virsh("pool-list", "--all", "--name").split("\n")).not.toContain(name("images"));
});
