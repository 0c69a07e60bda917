// Host devices passed through to the guest (formatdomain.html "Host device assignment"): a PCI device by its host
// address, a USB device by vendor and product id. Built from a spec, read back from dumpxml.
import { attr, child, el } from "./xml";
import type { XmlNode } from "./xml";

export interface DomainPciHostdevSpec {
  readonly type: "pci";
  /** The host PCI address domain:bus:slot.function. @default domain 0 */
  readonly domain?: number;
  readonly bus: number;
  readonly slot: number;
  readonly function: number;
  /** libvirt detaches the device from its host driver and reattaches it. @default libvirt's (no) */
  readonly managed?: boolean;
}

export interface DomainUsbHostdevSpec {
  readonly type: "usb";
  /** e.g. "0x1234". */
  readonly vendor: string;
  readonly product: string;
  readonly managed?: boolean;
}

export type DomainHostdevSpec = DomainPciHostdevSpec | DomainUsbHostdevSpec;

const hex = (n: number, digits: number) => `0x${n.toString(16).padStart(digits, "0")}`;

export function hostdevElement(h: DomainHostdevSpec) {
  const managed = h.managed === undefined ? undefined : h.managed ? "yes" : "no";
  return el(
    "hostdev",
    { mode: "subsystem", type: h.type, managed },
    h.type === "pci"
      ? el(
          "source",
          {},
          el("address", {
            domain: hex(h.domain ?? 0, 4),
            bus: hex(h.bus, 2),
            slot: hex(h.slot, 2),
            function: hex(h.function, 1),
          }),
        )
      : el("source", {}, el("vendor", { id: h.vendor }), el("product", { id: h.product })),
  );
}

/** PCI and USB subsystem host devices; other kinds (SCSI, mediated, capabilities) are not read. */
export function parseHostdev(h: XmlNode): DomainHostdevSpec | undefined {
  if ((attr(h, "mode") ?? "subsystem") !== "subsystem") return undefined;
  const managedAttr = attr(h, "managed");
  const managed = managedAttr === undefined ? undefined : managedAttr === "yes";
  const source = child(h, "source");
  const num = (node: XmlNode | undefined, name: string) => Number(attr(node, name) ?? "0");
  if (attr(h, "type") === "pci") {
    const address = child(source, "address");
    return {
      type: "pci",
      domain: num(address, "domain"),
      bus: num(address, "bus"),
      slot: num(address, "slot"),
      function: num(address, "function"),
      managed,
    };
  }
  if (attr(h, "type") === "usb")
    return {
      type: "usb",
      vendor: attr(child(source, "vendor"), "id") ?? "",
      product: attr(child(source, "product"), "id") ?? "",
      managed,
    };
  return undefined;
}
