// Which parts of a domain definition the model does not cover (named when such a domain is adopted), and when a
// marked domain is not the one the configuration would have created.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseDomainXml } from "../../../lib/libvirt/domain-xml";
import { unmanagedDomainParts } from "../../../lib/libvirt/domain-unmanaged";
import type { DomainInfo } from "../../../lib/libvirt";
import { domainSchema } from "../../../lib/provider/libvirt";
import { adoptionMismatch } from "../../../lib/provider/libvirt/domain/adoption";
import { valuesOf } from "./support/models";

const fixture = (name: string) => readFileSync(join(__dirname, "fixtures", name), "utf8");

test("devices beyond disks, NICs, consoles and libvirt's defaults, and foreign top-level elements, are named", () => {
  expect(unmanagedDomainParts(fixture("domain-foreign.xml"))).toEqual(["<graphics>", "<qemu:commandline>"]);
  const xml = fixture("domain-inactive.xml").replace(
    "<devices>",
    "<devices><hostdev mode='subsystem' type='usb'/><hostdev mode='subsystem' type='pci'/>",
  );
  expect(unmanagedDomainParts(xml)).toEqual(["<hostdev> (2)", "<graphics>"]);
  expect(
    unmanagedDomainParts(
      "<domain type='qemu'><name>a</name><devices><disk/><emulator>/q</emulator></devices></domain>",
    ),
  ).toEqual([]);
});

test("a marked domain of another type or architecture does not match", () => {
  const existing = {
    ...parseDomainXml(fixture("domain-inactive.xml")),
    state: "shut off",
    active: false,
    autostart: false,
    inactiveXml: "",
  } as DomainInfo;
  expect(adoptionMismatch(existing, { type: "kvm", os: null })).toBeUndefined();
  expect(adoptionMismatch(existing, { type: "qemu", os: null })).toMatch(
    /a kvm domain and the configuration creates a qemu one/,
  );
  expect(adoptionMismatch(existing, valuesOf(domainSchema, { type: "kvm", os: { type_arch: "aarch64" } }))).toMatch(
    /architecture is x86_64, not aarch64/,
  );
});
