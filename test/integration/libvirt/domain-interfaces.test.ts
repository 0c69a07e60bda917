// libvirt_domain interfaces of every modelled kind (an existing host bridge, macvtap on a host NIC, user-mode) and
// per-device boot order, disk WWN and driver cache/io/discard, through terraform on the real libvirtd: the elements
// are in `virsh dumpxml`, a change is applied in place, the plan after apply is empty, and bad combinations are
// refused at plan time. The bridge and the NIC under the macvtap device are created (and removed) by this file.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { LIBVIRT_TEST_HYPERVISOR, libvirtTestPrefix } from "../../support/libvirt";
import { expectEmptyPlan, header, qcow2Image } from "./harness";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(600_000);

const prefix = libvirtTestPrefix("nics");
const suite = libvirtWorkspaceSuite(prefix, () => header());
// Host interface names have at most 15 characters.
const tag = randomBytes(3).toString("hex");
const bridge = `tlvbr${tag}`;
const nic = `tlvnic${tag}`;
const peer = `tlvpeer${tag}`;

beforeAll(() => {
  execFileSync("ip", ["link", "add", bridge, "type", "bridge"]);
  execFileSync("ip", ["link", "add", nic, "type", "veth", "peer", "name", peer]);
});
afterAll(() => {
  for (const dev of [bridge, nic]) {
    try {
      execFileSync("ip", ["link", "del", dev], { stdio: "ignore" });
    } catch {
      // already gone
    }
  }
});

function config(image: string, v: { mode: string; diskBoot: number; nicBoot: number; cache: string }): string {
  return `${header()}
resource "libvirt_domain" "vm" {
  name    = "${prefix}vm"
  type    = "${LIBVIRT_TEST_HYPERVISOR}"
  running = false
  devices = {
    disks = [{
      source = { file = { file = "${image}" } }
      target = { dev = "sda", bus = "scsi" }
      driver = { type = "qcow2", cache = "${v.cache}", io = "threads", discard = "unmap" }
      wwn    = "5000c50015ea71ac"
      boot   = { order = ${v.diskBoot} }
    }]
    interfaces = [
      { source = { bridge = { bridge = "${bridge}" } }, model = { type = "e1000" }, mac = { address = "52:54:00:aa:bb:01" }, boot = { order = ${v.nicBoot} } },
      { source = { direct = { dev = "${nic}", mode = "${v.mode}" } } },
      { type = "user", source = { user = {} } },
    ]
  }
}
`;
}

/** The element `<name ...>` of `xml` whose text contains `marker`, as one line. */
function element(xml: string, name: string, marker: string): string {
  const all = xml.match(new RegExp(`<${name}[\\s>][\\s\\S]*?</${name}>`, "g")) ?? [];
  const found = all.find((e) => e.includes(marker));
  if (!found) throw new Error(`no <${name}> with ${marker} in:\n${xml}`);
  return found.replace(/\s+/g, " ");
}

test("bridge, direct and user interfaces and disk boot/wwn/driver settings are defined, updated in place, no drift", async () => {
  const image = qcow2Image(suite.ws, "disk.qcow2", "8M");
  suite.ws.write("main.tf", config(image, { mode: "bridge", diskBoot: 1, nicBoot: 2, cache: "none" }));
  await suite.ws.apply();
  const name = `${prefix}vm`;
  let xml = await suite.client.domains.dumpxml(name);
  const disk = element(xml, "disk", image);
  expect(disk).toMatch(/<driver name='qemu' type='qcow2' cache='none' io='threads' discard='unmap'\/>/);
  expect(disk).toContain("<boot order='1'/>");
  expect(disk).toContain("<wwn>5000c50015ea71ac</wwn>");
  const onBridge = element(xml, "interface", bridge);
  expect(onBridge).toMatch(/^<interface type='bridge'>/);
  expect(onBridge).toContain(`<source bridge='${bridge}'/>`);
  expect(onBridge).toContain("<mac address='52:54:00:aa:bb:01'/>");
  expect(onBridge).toContain("<model type='e1000'/>");
  expect(onBridge).toContain("<boot order='2'/>");
  expect(element(xml, "interface", nic)).toMatch(
    new RegExp(`^<interface type='direct'>.*<source dev='${nic}' mode='bridge'/>`),
  );
  expect(xml).toMatch(/<interface type='user'>/);
  await expectEmptyPlan(suite.ws);

  const before = await suite.client.domains.info(name);
  suite.ws.write("main.tf", config(image, { mode: "private", diskBoot: 2, nicBoot: 1, cache: "writeback" }));
  const plan = await suite.ws.plan();
  expect(plan.code).toBe(2);
  expect(plan.output).toContain("1 to change, 0 to destroy");
  await suite.ws.apply();
  xml = await suite.client.domains.dumpxml(name);
  expect(element(xml, "disk", image)).toContain("<boot order='2'/>");
  expect(element(xml, "disk", image)).toContain("cache='writeback'");
  expect(element(xml, "interface", bridge)).toContain("<boot order='1'/>");
  expect(element(xml, "interface", nic)).toContain(`mode='private'`);
  expect((await suite.client.domains.info(name)).uuid).toBe(before.uuid);
  await expectEmptyPlan(suite.ws);
});

test("two sources, a type that does not match, wait_for_ip off a network, a shared boot order and a bad WWN are refused", async () => {
  suite.ws.write(
    "main.tf",
    `${header()}
resource "libvirt_domain" "bad" {
  name    = "${prefix}bad"
  type    = "${LIBVIRT_TEST_HYPERVISOR}"
  running = false
  devices = {
    disks = [{ source = { file = { file = "/var/tmp/${prefix}x.img" } }, target = { dev = "sda" }, boot = { order = 1 } }]
    interfaces = [
      { source = { bridge = { bridge = "br0" }, user = {} } },
      { type = "network", source = { bridge = { bridge = "br0" } }, boot = { order = 1 } },
      { source = { direct = { dev = "eth0" } }, wait_for_ip = { timeout = 10 } },
    ]
  }
}
`,
  );
  const plan = await suite.ws.plan();
  expect(plan.code).toBe(1);
  const out = plan.output.replace(/\s+/g, " ");
  expect(out).toContain(
    "Set exactly one of source.network, source.bridge, source.direct and source.user, not bridge and user",
  );
  expect(out).toContain('type = "network" but the source is source.bridge');
  expect(out).toContain("an interface on source.direct has none");
  expect(out).toContain("Boot order 1 is already used by devices.disks[0]");
  expect(await suite.client.domains.find(`${prefix}bad`)).toBeUndefined();

  // Schema-level checks run first (a failing one hides the resource's own checks above).
  suite.ws.write(
    "main.tf",
    `${header()}
resource "libvirt_domain" "bad" {
  name    = "${prefix}bad"
  type    = "${LIBVIRT_TEST_HYPERVISOR}"
  running = false
  devices = { disks = [{ source = { file = { file = "/var/tmp/${prefix}x.img" } }, target = { dev = "sda" }, wwn = "xyz" }] }
}
`,
  );
  const wwn = await suite.ws.plan();
  expect(wwn.code).toBe(1);
  expect(wwn.output.replace(/\s+/g, " ")).toContain('"xyz" is not valid: 16 hexadecimal digits');
});
