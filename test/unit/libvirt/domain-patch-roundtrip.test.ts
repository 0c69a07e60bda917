// An in-place update rewrites only the elements the provider manages; every byte outside them stays as libvirt
// returned it: entities in attributes and text, comments, other tools' metadata, qemu:commandline, graphics
// passwords and whitespace inside text.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseDomainXml } from "../../../lib/libvirt/domain-xml";
import { patchDomainXml } from "../../../lib/libvirt/domain-patch";
import type { DomainSpec } from "../../../lib/libvirt";

const current = readFileSync(join(__dirname, "fixtures", "domain-foreign.xml"), "utf8");

const spec: DomainSpec = {
  name: "probe-foreign",
  type: "kvm",
  memoryKiB: 262144,
  vcpus: 2,
  // Managed, and written back exactly as it was escaped.
  description: "  kept   as is <b> & spaced  ",
  ownerMarker: "stack/vm",
  disks: [
    {
      source: { type: "volume", pool: "p", volume: "root" },
      target: { dev: "vda", bus: "virtio" },
      driverType: "qcow2",
    },
  ],
};

/** The source text of the first element `tag` (with its content), or undefined. */
function element(xml: string, tag: string): string | undefined {
  return new RegExp(`<${tag}[\\s>/][\\s\\S]*?</${tag}>|<${tag}[^>]*/>`).exec(xml)?.[0];
}

/** `xml` with the source of the given elements cut out (what is left must not change). */
function withoutElements(xml: string, tags: readonly string[]): string {
  let out = xml;
  for (const tag of tags) {
    for (let found = element(out, tag); found !== undefined; found = element(out, tag))
      out = out.replace(found, `<!--${tag}-->`);
  }
  return out.replace(/\n\s*(<!--(memory|currentMemory|vcpu|disk)-->)/g, "$1");
}

test("everything outside the managed elements is byte-identical after a patch", () => {
  const patched = patchDomainXml(current, spec);
  const managed = ["memory", "currentMemory", "vcpu", "disk"];
  expect(withoutElements(patched, managed)).toBe(withoutElements(current, managed));
  expect(parseDomainXml(patched)).toMatchObject({ memoryKiB: 262144, vcpus: 2, ownerMarker: "stack/vm" });
  expect(parseDomainXml(patched).disks.map((d) => d.source)).toEqual([{ type: "volume", pool: "p", volume: "root" }]);
});

test("the foreign parts keep their entities, comments and whitespace", () => {
  const patched = patchDomainXml(current, spec);
  for (const part of [
    "<title>line one&#10;line two &amp; &quot;quoted&quot;</title>",
    "<description>  kept   as is &lt;b&gt; &amp; spaced  </description>",
    "<!-- written by another tool: keep -->",
    "note='a&#10;b &amp; &quot;c&quot;'",
    "<other:item>  padded value  </other:item>",
    "<!-- hand-tuned: do not touch the clock -->",
    "passwd='s3cr&#10;t&amp;&quot;x&quot;'",
    element(current, "qemu:commandline")!,
    "<domain type='kvm' xmlns:qemu='http://libvirt.org/schemas/domain/qemu/1.0'>",
  ]) {
    expect(patched).toContain(part);
  }
});

test("a patch that changes nothing managed returns the document unchanged", () => {
  const same: DomainSpec = {
    ...spec,
    memoryKiB: 131072,
    vcpus: 1,
    disks: [
      {
        source: { type: "file", file: "/var/lib/libvirt/images/old.img" },
        target: { dev: "vda", bus: "virtio" },
        driverType: "raw",
      },
    ],
  };
  const once = patchDomainXml(current, same);
  expect(patchDomainXml(once, same)).toBe(once);
  const outside = ["memory", "currentMemory", "vcpu", "disk"];
  expect(withoutElements(once, outside)).toBe(withoutElements(current, outside));
});

test("the owner marker is replaced inside <metadata> without touching its neighbours", () => {
  const patched = patchDomainXml(current, { ...spec, ownerMarker: "stack/other" });
  expect(parseDomainXml(patched).ownerMarker).toBe("stack/other");
  const before = element(current, "metadata")!.replace(/<cdktf-virt:owner[\s\S]*?<\/cdktf-virt:owner>/, "");
  const after = element(patched, "metadata")!.replace(/<cdktf-virt:owner[\s\S]*?<\/cdktf-virt:owner>/, "");
  expect(after).toBe(before);
});
