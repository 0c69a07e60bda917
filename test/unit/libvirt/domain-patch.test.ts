import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LibvirtDomains } from "../../../lib/libvirt";
import { parseDomainXml } from "../../../lib/libvirt/domain-xml";
import { patchDomainXml } from "../../../lib/libvirt/domain-patch";
import type { DomainSpec, Virsh, VirshCallOptions } from "../../../lib/libvirt";

const current = readFileSync(join(__dirname, "fixtures", "domain-inactive.xml"), "utf8");

const spec: DomainSpec = {
  name: "probe-fixture",
  memoryKiB: 524288,
  vcpus: 4,
  ownerMarker: "stack/vm-new",
  disks: [
    {
      source: { type: "volume", pool: "cdktf-virt-test", volume: "other-root" },
      target: { dev: "vda", bus: "virtio" },
      driverType: "qcow2",
    },
  ],
};

describe("patchDomainXml", () => {
  test("replaces the managed parts", () => {
    const parsed = parseDomainXml(patchDomainXml(current, spec));
    expect(parsed).toMatchObject({
      name: "probe-fixture",
      memoryKiB: 524288,
      currentMemoryKiB: 524288,
      vcpus: 4,
      ownerMarker: "stack/vm-new",
    });
    expect(parsed.disks).toHaveLength(1);
    expect(parsed.disks[0].source).toEqual({ type: "volume", pool: "cdktf-virt-test", volume: "other-root" });
    expect(parsed.interfaces).toHaveLength(0);
  });

  test("keeps the uuid, other metadata, CPU, machine and unmanaged devices", () => {
    const xml = patchDomainXml(current, spec);
    expect(parseDomainXml(xml).uuid).toBe("4f0e6c1e-2b7a-4a5e-9d51-2f0c8e1d7a10");
    expect(xml).toContain('<app:info xmlns:app="https://example.org/app">keep me</app:info>');
    expect(xml).toContain("<model fallback='forbid'>qemu64</model>");
    expect(xml).toContain("machine='pc-i440fx-7.2'");
    expect(xml).toMatch(/<graphics type='vnc' port='-1' autoport='yes'>/);
    expect(xml).toMatch(/<console type='pty'>/);
    expect(xml.match(/cdktf-virt:owner/g)).toHaveLength(2); // one open and one close tag: the old marker is gone
  });

  test("removes the marker when the spec has none, and drops an emptied <metadata>", () => {
    const withoutMarker = patchDomainXml(current, { ...spec, ownerMarker: undefined });
    expect(parseDomainXml(withoutMarker).ownerMarker).toBeUndefined();
    expect(withoutMarker).toContain("keep me");
    const bare =
      "<domain type='kvm'><name>b</name><metadata><o:owner xmlns:o='https://cdktf-virt.dev/xmlns/owner'>x</o:owner></metadata><memory>1</memory><devices/></domain>";
    expect(patchDomainXml(bare, { name: "b", memoryKiB: 1, vcpus: 1 })).not.toContain("<metadata");
  });

  test("adds <metadata> after the uuid when the domain had none", () => {
    const bare = "<domain type='kvm'><name>b</name><uuid>u-1</uuid><memory>1</memory><vcpu>1</vcpu></domain>";
    const xml = patchDomainXml(bare, { name: "b", memoryKiB: 2048, vcpus: 1, ownerMarker: "s/b" });
    expect(xml.indexOf("<metadata>")).toBeGreaterThan(xml.indexOf("<uuid>"));
    expect(xml.indexOf("<metadata>")).toBeLessThan(xml.indexOf("<memory"));
    expect(parseDomainXml(xml)).toMatchObject({ ownerMarker: "s/b", memoryKiB: 2048, uuid: "u-1" });
  });

  test("drops the runtime id of live XML and refuses a different uuid", () => {
    const live = "<domain type='kvm' id='3'><name>b</name><uuid>u-1</uuid><memory>1</memory></domain>";
    expect(patchDomainXml(live, { name: "b", memoryKiB: 1, vcpus: 1 })).not.toContain("id=");
    expect(() => patchDomainXml(live, { name: "b", uuid: "u-2", memoryKiB: 1, vcpus: 1 })).toThrow(
      /uuid u-2 differs from the defined domain's u-1/,
    );
  });

  test("escapes text it writes", () => {
    const xml = patchDomainXml(current, { ...spec, ownerMarker: "stack/<a&b>" });
    expect(xml).toContain("stack/&lt;a&amp;b&gt;");
    expect(parseDomainXml(xml).ownerMarker).toBe("stack/<a&b>");
  });
});

test("with metadataXml the whole <metadata> is replaced, and description is managed", () => {
  const xml = patchDomainXml(current, {
    ...spec,
    ownerMarker: undefined,
    metadataXml: `<n:new xmlns:n="urn:n"/>`,
    description: "db",
  });
  expect(xml).not.toContain("keep me");
  expect(xml).toContain(`<n:new xmlns:n="urn:n"`);
  expect(parseDomainXml(xml)).toMatchObject({ description: "db", ownerMarker: undefined });
  expect(parseDomainXml(patchDomainXml(xml, spec)).description).toBeUndefined();
});

describe("LibvirtDomains.redefine", () => {
  /** Records every virsh command; answers a batch define + dominfo + dumpxml with the XML it was given. */
  function recordingVirsh() {
    const commands: string[][] = [];
    const virsh = {
      run: async (args: readonly string[]) => {
        commands.push([...args]);
        return current;
      },
      runBatch: async (batch: ReadonlyArray<readonly string[]>, options: VirshCallOptions = {}) => {
        commands.push(...batch.map((args) => [...args]));
        return [{ stdout: "" }, { stdout: "State: shut off\nAutostart: disable\n" }, { stdout: String(options.input) }];
      },
    };
    return { domains: new LibvirtDomains(virsh as unknown as Virsh), commands };
  }

  test("reads the definition with its secrets, patches it and reads the result back in one batch", async () => {
    const { domains, commands } = recordingVirsh();
    const info = await domains.redefine(spec);
    expect(commands[0]).toEqual(["dumpxml", "--inactive", "--security-info", "probe-fixture"]);
    expect(commands.map((c) => c[0])).toEqual(["dumpxml", "define", "dominfo", "dumpxml"]);
    expect(info).toMatchObject({ name: "probe-fixture", vcpus: 4, ownerMarker: "stack/vm-new", active: false });
    expect(info.inactiveXml).toContain("<model fallback='forbid'>qemu64</model>");
  });
});
