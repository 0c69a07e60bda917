// libvirt_domain devices beyond disks and interfaces through terraform on the real libvirtd: VNC graphics with a
// listen address and a password (sensitive in the plan), a video card, the QEMU guest agent's channel, a virtio RNG,
// an emulated TPM (swtpm, scripts/setup-libvirt.sh), a watchdog, a 9p shared directory and the memory balloon. The domain runs (so QEMU and
// swtpm accept them); each device is checked in `virsh dumpxml`, changed in place, and the plan after apply is empty.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LIBVIRT_TEST_HYPERVISOR, libvirtTestPrefix } from "../../support/libvirt";
import { expectEmptyPlan, header } from "./harness";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(600_000);

const prefix = libvirtTestPrefix("devs");
const suite = libvirtWorkspaceSuite(prefix, () => header());
const name = `${prefix}vm`;
const secret = `pw${prefix.slice(-7, -1)}`; // VNC passwords have at most 8 characters

function config(v: { heads: number; action: string; rng: boolean }): string {
  return `${header()}
resource "libvirt_domain" "vm" {
  name        = "${name}"
  type        = "${LIBVIRT_TEST_HYPERVISOR}"
  memory      = 128
  memory_unit = "MiB"
  devices = {
    graphics    = [{ vnc = { listen = "127.0.0.1", passwd = "${secret}" } }]
    videos      = [{ model = { type = "virtio", heads = ${v.heads} } }]
    channels    = [{ source = { unix = {} }, target = { virt_io = { name = "org.qemu.guest_agent.0" } } }]
    rngs        = [${v.rng ? `{ backend = { random = "/dev/urandom" } }` : ""}]
    tpms        = [{ model = "tpm-crb", backend = { emulator = { version = "2.0" } } }]
    watchdogs   = [{ model = "i6300esb", action = "${v.action}" }]
    mem_balloon = { model = "virtio" }
    filesystems = [{ source = { mount = { dir = "${share}" } }, target = { dir = "hostshare" }, read_only = ${v.rng ? "true" : "false"} }]
  }
}
`;
}

const share = mkdtempSync(join(tmpdir(), `${prefix}share-`));
afterAll(() => rmSync(share, { recursive: true, force: true }));

const oneLine = (xml: string) => xml.replace(/>\s+</g, "><");

test("graphics, video, guest agent channel, RNG, TPM, watchdog and balloon are defined, run, update in place", async () => {
  suite.ws.write("main.tf", config({ heads: 1, action: "reset", rng: true }));
  const plan = await suite.ws.plan();
  expect(plan.output).toMatch(/passwd\s+= \(sensitive value\)/);
  expect(plan.output).not.toContain(secret);
  await suite.ws.apply();
  expect((await suite.client.domains.info(name)).active).toBe(true);
  let xml = oneLine(await suite.client.domains.dumpxml(name));
  expect(xml).toMatch(/<graphics type='vnc' port='-1' autoport='yes' listen='127.0.0.1'>/);
  expect(xml).toMatch(/<video><model type='virtio' heads='1'/);
  expect(xml).toMatch(/<channel type='unix'><target type='virtio' name='org.qemu.guest_agent.0'\/>/);
  expect(xml).toContain("<rng model='virtio'><backend model='random'>/dev/urandom</backend>");
  expect(xml).toContain("<tpm model='tpm-crb'><backend type='emulator' version='2.0'/>");
  expect(xml).toContain("<watchdog model='i6300esb' action='reset'>");
  expect(xml).toContain("<memballoon model='virtio'>");
  expect(xml).toMatch(
    new RegExp(
      `<filesystem type='mount' accessmode='passthrough'><source dir='${share}'/><target dir='hostshare'/><readonly/>`,
    ),
  );
  // The password is stored (libvirt shows it only with --security-info).
  const secure = await suite.client.domains.info(name);
  expect(secure.inactiveXml.includes(`passwd='${secret}'`) || xml.includes("passwd=")).toBe(false);
  await expectEmptyPlan(suite.ws);

  const uuid = secure.uuid;
  suite.ws.write("main.tf", config({ heads: 2, action: "poweroff", rng: false }));
  const update = await suite.ws.plan();
  expect(update.output).toContain("1 to change, 0 to destroy");
  await suite.ws.apply();
  xml = oneLine(await suite.client.domains.dumpxml(name));
  expect(xml).toMatch(/<video><model type='virtio' heads='2'/);
  expect(xml).toContain("<watchdog model='i6300esb' action='poweroff'>");
  expect(xml).not.toContain("<rng");
  expect(xml).not.toContain("<readonly/>");
  expect(xml).toContain("<tpm model='tpm-crb'>");
  const after = await suite.client.domains.info(name);
  expect(after.uuid).toBe(uuid);
  expect(after.active).toBe(true);
  await expectEmptyPlan(suite.ws);
});

test("graphics with both vnc and spice, and a VNC password over 8 characters, are refused at plan time", async () => {
  suite.ws.write(
    "main.tf",
    `${header()}
resource "libvirt_domain" "bad" {
  name    = "${prefix}bad"
  type    = "${LIBVIRT_TEST_HYPERVISOR}"
  running = false
  devices = { graphics = [{ vnc = {}, spice = {} }, { vnc = { passwd = "123456789" } }] }
}
`,
  );
  const plan = await suite.ws.plan();
  expect(plan.code).toBe(1);
  const out = plan.output.replace(/\s+/g, " ");
  expect(out).toContain("Set exactly one of vnc and spice, not both");
  expect(out).toContain("A VNC password has at most 8 characters, this one has 9");
  expect(out).not.toContain("123456789");
});
