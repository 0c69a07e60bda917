// Direct kernel boot and consoles in the domain XML: built, read back, patched into an existing definition (other
// devices kept), and the provider's configuration checks with their attribute paths.
import { buildDomainXml, parseDomainXml } from "../../../lib/libvirt/domain-xml";
import { patchDomainXml } from "../../../lib/libvirt/domain-patch";
import type { DomainSpec } from "../../../lib/libvirt";
import type { CtyObjectValue } from "../../../lib/provider/framework";
import { domainResource } from "../../../lib/provider/libvirt";
import { validateConfig } from "./support/validate-config";

const base: DomainSpec = { name: "vm", memoryKiB: 262144, vcpus: 1 };
const boot = { kernel: "/g/vmlinuz", initrd: "/g/initrd.img", cmdline: "console=ttyS0 quiet" };
const fileConsole = { type: "file" as const, path: "/var/log/vm.log" };

describe("domain XML: direct kernel boot and consoles", () => {
  test("built and read back", () => {
    const xml = buildDomainXml({
      ...base,
      kernelBoot: boot,
      consoles: [fileConsole, { type: "pty", targetType: "virtio", targetPort: 1 }],
    });
    expect(xml).toContain("<kernel>/g/vmlinuz</kernel>");
    expect(xml).toMatch(/<features>\s*<acpi\/>\s*<apic\/>\s*<\/features>/);
    const parsed = parseDomainXml(xml);
    expect([parsed.kernel, parsed.initrd, parsed.cmdline]).toEqual([boot.kernel, boot.initrd, boot.cmdline]);
    expect(parsed.consoles).toEqual([
      { type: "file", path: "/var/log/vm.log", targetType: "serial", targetPort: 0 },
      { type: "pty", path: undefined, targetType: "virtio", targetPort: 1 },
    ]);
  });

  test("a domain without them has neither", () => {
    const parsed = parseDomainXml(buildDomainXml(base));
    expect(parsed.kernel).toBeUndefined();
    expect(parsed.consoles).toEqual([]);
  });

  test.each([
    [{ kernelBoot: { kernel: "vmlinuz" } }, /kernel must be an absolute path/],
    [{ kernelBoot: { kernel: "/k", initrd: "i" } }, /initrd must be an absolute path/],
    [{ kernelBoot: { kernel: "/k", cmdline: "a\nb" } }, /command line must be one line/],
    [{ consoles: [{ type: "file" as const }] }, /file console needs an absolute path/],
    [{ consoles: [{ type: "pty" as const, targetPort: -1 }] }, /console port -1/],
  ])("%j is refused", (extra, message) => {
    expect(() => buildDomainXml({ ...base, ...extra })).toThrow(message);
  });
});

describe("patching an existing definition", () => {
  // As libvirt stores a domain defined with a file console: a <serial> derived from it, graphics kept.
  const existing = `<domain type='kvm'>
  <name>vm</name><uuid>11111111-2222-3333-4444-555555555555</uuid>
  <memory unit='KiB'>262144</memory><currentMemory unit='KiB'>262144</currentMemory><vcpu>1</vcpu>
  <os><type arch='x86_64' machine='pc-i440fx-7.2'>hvm</type><kernel>/old/vmlinuz</kernel><cmdline>old</cmdline><boot dev='hd'/></os>
  <devices>
    <serial type='file'><source path='/old.log'/><target type='isa-serial' port='0'/></serial>
    <console type='file'><source path='/old.log'/><target type='serial' port='0'/></console>
    <graphics type='vnc' port='-1'/>
  </devices>
</domain>`;

  test("the kernel boot follows the spec; <boot> and the machine stay", () => {
    const patched = parseDomainXml(patchDomainXml(existing, { ...base, kernelBoot: { kernel: "/new/vmlinuz" } }));
    expect([patched.kernel, patched.initrd, patched.cmdline]).toEqual(["/new/vmlinuz", undefined, undefined]);
    expect(patched.machine).toBe("pc-i440fx-7.2");
    expect(patchDomainXml(existing, base)).not.toContain("<kernel>");
    expect(patchDomainXml(existing, base)).toContain("<boot dev='hd'/>");
  });

  test("listed consoles replace the serial and console devices; unlisted ones are kept", () => {
    const replaced = patchDomainXml(existing, { ...base, consoles: [{ type: "file", path: "/new.log" }] });
    expect(parseDomainXml(replaced).consoles).toEqual([
      { type: "file", path: "/new.log", targetType: "serial", targetPort: 0 },
    ]);
    expect(replaced).not.toContain("/old.log");
    expect(replaced).toContain("<graphics");
    const kept = patchDomainXml(existing, base);
    expect(parseDomainXml(kept).consoles).toEqual([
      { type: "file", path: "/old.log", targetType: "serial", targetPort: 0 },
    ]);
    expect(kept).toContain("<serial");
    expect(parseDomainXml(patchDomainXml(existing, { ...base, consoles: [] })).consoles).toEqual([]);
  });
});

describe("libvirt_domain configuration checks", () => {
  const validate = (config: CtyObjectValue) =>
    validateConfig(domainResource, { name: "vm", metadata: null, ...config });
  const console = (c: CtyObjectValue): CtyObjectValue => ({
    devices: { disks: null, interfaces: null, consoles: [{ type: null, source: null, target: null, ...c }] },
  });

  test.each([
    [{ os: { type: "hvm", kernel: "vmlinuz", initrd: null, cmdline: null } }, ["os", "kernel"], /absolute path/],
    [{ os: { type: "hvm", kernel: null, initrd: "/i", cmdline: null } }, ["os", "initrd"], /set os\.kernel too/],
    [{ os: { type: "hvm", kernel: "/k", initrd: null, cmdline: "a\nb" } }, ["os", "cmdline"], /single line/],
    [
      console({ type: "pty", source: { path: "/x.log" } }),
      ["devices", "consoles", 0, "source", "path"],
      /type = "file"/,
    ],
    [console({ type: "file" }), ["devices", "consoles", 0, "source", "path"], /needs source\.path/],
    [console({ source: { path: "x.log" } }), ["devices", "consoles", 0, "source", "path"], /absolute path/],
  ])("%j: an error on its attribute path", (config, path, detail) => {
    const diags = validate(config);
    expect(diags.errors).toHaveLength(1);
    expect(diags.errors[0].path).toEqual(path);
    expect(diags.errors[0].detail).toMatch(detail);
  });

  test("a complete kernel boot and file console pass", () => {
    expect(
      validate({ os: { type: "hvm", ...boot }, ...console({ type: "file", source: { path: "/l" } }) }).all,
    ).toEqual([]);
  });
});
