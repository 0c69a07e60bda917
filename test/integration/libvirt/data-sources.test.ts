// The libvirt provider's data sources (0.9.x shapes) through the real terraform and libvirtd: libvirt_node_info
// against `virsh nodeinfo`, libvirt_node_devices and libvirt_node_device_info against the host's loopback
// interface, and libvirt_domain_interface_addresses for the offline test guest on a NAT network (its udhcpc gets a
// lease from libvirt's dnsmasq) and for a domain that is not running (no addresses).
import { execFileSync } from "node:child_process";
import { randomInt } from "node:crypto";
import { LIBVIRT_TEST_URI, libvirtTestPrefix } from "../../support/libvirt";
import { header } from "./harness";
import { guestCmdline, requireTestGuest, testGuestHypervisor } from "./support/test-guest";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(600_000);

const prefix = libvirtTestPrefix("data");
const suite = libvirtWorkspaceSuite(prefix, () => header());
const virsh = (...args: string[]) => execFileSync("virsh", ["-c", LIBVIRT_TEST_URI, ...args], { encoding: "utf8" });

async function outputs(): Promise<Record<string, unknown>> {
  const shown = await suite.ws.ok(["output", "-json"]);
  const parsed = JSON.parse(shown.stdout) as Record<string, { value: unknown }>;
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, v.value]));
}

test("node info and node devices match what virsh reports for this host", async () => {
  suite.ws.write(
    "main.tf",
    `${header()}
data "libvirt_node_info" "host" {}
data "libvirt_node_devices" "all" {}
data "libvirt_node_devices" "net" {
  capability = "net"
}
data "libvirt_node_device_info" "lo" {
  name = one([for d in data.libvirt_node_devices.net.devices : d if startswith(d, "net_lo_")])
}
output "info" { value = data.libvirt_node_info.host }
output "all" { value = data.libvirt_node_devices.all.devices }
output "net" { value = data.libvirt_node_devices.net }
output "lo" { value = data.libvirt_node_device_info.lo }
`,
  );
  await suite.ws.apply();
  const out = await outputs();
  const nodeinfo = virsh("nodeinfo");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(nodeinfo)?.[1]);
  expect(out.info).toMatchObject({
    cpu_cores_total: field("CPU\\(s\\)"),
    cpu_sockets: field("CPU socket\\(s\\)"),
    cpu_cores_per_socket: field("Core\\(s\\) per socket"),
    cpu_threads_per_core: field("Thread\\(s\\) per core"),
    numa_nodes: field("NUMA cell\\(s\\)"),
    memory_total_kb: field("Memory size"),
    cpu_model: /^CPU model:\s+(\S+)/m.exec(nodeinfo)?.[1],
  });
  expect((out.info as { id: string }).id).toMatch(/^[0-9a-f]{16}$/);
  const listed = virsh("nodedev-list")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .sort();
  expect(out.all).toEqual(listed);
  const net = out.net as { capability: string; devices: string[]; id: string };
  expect(net.capability).toBe("net");
  expect(net.devices.every((d) => d.startsWith("net_"))).toBe(true);
  expect(out.lo).toMatchObject({
    parent: "computer",
    path: expect.stringContaining("/net/lo"),
    capability: { type: "net", interface: "lo", address: "00:00:00:00:00:00", bus: null, size: null },
  });

  // A device that does not exist: libvirt's error, not a crash.
  suite.ws.write("main.tf", `${header()}data "libvirt_node_device_info" "x" {\n  name = "${prefix}none"\n}\n`);
  const refused = await suite.ws.plan();
  expect(refused.code).toBe(1);
  expect(refused.output).toMatch(/[Nn]ode device not found|no node device/);
});

test("domain interface addresses: the test guest's DHCP lease on a NAT network; none for a stopped domain", async () => {
  const guest = requireTestGuest();
  const subnet = `10.245.${randomInt(1, 254)}`;
  suite.ws.write(
    "main.tf",
    `${header()}
resource "libvirt_network" "nat" {
  name    = "${prefix}nat"
  forward = { mode = "nat" }
  ips     = [{ address = "${subnet}.1", prefix = 24, dhcp = { ranges = [{ start = "${subnet}.10", end = "${subnet}.20" }] } }]
}

resource "libvirt_domain" "vm" {
  name   = "${prefix}vm"
  type   = "${testGuestHypervisor()}"
  memory = 256
  memory_unit = "MiB"
  os = {
    type    = "hvm"
    kernel  = "${guest.kernel}"
    initrd  = "${guest.initrd}"
    cmdline = "${guestCmdline("cdktf.data=none")}"
  }
  devices = {
    interfaces = [{
      type   = "network"
      model  = { type = "virtio" }
      source = { network = { network = libvirt_network.nat.name } }
      wait_for_ip = { timeout = 300, source = "lease" }
    }]
  }
}

resource "libvirt_domain" "stopped" {
  name    = "${prefix}stopped"
  type    = "${testGuestHypervisor()}"
  running = false
}

data "libvirt_domain_interface_addresses" "vm" {
  domain = libvirt_domain.vm.id
  source = "lease"
}
data "libvirt_domain_interface_addresses" "any" {
  domain = libvirt_domain.vm.name
}
data "libvirt_domain_interface_addresses" "stopped" {
  domain = libvirt_domain.stopped.name
}
output "vm" { value = data.libvirt_domain_interface_addresses.vm }
output "any" { value = data.libvirt_domain_interface_addresses.any }
output "stopped" { value = data.libvirt_domain_interface_addresses.stopped }
`,
  );
  await suite.ws.apply();
  const out = await outputs();
  const uuid = virsh("domuuid", `${prefix}vm`).trim();
  const mac = /mac address='([^']+)'/.exec(virsh("dumpxml", `${prefix}vm`))?.[1];
  const lease = new RegExp(`${mac}\\s+ipv4\\s+(${subnet.replace(/\./g, "\\.")}\\.\\d+)/24`).exec(
    virsh("net-dhcp-leases", `${prefix}nat`),
  )?.[1];
  expect(lease).toBeDefined();
  const expected = {
    name: expect.stringMatching(/^vnet\d+$/),
    hwaddr: mac,
    addrs: [{ type: "ipv4", addr: lease, prefix: 24 }],
  };
  expect(out.vm).toEqual({ domain: uuid, source: "lease", id: uuid, interfaces: [expected] });
  // No guest agent in the test guest: "any" falls back to the leases.
  expect(out.any).toMatchObject({ source: null, id: uuid, interfaces: [expected] });
  expect(out.stopped).toMatchObject({ interfaces: [], id: virsh("domuuid", `${prefix}stopped`).trim() });

  suite.ws.write("main.tf", header());
  await suite.ws.apply();
});
