import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { buildDomainXml, parseDomainXml } from "../../../lib/libvirt/domain-xml";
import { OWNER_NAMESPACE } from "../../../lib/libvirt/owner";
import type { DomainSpec } from "../../../lib/libvirt";

const fixture = (name: string) => readFileSync(join(__dirname, "fixtures", name), "utf8");

const twoDisks: DomainSpec = {
  name: "vm1",
  memoryKiB: 262144,
  vcpus: 2,
  ownerMarker: "stack/vm1",
  disks: [
    {
      source: { type: "volume", pool: "images", volume: "vm1-root" },
      target: { dev: "vda", bus: "virtio" },
      driverType: "qcow2",
    },
    {
      source: { type: "file", file: "/srv/data.img" },
      target: { dev: "vdb", bus: "virtio" },
      driverType: "raw",
      serial: "data",
    },
  ],
  interfaces: [{ network: "isolated", mac: "52:54:00:aa:bb:cc" }],
};

describe("domain XML", () => {
  test("builds a definition with two disks, an interface and the ownership marker", () => {
    const xml = buildDomainXml(twoDisks);
    expect(xml).toContain('<domain type="kvm">');
    expect(xml).toContain(`<cdktf-virt:owner xmlns:cdktf-virt="${OWNER_NAMESPACE}">stack/vm1</cdktf-virt:owner>`);
    expect(xml).toContain('<source pool="images" volume="vm1-root"/>');
    expect(xml).toContain('<driver name="qemu" type="qcow2"/>');
    expect(xml).toContain('<source network="isolated"/>');
    expect(xml).not.toContain("<uuid>");
  });

  test("parses back what it builds", () => {
    const parsed = parseDomainXml(buildDomainXml(twoDisks));
    expect(parsed).toMatchObject({
      name: "vm1",
      type: "kvm",
      memoryKiB: 262144,
      currentMemoryKiB: 262144,
      vcpus: 2,
      arch: "x86_64",
      ownerMarker: "stack/vm1",
      id: undefined,
    });
    expect(parsed.disks).toEqual([
      {
        device: "disk",
        type: "volume",
        source: { type: "volume", pool: "images", volume: "vm1-root" },
        target: { dev: "vda", bus: "virtio" },
        driverType: "qcow2",
        readOnly: false,
        shareable: false,
        serial: undefined,
      },
      {
        device: "disk",
        type: "file",
        source: { type: "file", file: "/srv/data.img" },
        target: { dev: "vdb", bus: "virtio" },
        driverType: "raw",
        readOnly: false,
        shareable: false,
        serial: "data",
      },
    ]);
    expect(parsed.interfaces).toEqual([
      { type: "network", network: "isolated", source: undefined, model: "virtio", mac: "52:54:00:aa:bb:cc" },
    ]);
  });

  test("parses a definition libvirt wrote, including parts it does not model", () => {
    const parsed = parseDomainXml(fixture("domain-inactive.xml"));
    expect(parsed).toMatchObject({
      name: "probe-fixture",
      uuid: "4f0e6c1e-2b7a-4a5e-9d51-2f0c8e1d7a10",
      memoryKiB: 131072,
      vcpus: 2,
      machine: "pc-i440fx-7.2",
      ownerMarker: "stack/vm",
    });
    expect(parsed.disks.map((d) => [d.device, d.target.dev, d.source?.type])).toEqual([
      ["disk", "vda", "volume"],
      ["disk", "vdb", "file"],
      ["cdrom", "sda", undefined],
    ]);
    expect(parsed.disks[2].readOnly).toBe(true);
    expect(parsed.interfaces).toHaveLength(1);
    expect(parsed.interfaces[0]).toMatchObject({ network: "default", mac: "52:54:00:12:34:56" });
  });

  test("reads the live XML of a running domain (id, index attributes, nested backing stores)", () => {
    const live = `<domain type='kvm' id='7'><name>r</name><memory unit='KiB'>65536</memory><vcpu placement='static'>1</vcpu>
      <devices><disk type='volume' device='disk'><driver name='qemu' type='qcow2'/>
      <source pool='p' volume='v' index='2'/><backingStore type='file' index='3'><format type='qcow2'/>
      <source file='/p/base'/><backingStore/></backingStore><target dev='vda' bus='virtio'/></disk></devices></domain>`;
    const parsed = parseDomainXml(live);
    expect(parsed.id).toBe(7);
    expect(parsed.currentMemoryKiB).toBe(65536);
    expect(parsed.disks[0].source).toEqual({ type: "volume", pool: "p", volume: "v" });
  });

  test("finds the marker by namespace, whatever the prefix, and ignores look-alikes", () => {
    const withPrefix = (meta: string) =>
      parseDomainXml(`<domain><name>d</name><metadata>${meta}</metadata><memory>1</memory></domain>`);
    expect(withPrefix(`<x:owner xmlns:x="${OWNER_NAMESPACE}">s/p</x:owner>`).ownerMarker).toBe("s/p");
    expect(withPrefix(`<owner xmlns="${OWNER_NAMESPACE}">s/q</owner>`).ownerMarker).toBe("s/q");
    expect(
      withPrefix(`<cdktf-virt:owner xmlns:cdktf-virt="https://example.org/other">s/p</cdktf-virt:owner>`).ownerMarker,
    ).toBeUndefined();
    expect(parseDomainXml("<domain><name>d</name><memory>1</memory></domain>").ownerMarker).toBeUndefined();
  });

  test("validation names the domain and the field", () => {
    const base = { name: "v", memoryKiB: 1024, vcpus: 1 };
    expect(() => buildDomainXml({ ...base, vcpus: 0 })).toThrow(/domain v: vcpus must be a whole number of at least 1/);
    expect(() => buildDomainXml({ ...base, memoryKiB: 0.5 })).toThrow(/domain v: memoryKiB/);
    expect(() => buildDomainXml({ ...base, currentMemoryKiB: 2048 })).toThrow(
      /currentMemoryKiB must be .* between 1 and memoryKiB/,
    );
    const disk = { source: { type: "file" as const, file: "/a" }, target: { dev: "vda" } };
    expect(() => buildDomainXml({ ...base, disks: [disk, disk] })).toThrow(/two disks use the target device 'vda'/);
    expect(() => buildDomainXml({ ...base, disks: [{ ...disk, target: { dev: "/dev/vda" } }] })).toThrow(
      /not a device name/,
    );
    expect(() => buildDomainXml({ ...base, interfaces: [{ network: "n", mac: "zz" }] })).toThrow(/MAC 'zz'/);
    expect(() => buildDomainXml({ ...base, name: "" })).toThrow(/invalid domain name "": it must not be empty/);
  });

  test("build/parse round trip keeps every modelled field (property)", () => {
    const name = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.&<>'" -]{0,20}[A-Za-z0-9]$/);
    const disk = fc.record({
      source: fc.oneof(
        fc.record({ type: fc.constant("volume" as const), pool: name, volume: name }),
        fc.record({ type: fc.constant("file" as const), file: name.map((n) => `/srv/${n}`) }),
      ),
      driverType: fc.constantFrom("raw", "qcow2"),
      readOnly: fc.boolean(),
    });
    fc.assert(
      fc.property(
        name,
        fc.integer({ min: 1, max: 2 ** 40 }),
        fc.integer({ min: 1, max: 64 }),
        fc.array(disk, { maxLength: 4 }),
        name,
        (domainName, memoryKiB, vcpus, disks, marker) => {
          const spec: DomainSpec = {
            name: domainName,
            memoryKiB,
            vcpus,
            ownerMarker: marker,
            disks: disks.map((d, i) => ({ ...d, target: { dev: `vd${String.fromCharCode(97 + i)}`, bus: "virtio" } })),
          };
          const parsed = parseDomainXml(buildDomainXml(spec));
          expect(parsed.name).toBe(domainName);
          expect(parsed.memoryKiB).toBe(memoryKiB);
          expect(parsed.vcpus).toBe(vcpus);
          expect(parsed.ownerMarker).toBe(marker);
          expect(
            parsed.disks.map((d) => ({
              source: d.source,
              driverType: d.driverType,
              readOnly: d.readOnly,
              target: d.target,
            })),
          ).toEqual(
            spec.disks!.map((d) => ({
              source: d.source,
              driverType: d.driverType,
              readOnly: d.readOnly,
              target: d.target,
            })),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("description, raw metadata and empty cdrom drives", () => {
  test("raw metadata is written verbatim and parsed back; the marker is not added twice", () => {
    const raw = `<app:cfg xmlns:app="urn:app">a &amp; b</app:cfg><cdktf-virt:owner xmlns:cdktf-virt="${OWNER_NAMESPACE}">s/x</cdktf-virt:owner>`;
    const xml = buildDomainXml({
      name: "m",
      memoryKiB: 1024,
      vcpus: 1,
      description: "web <1>",
      metadataXml: raw,
      ownerMarker: "s/x",
    });
    expect(xml.match(/<cdktf-virt:owner/g)).toHaveLength(1);
    const parsed = parseDomainXml(xml);
    expect(parsed).toMatchObject({ description: "web <1>", ownerMarker: "s/x" });
    expect(parsed.metadataXml).toContain(`<app:cfg xmlns:app="urn:app">a &amp; b</app:cfg>`);
  });

  test("malformed metadata is refused with the domain's name", () => {
    expect(() => buildDomainXml({ name: "m", memoryKiB: 1024, vcpus: 1, metadataXml: "<open>" })).toThrow(
      /domain m: metadata XML cannot be stored/,
    );
  });

  test("only a cdrom may lack a source", () => {
    const cdrom = parseDomainXml(
      buildDomainXml({
        name: "c",
        memoryKiB: 1024,
        vcpus: 1,
        disks: [{ device: "cdrom", target: { dev: "sda", bus: "sata" }, readOnly: true }],
      }),
    );
    expect(cdrom.disks[0]).toMatchObject({ device: "cdrom", source: undefined, readOnly: true });
    expect(() => buildDomainXml({ name: "c", memoryKiB: 1024, vcpus: 1, disks: [{ target: { dev: "vda" } }] })).toThrow(
      /disk vda needs a source/,
    );
  });
});
