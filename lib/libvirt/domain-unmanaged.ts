// What a domain's definition holds beyond what this project models: devices other than disks, interfaces and
// consoles (a PCI or USB device passed through, a graphics console, a shared folder), and elements of other
// namespaces at the top level (qemu:commandline, which runs arbitrary QEMU arguments). An update keeps them; a
// domain taken over after an interrupted create must say that it carries them.
import { scanXml } from "./xml-source";

/** Devices the model covers, and those libvirt adds to any definition by itself. */
const EXPECTED_DEVICES = new Set([
  "emulator",
  "disk",
  "interface",
  "console",
  "serial",
  "controller",
  "input",
  "memballoon",
  "audio",
  "video",
]);

/** The unmodelled parts of a domain definition, e.g. ["<hostdev> (2)", "<qemu:commandline>"]; [] when none. */
export function unmanagedDomainParts(domainXml: string): string[] {
  const root = scanXml(domainXml, "domain XML");
  const counts = new Map<string, number>();
  const count = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
  for (const element of root.children) {
    if (element.name.includes(":")) count(element.name);
    if (element.name === "devices")
      element.children.filter((d) => !EXPECTED_DEVICES.has(d.name)).forEach((d) => count(d.name));
  }
  return [...counts].map(([name, n]) => (n > 1 ? `<${name}> (${n})` : `<${name}>`));
}
