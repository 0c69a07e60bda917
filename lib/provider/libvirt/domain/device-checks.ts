// libvirt_domain's devices at plan time: an interface has exactly one source and a type that matches it, only an
// interface on a libvirt network can wait for a DHCP lease (other sources ask the guest agent), a console logs to one
// file or a TCP socket, and boot orders are whole, positive and unique.
import type { Diagnostics } from "../../framework";
import { isUnknown } from "../../framework";
import { checkWholeNumber, knownList, knownObject } from "../common";
import type { DomainConfig } from "./schema";

const SOURCE_KINDS = ["network", "bridge", "direct", "user"] as const;

/** wait_for_ip.source that reads only DHCP leases: "lease" or unset (an unknown source is checked at apply). */
function leaseOnly(source: string | null | undefined | object): boolean {
  return source === "lease" || source === null || source === undefined;
}

export function validateInterfaces(config: DomainConfig, diagnostics: Diagnostics): void {
  knownList(knownObject(config.devices)?.interfaces).forEach((nic, i) => {
    const at = ["devices", "interfaces", i];
    const source = knownObject(nic.source);
    if (!source) return;
    const kinds = SOURCE_KINDS.filter((k) => source[k] !== null && source[k] !== undefined);
    if (kinds.length !== 1) {
      diagnostics.error(
        kinds.length === 0 ? "Missing interface source" : "Conflicting interface sources",
        `Set exactly one of source.network, source.bridge, source.direct and source.user${
          kinds.length > 1 ? `, not ${kinds.join(" and ")}` : ""
        }.`,
        [...at, "source"],
      );
      return;
    }
    const kind = kinds[0];
    if (typeof nic.type === "string" && nic.type !== kind) {
      diagnostics.error(
        "Interface type does not match its source",
        `type = "${nic.type}" but the source is source.${kind}: set type = "${kind}" or leave it unset.`,
        [...at, "type"],
      );
    }
    const waitSource = knownObject(nic.wait_for_ip)?.source;
    if (kind !== "network" && nic.wait_for_ip !== null && nic.wait_for_ip !== undefined && leaseOnly(waitSource)) {
      diagnostics.error(
        "wait_for_ip needs a libvirt network",
        `wait_for_ip reads the DHCP leases of a libvirt network by default; an interface on source.${kind} has none ` +
          '(set wait_for_ip.source = "agent" to ask the guest agent).',
        [...at, "wait_for_ip"],
      );
    }
  });
}

export function validateGraphics(config: DomainConfig, diagnostics: Diagnostics): void {
  knownList(knownObject(config.devices)?.graphics).forEach((g, i) => {
    const kinds = (["vnc", "spice"] as const).filter((k) => g[k] !== null && g[k] !== undefined);
    if (kinds.length !== 1) {
      diagnostics.error(
        "Graphics needs exactly one server",
        `Set exactly one of vnc and spice${kinds.length > 1 ? ", not both" : ""}.`,
        ["devices", "graphics", i],
      );
      return;
    }
    const server = knownObject(g[kinds[0]]);
    const passwd = server?.passwd;
    if (kinds[0] === "vnc" && typeof passwd === "string" && passwd.length > 8) {
      // The VNC protocol's authentication uses at most 8 characters; libvirt refuses longer ones at define.
      diagnostics.error(
        "VNC password too long",
        `A VNC password has at most 8 characters, this one has ${passwd.length}.`,
        ["devices", "graphics", i, "vnc", "passwd"],
      );
    }
    const port = server?.port;
    checkWholeNumber(port, ["devices", "graphics", i, kinds[0], "port"], -1, 65535, diagnostics);
  });
}

export function validateFilesystems(config: DomainConfig, diagnostics: Diagnostics): void {
  knownList(knownObject(config.devices)?.filesystems).forEach((f, i) => {
    const dir = knownObject(knownObject(f.source)?.mount)?.dir;
    if (typeof dir === "string" && !dir.startsWith("/")) {
      diagnostics.error("Relative filesystem path", `The shared directory must be an absolute path, got "${dir}".`, [
        "devices",
        "filesystems",
        i,
        "source",
        "mount",
        "dir",
      ]);
    }
  });
}

const CHAR_SOURCES = ["path", "file", "tcp"] as const;

/**
 * A console's or serial port's host side is at most one of source.path, source.file.path (the official spelling of the
 * same log file) and source.tcp; type, when given, matches it; a protocol belongs to a TCP socket.
 */
