// Host devices passed through (PCI by address, USB by vendor and product): XML built and read back, patched into an
// existing definition, state that matches the configuration, and the plan-time checks with their paths. Not run
// against libvirt: passing a device through needs one to spare (and an IOMMU for PCI).
import { buildDomainXml, parseDomainXml } from "../../../lib/libvirt/domain-xml";
import { patchDomainXml } from "../../../lib/libvirt/domain-patch";
import type { DomainInfo, DomainSpec } from "../../../lib/libvirt";
import type { CtyObjectValue } from "../../../lib/provider/framework";
import { domainResource, domainSchema, domainState } from "../../../lib/provider/libvirt";
import { hostdevSpec } from "../../../lib/provider/libvirt/domain/spec";
import { valuesOf } from "./support/models";
import { validateConfig } from "./support/validate-config";

const base: DomainSpec = { name: "vm", memoryKiB: 262144, vcpus: 1 };
const pci = { type: "pci" as const, domain: 0, bus: 6, slot: 0x12, function: 5, managed: true };
const usb = { type: "usb" as const, vendor: "0x1d6b", product: "0x0002", managed: undefined };

test("built as libvirt documents them and read back", () => {
  const xml = buildDomainXml({ ...base, hostdevs: [pci, usb] });
  expect(xml).toContain('<hostdev mode="subsystem" type="pci" managed="yes">');
  expect(xml).toContain('<address domain="0x0000" bus="0x06" slot="0x12" function="0x5"/>');
  expect(xml).toContain('<vendor id="0x1d6b"/>');
  expect(parseDomainXml(xml).extraDevices.hostdevs).toEqual([pci, usb]);
});

test("listed host devices replace the domain's; unlisted ones are kept", () => {
  const existing = buildDomainXml({ ...base, hostdevs: [usb] });
  expect(parseDomainXml(patchDomainXml(existing, { ...base, hostdevs: [pci] })).extraDevices.hostdevs).toEqual([pci]);
  expect(parseDomainXml(patchDomainXml(existing, base)).extraDevices.hostdevs).toEqual([usb]);
});

test("configuration to spec, and state matching it (unset managed and PCI domain stay unset)", () => {
  const known = valuesOf(domainSchema, {
    name: "vm",
    devices: {
      hostdevs: [
        { subsys_pci: { source: { address: { bus: 6, slot: 18, function: 5 } } } },
        { managed: false, subsys_usb: { source: { vendor: { id: "0x1d6b" }, product: { id: "0x0002" } } } },
      ],
    },
  });
  const hostdevs = known.devices!.hostdevs!;
  expect(hostdevs.map(hostdevSpec)).toEqual([
    { type: "pci", domain: undefined, bus: 6, slot: 18, function: 5, managed: undefined },
    { ...usb, managed: false },
  ]);
  // As libvirt stores them: it writes managed and the domain itself.
  const inactiveXml = buildDomainXml({
    ...base,
    hostdevs: [
      { ...pci, managed: false },
      { ...usb, managed: false },
    ],
  });
  const live: DomainInfo = {
    ...parseDomainXml(inactiveXml),
    state: "shut off",
    active: false,
    autostart: false,
    inactiveXml,
  };
  expect(domainState(live, known).devices?.hostdevs).toEqual([
    {
      managed: null,
      subsys_pci: { source: { address: { domain: null, bus: 6, slot: 18, function: 5 } } },
      subsys_usb: null,
    },
    {
      managed: false,
      subsys_pci: null,
      subsys_usb: { source: { vendor: { id: "0x1d6b" }, product: { id: "0x0002" } } },
    },
  ]);
});

describe("plan-time checks", () => {
  const validate = (h: CtyObjectValue) =>
    validateConfig(domainResource, {
      name: "vm",
      metadata: null,
      devices: {
        disks: null,
        interfaces: null,
        hostdevs: [{ managed: null, subsys_pci: null, subsys_usb: null, ...h }],
      },
    });
  const address = (a: CtyObjectValue) => ({
    source: { address: { domain: null, bus: 0, slot: 0, function: 0, ...a } },
  });
  const ids = (vendor: string, product: string) => ({ source: { vendor: { id: vendor }, product: { id: product } } });

  test.each([
    [{}, ["devices", "hostdevs", 0], /exactly one of subsys_pci and subsys_usb/],
    [{ subsys_pci: address({}), subsys_usb: ids("0x1d6b", "0x0002") }, ["devices", "hostdevs", 0], /not both/],
    [{ subsys_pci: address({ slot: 32 }) }, ["devices", "hostdevs", 0, "subsys_pci", "source", "address", "slot"], /./],
    [
      { subsys_pci: address({ function: 8 }) },
      ["devices", "hostdevs", 0, "subsys_pci", "source", "address", "function"],
      /./,
    ],
    [{ subsys_pci: address({ bus: 1.5 }) }, ["devices", "hostdevs", 0, "subsys_pci", "source", "address", "bus"], /./],
    [
      { subsys_usb: ids("1d6b", "0x0002") },
      ["devices", "hostdevs", 0, "subsys_usb", "source", "vendor", "id"],
      /four hex/,
    ],
    [
      { subsys_usb: ids("0x1d6b", "0x00021") },
      ["devices", "hostdevs", 0, "subsys_usb", "source", "product", "id"],
      /four hex/,
    ],
  ])("%j: one error on its path", (h, path, detail) => {
    const diags = validate(h);
    expect(diags.errors).toHaveLength(1);
    expect(diags.errors[0].path).toEqual(path);
    expect(`${diags.errors[0].summary} ${diags.errors[0].detail}`).toMatch(detail);
  });

  test("a PCI address and a USB device pass", () => {
    expect(validate({ subsys_pci: address({ domain: 0, bus: 255, slot: 31, function: 7 }) }).errors).toEqual([]);
    expect(validate({ subsys_usb: ids("0x1d6b", "0x0002") }).errors).toEqual([]);
  });
});
