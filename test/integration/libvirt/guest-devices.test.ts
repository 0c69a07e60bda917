// Devices checked from inside the offline test guest (scripts/test-guest/init), through terraform on the real
// libvirtd: one domain booted by OVMF (UEFI) straight into the test guest's kernel, with an emulated TPM, a virtio RNG,
// a read-only 9p share of a host directory and the QEMU guest agent's channel, on a NAT network. The guest reports on
// its serial console that it booted through UEFI with EFI variables, sees /dev/tpm0, uses the virtio RNG, mounted the
// share (and read the host's file), started qemu-ga and got its DHCP lease; wait_for_ip with source "agent" waits for
// the address the agent reports, which the state then shows. A second domain with its NIC on a host bridge
// (source.bridge) gets its lease from the dnsmasq serving that bridge and reports the address.
import { execFileSync } from "node:child_process";
import { randomInt } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LIBVIRT_TEST_URI, libvirtTestPrefix } from "../../support/libvirt";
import { expectEmptyPlan, header } from "./harness";
import { guestCmdline, requireTestGuest, testGuestHypervisor, waitForGuestReport } from "./support/test-guest";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(600_000);

const prefix = libvirtTestPrefix("gdev");
const suite = libvirtWorkspaceSuite(prefix, () => header());
const virsh = (...args: string[]) => execFileSync("virsh", ["-c", LIBVIRT_TEST_URI, ...args], { encoding: "utf8" });
const OVMF = "/usr/share/OVMF";

test("UEFI, TPM, RNG and a 9p share are seen by the guest; wait_for_ip through the guest agent", async () => {
  const guest = requireTestGuest();
  const share = join(suite.ws.root, "share");
  mkdirSync(share, { recursive: true });
  const marker = `shared-${randomInt(1_000_000)}`;
  writeFileSync(join(share, "cdktf-guest.txt"), `${marker}\n`);
  const consoleLog = join(suite.ws.root, "console.log");
  const subnet = `10.246.${randomInt(1, 254)}`;
  suite.ws.write(
    "main.tf",
    `${header()}
resource "libvirt_network" "nat" {
  name    = "${prefix}nat"
  forward = { mode = "nat" }
  ips     = [{ address = "${subnet}.1", prefix = 24, dhcp = { ranges = [{ start = "${subnet}.10", end = "${subnet}.20" }] } }]
}

resource "libvirt_domain" "vm" {
  name        = "${prefix}vm"
  type        = "${testGuestHypervisor()}"
  memory      = 256
  memory_unit = "MiB"
  os = {
    type            = "hvm"
    type_machine    = "q35"
    loader          = "${OVMF}/OVMF_CODE_4M.fd"
    loader_readonly = "yes"
    loader_type     = "pflash"
    nv_ram          = { template = "${OVMF}/OVMF_VARS_4M.fd" }
    kernel          = "${guest.kernel}"
    initrd          = "${guest.initrd}"
    cmdline         = "${guestCmdline("cdktf.root=none", "cdktf.data=none", "cdktf.seed=0")}"
  }
  features = { acpi = true, apic = {} }
  devices = {
    consoles   = [{ type = "file", source = { path = "${consoleLog}" }, target = { type = "serial", port = 0 } }]
    interfaces = [{
      model       = { type = "virtio" }
      source      = { network = { network = libvirt_network.nat.name } }
      wait_for_ip = { timeout = 300, source = "agent" }
    }]
    channels    = [{ source = { unix = {} }, target = { virt_io = { name = "org.qemu.guest_agent.0" } } }]
    rngs        = [{ model = "virtio", backend = { random = "/dev/urandom" } }]
    tpms        = [{ model = "tpm-crb", backend = { emulator = { version = "2.0" } } }]
    filesystems = [{ source = { mount = { dir = "${share}" } }, target = { dir = "hostshare" }, read_only = true }]
  }
}
`,
  );
  // The apply returns once the guest agent reports an address for the interface's MAC (wait_for_ip).
  await suite.ws.apply();
  const report = await waitForGuestReport(consoleLog);
  expect(report.get("efi")).toMatch(/^present:[1-9]\d*$/);
  expect(report.get("tpm")).toBe("/dev/tpm0:2");
  expect(report.get("rng")).toBe("virtio_rng.0");
  expect(report.get("9p.hostshare")).toBe(`mounted:${marker}`);
  expect(report.get("agent")).toMatch(/^vport\d+p\d+$/);
  const ipv4 = report.get("ipv4");
  expect(ipv4).toMatch(new RegExp(`^${subnet.replace(/\./g, "\\.")}\\.\\d+$`));

  // What the agent itself answers, and the address in state: the one the guest reported.
  expect(JSON.parse(virsh("qemu-agent-command", `${prefix}vm`, '{"execute":"guest-ping"}'))).toEqual({ return: {} });
  const mac = /mac address='([^']+)'/.exec(virsh("dumpxml", `${prefix}vm`))?.[1];
  expect(virsh("domifaddr", `${prefix}vm`, "--source", "agent")).toMatch(new RegExp(`${mac}\\s+ipv4\\s+${ipv4}/24`));
  const state = await suite.ws.resource("libvirt_domain.vm");
  const devices = state?.values.devices as { interfaces: { addresses: string[]; mac: { address: string } }[] };
  expect(devices.interfaces[0].mac.address.toLowerCase()).toBe(mac);
  expect(devices.interfaces[0].addresses).toEqual([ipv4]);
  await expectEmptyPlan(suite.ws);
});

test("a NIC on a host bridge (source.bridge) gets its DHCP lease in the guest", async () => {
  const guest = requireTestGuest();
  const consoleLog = join(suite.ws.root, "bridged-console.log");
  const subnet = `10.247.${randomInt(1, 254)}`;
  // The host bridge is the one a NAT network of this file brings up (its dnsmasq answers DHCP on it): the domain
  // only names the bridge device, as it would name a LAN bridge such as br0.
  const bridge = `tlgb${prefix.slice(-7, -1)}`;
  // The first test's objects go with this configuration (the same workspace).
  const ws = suite.ws;
  ws.write(
    "main.tf",
    `${header()}
resource "libvirt_network" "lan" {
  name    = "${prefix}lan"
  forward = { mode = "nat" }
  bridge  = { name = "${bridge}" }
  ips     = [{ address = "${subnet}.1", prefix = 24, dhcp = { ranges = [{ start = "${subnet}.10", end = "${subnet}.20" }] } }]
}

resource "libvirt_domain" "bridged" {
  name        = "${prefix}bridged"
  type        = "${testGuestHypervisor()}"
  memory      = 128
  memory_unit = "MiB"
  os = {
    type    = "hvm"
    kernel  = "${guest.kernel}"
    initrd  = "${guest.initrd}"
    cmdline = "${guestCmdline("cdktf.root=none", "cdktf.data=none", "cdktf.seed=0")}"
  }
  devices = {
    consoles   = [{ type = "file", source = { path = "${consoleLog}" }, target = { type = "serial", port = 0 } }]
    interfaces = [{ model = { type = "virtio" }, source = { bridge = { bridge = "${bridge}" } } }]
  }
  depends_on = [libvirt_network.lan]
}
`,
  );
  await ws.apply();
  const xml = virsh("dumpxml", `${prefix}bridged`);
  expect(xml).toMatch(new RegExp(`<interface type='bridge'>[\\s\\S]*<source bridge='${bridge}'/>`));
  const report = await waitForGuestReport(consoleLog);
  expect(report.get("ipv4")).toMatch(new RegExp(`^${subnet.replace(/\./g, "\\.")}\\.\\d+$`));
  await expectEmptyPlan(ws);
});
