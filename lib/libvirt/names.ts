// Names of libvirt objects end up in file names (pool directories, volume files, /etc/libvirt/qemu/<name>.xml)
// and in virsh command lines, so they are checked before any XML is built.
import type { LibvirtObjectKind } from "./errors";

const MAX_NAME_LENGTH = 200;

/** Throws a descriptive error when `name` is not usable as the name of a libvirt `kind`. */
export function checkLibvirtName(name: string, kind: LibvirtObjectKind): void {
  const problem = libvirtNameProblem(name);
  if (problem) throw new Error(`invalid ${kind} name ${JSON.stringify(name)}: ${problem}`);
}

/** Why `name` cannot name a libvirt object, or undefined when it can. */
export function libvirtNameProblem(name: string): string | undefined {
  if (typeof name !== "string" || name.length === 0) return "it must not be empty";
  if (name.length > MAX_NAME_LENGTH) return `it is longer than ${MAX_NAME_LENGTH} characters`;
  if (name.includes("/")) return "it must not contain '/' (libvirt uses names as file names)";
  if (/[\u0000-\u001f\u007f]/.test(name)) return "it must not contain control characters";
  if (name.trim() !== name) return "it must not start or end with whitespace";
  if (name.startsWith("-")) return "it must not start with '-' (virsh would read it as an option)";
  if (name === "." || name === "..") return "'.' and '..' are not names";
  return undefined;
}
