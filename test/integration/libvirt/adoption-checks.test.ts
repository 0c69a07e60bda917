// Adopt-on-create beyond the ownership marker, against the real terraform and libvirtd: a marked domain that holds
// a passed-through device and qemu:commandline is adopted with a warning naming them (in the plan and the apply); a
// marked domain of another hypervisor type, and a released volume that is an overlay of another base, are refused
// with the import command.
import { writeReleaseRecord } from "../../../lib/provider/libvirt/volume/release";
import { LIBVIRT_TEST_POOL, libvirtTestPrefix } from "../../support/libvirt";
import { header, ownerXml, OWNER_NS } from "./harness";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(300_000);

const prefix = libvirtTestPrefix("adoptchk");
const POOL = LIBVIRT_TEST_POOL;
const suite = libvirtWorkspaceSuite(prefix, () => header());

function markedDomainXml(name: string, marker: string): string {
  return `<domain type='qemu' xmlns:qemu='http://libvirt.org/schemas/domain/qemu/1.0'>
  <name>${name}</name>
  <metadata><cdktf-virt:owner xmlns:cdktf-virt='${OWNER_NS}'>${marker}</cdktf-virt:owner></metadata>
  <memory unit='MiB'>64</memory>
  <vcpu>1</vcpu>
  <os><type arch='x86_64' machine='pc'>hvm</type></os>
  <devices>
    <hostdev mode='subsystem' type='usb'><source><vendor id='0x1234'/><product id='0x5678'/></source></hostdev>
  </devices>
  <qemu:commandline><qemu:arg value='-no-reboot'/></qemu:commandline>
</domain>
`;
}

function domainHcl(resource: string, name: string, type: string, marker: string): string {
  return `
resource "libvirt_domain" "${resource}" {
  name        = "${name}"
  type        = "${type}"
  memory      = 64
  memory_unit = "MiB"
  running     = false
  metadata    = { xml = "${ownerXml(marker)}" }
}
`;
}

test("a marked domain with a hostdev and qemu:commandline is adopted with a warning naming them", async () => {
  const name = `${prefix}vm`;
  await suite.client.virsh.run(["define", "/dev/stdin"], { input: markedDomainXml(name, "adoptchk/vm") });
  suite.ws.write("main.tf", header() + domainHcl("vm", name, "qemu", "adoptchk/vm"));

  const plan = await suite.ws.plan();
  expect(plan.code).toBe(2);
  const planned = plan.output.replace(/\s+/g, " ");
  expect(planned).toContain(`Adopted domain ${name} keeps parts this configuration does not manage`);
  expect(planned).toContain("<hostdev>, <qemu:commandline>");

  const applied = await suite.ws.apply();
  expect(applied.output.replace(/\s+/g, " ")).toContain("<hostdev>, <qemu:commandline>");
  expect(applied.output).toContain("libvirt_domain.vm: Creation complete");
});

test("a marked domain of another type is refused, naming the import command", async () => {
  const name = `${prefix}typed`;
  await suite.client.virsh.run(["define", "/dev/stdin"], { input: markedDomainXml(name, "adoptchk/typed") });
  suite.ws.write("main.tf", header() + domainHcl("typed", name, "kvm", "adoptchk/typed"));
  const r = await suite.ws.run(["apply", "-auto-approve", "-input=false"]);
  expect(r.code).toBe(1);
  const output = r.output.replace(/\s+/g, " ");
  expect(output).toContain("it is a qemu domain and the configuration creates a kvm one");
  expect(output).toContain(`terraform import libvirt_domain.<resource name> ${name}`);
  expect((await suite.client.domains.info(name)).type).toBe("qemu");
});

test("a released volume that is an overlay of another base is not adopted", async () => {
  const base = await suite.client.volumes.create(POOL, {
    name: `${prefix}base`,
    capacity: 1024 * 1024,
    format: "qcow2",
  });
  const name = `${prefix}data`;
  await suite.client.volumes.create(POOL, {
    name,
    format: "qcow2",
    backingStore: { path: base.path!, format: "qcow2" },
  });
  await writeReleaseRecord(suite.client, POOL, name, "released:adoptchk/data", {});
  suite.ws.write(
    "main.tf",
    `${header()}
resource "libvirt_volume" "data" {
  name     = "${name}"
  pool     = "${POOL}"
  capacity = ${1024 * 1024}
  target   = { format = { type = "qcow2" } }
  adopt    = "released"
}
`,
  );
  const r = await suite.ws.run(["apply", "-auto-approve", "-input=false"]);
  expect(r.code).toBe(1);
  const output = r.output.replace(/\s+/g, " ");
  expect(output).toContain(
    `It is an overlay of ${base.path}, and the configuration asks for a volume without a backing store`,
  );
  expect(output).toContain(`terraform import libvirt_volume.<resource name> ${POOL}/${name}`);
  expect((await suite.client.volumes.info(POOL, name)).backingStore?.path).toBe(base.path);
});
