// Character devices (formatdomain.html "Consoles, Serial, Parallel & Channel devices"): consoles and serial ports
// with a pseudo terminal, a log file or a TCP socket as their host side. Built from a spec, read back from dumpxml.
import { attr, child, el } from "./xml";
import type { XmlNode } from "./xml";

/** The host side of a TCP character device (<source mode host service tls>). */
export interface CharDeviceTcpSpec {
  /** "bind" (listen) or "connect". @default "bind" */
  readonly mode?: string;
  readonly host?: string;
  /** The TCP port, as a string (libvirt's "service"). */
  readonly service?: string;
  /** "yes" or "no": TLS on the socket. @default libvirt's (qemu.conf chardev_tls) */
  readonly tls?: string;
}

/** A console or serial port: a pseudo terminal (virsh console), a log file, or a TCP socket. */
export interface DomainCharDeviceSpec {
  readonly type: "pty" | "file" | "tcp";
  /** The log file (type "file"): an absolute path on the host, truncated when the domain starts. */
  readonly path?: string;
  /** The socket (type "tcp"). */
  readonly tcp?: CharDeviceTcpSpec;
  /** The wire protocol of a TCP socket: raw, telnet, telnets or tls. @default raw */
  readonly protocol?: string;
  /** A user alias. libvirt keeps only names starting with "ua-"; others are not written. */
  readonly alias?: string;
  /** The guest side: for a console "serial" (ttyS<port>) or "virtio" (hvc<port>), for a serial port e.g. "isa-serial". */
  readonly targetType?: string;
  /** @default 0 */
  readonly targetPort?: number;
  /** A serial port's device model, e.g. "isa-serial". @default libvirt's for targetType */
  readonly targetModel?: string;
}

/** A console or serial port as read back. */
export interface DomainCharDeviceInfo {
  readonly type: string;
  readonly path?: string;
  readonly tcp?: CharDeviceTcpSpec;
  readonly protocol?: string;
  readonly alias?: string;
  readonly targetType?: string;
  readonly targetPort?: number;
  readonly targetModel?: string;
}

/** libvirt's prefix for user aliases: it discards any other alias when it stores a definition. */
export const USER_ALIAS_PREFIX = "ua-";

export const CHAR_DEVICE_TYPES = ["pty", "file", "tcp"] as const;

/** A <console> or <serial> element. A console's target type defaults to "serial", a serial port's to libvirt's. */
export function charDeviceElement(kind: "console" | "serial", device: DomainCharDeviceSpec) {
  const tcp = device.tcp;
  return el(
    kind,
    { type: device.type },
    device.type === "file" && el("source", { path: device.path }),
    device.type === "tcp" &&
      el("source", { mode: tcp?.mode ?? "bind", host: tcp?.host, service: tcp?.service, tls: tcp?.tls }),
    device.type === "tcp" && device.protocol !== undefined && el("protocol", { type: device.protocol }),
    el(
      "target",
      {
        type: device.targetType ?? (kind === "console" ? "serial" : undefined),
        port: String(device.targetPort ?? 0),
      },
      device.targetModel !== undefined && el("model", { name: device.targetModel }),
    ),
    device.alias?.startsWith(USER_ALIAS_PREFIX) === true && el("alias", { name: device.alias }),
  );
}

/** Plan-time-proof checks of one device; `where` names it in the message. */
export function validateCharDevice(device: DomainCharDeviceSpec, where: string): void {
  if (!(CHAR_DEVICE_TYPES as readonly string[]).includes(device.type))
    throw new Error(`${where}: type '${device.type}' is not one of ${CHAR_DEVICE_TYPES.join(", ")}`);
  if (device.type === "file" && (device.path === undefined || !device.path.startsWith("/")))
    throw new Error(`${where}: a file console needs an absolute path on the host, got '${device.path ?? ""}'`);
  if (device.type === "tcp" && (device.tcp?.service === undefined || device.tcp.service === ""))
    throw new Error(`${where}: a TCP console needs source.tcp.service (the port)`);
  const port = device.targetPort;
  if (port !== undefined && (!Number.isSafeInteger(port) || port < 0))
    throw new Error(`${where}: console port ${port} is not a whole number`);
}

export function parseCharDevice(device: XmlNode): DomainCharDeviceInfo {
  const type = attr(device, "type") ?? "pty";
  const source = child(device, "source");
  const target = child(device, "target");
  const port = attr(target, "port");
  return {
    type,
    path: type === "file" ? attr(source, "path") : undefined,
    tcp:
      type === "tcp"
        ? {
            mode: attr(source, "mode"),
            host: attr(source, "host"),
            service: attr(source, "service"),
            tls: attr(source, "tls"),
          }
        : undefined,
    protocol: attr(child(device, "protocol"), "type"),
    alias: attr(child(device, "alias"), "name"),
    targetType: attr(target, "type"),
    targetPort: port === undefined ? undefined : Number(port),
    targetModel: attr(child(target, "model"), "name"),
  };
}