export function validateConsoles(config: DomainConfig, diagnostics: Diagnostics): void {
  const devices = knownObject(config.devices);
  const set = (v: unknown) => v !== null && v !== undefined;
  for (const kind of ["consoles", "serials"] as const) {
    knownList(devices?.[kind]).forEach((c, i) => {
      const at = ["devices", kind, i];
      const source = knownObject(c.source);
      const given = CHAR_SOURCES.filter((k) => set(source?.[k]));
      if (source && given.length !== 1) {
        diagnostics.error(
          given.length > 1 ? "Conflicting console sources" : "Missing console source",
          "Set exactly one of source.path, source.file.path (the same log file, in two spellings) and source.tcp.",
          [...at, "source"],
        );
        return;
      }
      const path = source?.path;
      if (c.type === "pty" && set(path))
        diagnostics.error(
          "Console source on a pty",
          'A pty console has no source.path: set type = "file" to log to a file.',
          [...at, "source", "path"],
        );
      if (c.type === "file" && !isUnknown(c.source) && given[0] !== "path" && given[0] !== "file")
        diagnostics.error(
          "Missing console log file",
          "A file console needs source.path (an absolute path on the host).",
          [...at, "source", "path"],
        );
      if (typeof path === "string" && !path.startsWith("/"))
        diagnostics.error(
          "Relative console path",
          `The log file must be an absolute path on the host, got "${path}".`,
          [...at, "source", "path"],
        );
      if (typeof c.type === "string" && (c.type === "tcp") !== (given[0] === "tcp") && !isUnknown(c.source))
        diagnostics.error(
          "Console type does not match its source",
          c.type === "tcp"
            ? 'type = "tcp" needs source.tcp (mode, host, service).'
            : `type = "${c.type}" but the source is source.tcp: set type = "tcp" or leave it unset.`,
          [...at, "type"],
        );
      if (set(c.protocol) && given[0] !== "tcp" && !isUnknown(c.source))
        diagnostics.error("Protocol without a TCP source", "protocol applies to a source.tcp socket only.", [
          ...at,
          "protocol",
        ]);
    });
  }
}

const PCI_ADDRESS_LIMITS = { domain: 0xffff, bus: 0xff, slot: 0x1f, function: 7 } as const;

/** A host device is exactly one of subsys_pci and subsys_usb; a PCI address in range, USB ids as 0x and 4 hex digits. */
export function validateHostdevs(config: DomainConfig, diagnostics: Diagnostics): void {
  knownList(knownObject(config.devices)?.hostdevs).forEach((h, i) => {
    const at = ["devices", "hostdevs", i];
    const kinds = (["subsys_pci", "subsys_usb"] as const).filter((k) => h[k] !== null && h[k] !== undefined);
    if (kinds.length !== 1) {
      diagnostics.error(
        "Host device needs exactly one source",
        `Set exactly one of subsys_pci and subsys_usb${kinds.length > 1 ? ", not both" : ""}.`,
        at,
      );
      return;
    }
    const address = knownObject(knownObject(knownObject(h.subsys_pci)?.source)?.address);
    for (const [part, max] of Object.entries(PCI_ADDRESS_LIMITS))
      checkWholeNumber(
        address?.[part as keyof typeof PCI_ADDRESS_LIMITS],
        [...at, "subsys_pci", "source", "address", part],
        0,
        max,
        diagnostics,
      );
    const usb = knownObject(knownObject(h.subsys_usb)?.source);
    for (const part of ["vendor", "product"] as const) {
      const id = knownObject(usb?.[part])?.id;
      if (typeof id === "string" && !/^0x[0-9a-fA-F]{4}$/.test(id))
        diagnostics.error(
          "Invalid USB id",
          `A USB ${part} id is 0x and four hex digits (lsusb), e.g. 0x1d6b; got "${id}".`,
          [...at, "subsys_usb", "source", part, "id"],
        );
    }
  });
}

export function validateBootOrders(config: DomainConfig, diagnostics: Diagnostics): void {
  const devices = knownObject(config.devices);
  const seen = new Map<number, string>();
  const boots = [
    ...knownList(devices?.disks).map((d, i) => ["disks", i, d.boot] as const),
    ...knownList(devices?.interfaces).map((n, i) => ["interfaces", i, n.boot] as const),
  ];
  for (const [kind, i, value] of boots) {
    const boot = knownObject(value);
    if (!boot) continue;
    const at = ["devices", kind, i, "boot", "order"];
    const order = checkWholeNumber(boot.order, at, 1, 65535, diagnostics);
    if (order === undefined) continue;
    const other = seen.get(order);
    if (other !== undefined) {
      diagnostics.error("Duplicate boot order", `Boot order ${order} is already used by ${other}.`, at);
    }
    seen.set(order, `devices.${kind}[${i}]`);
  }
}
