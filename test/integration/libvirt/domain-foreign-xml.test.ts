// An in-place update of a libvirt_domain leaves what the provider does not manage exactly as it was: another
// tool's metadata (a character reference in an attribute, whitespace in text), qemu:commandline arguments with
// entities, a graphics password, a title with padding. The domain is defined with virsh, imported, and its
// memory changed through terraform; `virsh dumpxml` before and after differs only in the managed elements.
import { libvirtTestPrefix } from "../../support/libvirt";
import { header } from "./harness";
import { libvirtWorkspaceSuite } from "./support/workspace-suite";

jest.setTimeout(300_000);

const prefix = libvirtTestPrefix("foreign");
const name = `${prefix}vm`;
const suite = libvirtWorkspaceSuite(prefix, () => header());

const domainXml = `<domain type='qemu' xmlns:qemu='http://libvirt.org/schemas/domain/qemu/1.0'>
  <name>${name}</name>
  <title>  padded   title &amp; &quot;quoted&quot;  </title>
  <metadata>
    <other:config xmlns:other='https://example.org/other' note='a&#10;b &amp; &quot;c&quot;'>
      <other:item>  padded value  </other:item>
    </other:config>
  </metadata>
  <memory unit='KiB'>65536</memory>
  <vcpu>1</vcpu>
  <os><type arch='x86_64' machine='pc'>hvm</type></os>
  <devices>
    <graphics type='vnc' port='-1' autoport='yes' passwd='pw&amp;&quot;&lt;z'/>
  </devices>
  <qemu:commandline>
    <qemu:arg value='-set'/>
    <qemu:arg value='device.x.opt=&quot;a &amp; b&quot;'/>
    <qemu:env name='CDKTF_VIRT_TEST' value='  spaced  '/>
  </qemu:commandline>
</domain>
`;

function config(memoryMiB: number): string {
  return `${header()}
resource "libvirt_domain" "vm" {
  name        = "${name}"
  type        = "qemu"
  memory      = ${memoryMiB}
  memory_unit = "MiB"
  vcpu        = 1
  running     = false
}
`;
}

/** The XML with the elements an update manages cut out. */
function unmanaged(xml: string): string {
  return xml.replace(/\n\s*<(memory|currentMemory|vcpu)\b[^>]*>[^<]*<\/\1>/g, "");
}

test("memory changed in place; dumpxml keeps the foreign parts byte for byte", async () => {
  await suite.client.virsh.run(["define", "/dev/stdin"], { input: domainXml });
  const dumpxml = () => suite.client.virsh.run(["dumpxml", "--inactive", "--security-info", name]);
  const before = await dumpxml();
  expect(before).toContain('note="a&#10;b &amp; &quot;c&quot;"');

  suite.ws.write("main.tf", config(64));
  await suite.ws.import("libvirt_domain.vm", name);
  suite.ws.write("main.tf", config(96));
  const applied = await suite.ws.apply();
  expect(applied.output).toContain("libvirt_domain.vm: Modifications complete");

  const after = await dumpxml();
  expect(after).toContain("<memory unit='KiB'>98304</memory>");
  expect(unmanaged(after)).toBe(unmanaged(before));
  for (const part of [
    "<title>  padded   title &amp; &quot;quoted&quot;  </title>",
    'note="a&#10;b &amp; &quot;c&quot;"',
    "<other:item>  padded value  </other:item>",
    "<qemu:arg value='device.x.opt=&quot;a &amp; b&quot;'/>",
    "<qemu:env name='CDKTF_VIRT_TEST' value='  spaced  '/>",
    "passwd='pw&amp;&quot;&lt;z'",
  ]) {
    expect(after).toContain(part);
  }
});
