// Redefining a domain from our model alone would drop everything the model does not cover (graphics, consoles,
// CPU model, firmware, devices someone added by hand, metadata of other tools). An update therefore patches the
// domain's current definition: the managed parts are replaced, everything else is kept as it was, in order.
import { XMLBuilder, XMLParser } from "fast-xml-parser";
import { buildDomainXml } from "./domain-xml";
import type { DomainSpec } from "./domain-xml";
import { OWNER_ELEMENT, OWNER_NAMESPACE } from "./owner";

/** A node in fast-xml-parser's order-preserving form: `{ tag: children, ":@": attributes }`. */
type OrderedNode = Record<string, unknown>;

const ORDERED_OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
} as const;

const parser = new XMLParser(ORDERED_OPTIONS);
const builder = new XMLBuilder({ ...ORDERED_OPTIONS, format: true, indentBy: "  ", suppressEmptyNode: true });

/** Top-level elements whose content comes from the spec. */
const MANAGED_TOP_LEVEL = ["name", "description", "memory", "currentMemory", "vcpu"] as const;
/** Device elements whose content comes from the spec; other devices are kept. */
const MANAGED_DEVICES = new Set(["disk", "interface"]);
/** Device elements the spec manages when it lists consoles (a serial console is both, libvirt adds the <serial>). */
const CONSOLE_DEVICES = new Set(["console", "serial"]);
/** <os> children of direct kernel boot: taken from the spec (removed when it has none). */
const KERNEL_BOOT = new Set(["kernel", "initrd", "cmdline"]);

/**
 * Returns `existingXml` (an inactive definition from `dumpxml --inactive`) with the name, description, memory,
 * vCPUs, disks, interfaces, direct kernel boot, hypervisor type and ownership marker taken from `spec`; arch and
 * machine too when the spec gives them, and the consoles when the spec lists them. <metadata> is replaced as a whole when the spec has `metadataXml`; otherwise only the
 * owner element is managed and other tools' metadata stays. The existing UUID is kept (libvirt refuses a
 * redefinition that changes it); a spec UUID that differs is an error.
 */
export function patchDomainXml(existingXml: string, spec: DomainSpec): string {
  const existing = domainNode(existingXml, "current domain XML");
  const fresh = domainNode(buildDomainXml(spec), "generated domain XML");
  const existingChildren = childrenOf(existing);
  const freshChildren = childrenOf(fresh);

  const existingUuid = textOf(findChild(existingChildren, "uuid"));
  if (spec.uuid !== undefined && existingUuid !== undefined && spec.uuid !== existingUuid) {
    throw new Error(
      `domain ${spec.name}: the spec's uuid ${spec.uuid} differs from the defined domain's ${existingUuid}; ` +
        "a domain's uuid cannot change, replace the domain instead",
    );
  }

  const attrs: Record<string, string> = { ...attributesOf(existing), "@_type": attributesOf(fresh)["@_type"] };
  delete attrs["@_id"]; // runtime-only
  existing[":@"] = attrs;

  for (const tag of MANAGED_TOP_LEVEL) {
    replaceOrAppend(existingChildren, findChild(freshChildren, tag), tag);
  }
  if (spec.metadataXml !== undefined) {
    replaceOrAppend(existingChildren, findChild(freshChildren, "metadata"), "metadata");
  } else {
    patchMetadata(existingChildren, findChild(freshChildren, "metadata"), spec.ownerMarker !== undefined);
  }
  patchOsType(existingChildren, spec);
  patchKernelBoot(existingChildren, freshChildren);

  const freshDevices = childrenOf(findChild(freshChildren, "devices") ?? { devices: [] });
  let devices = findChild(existingChildren, "devices");
  if (!devices) {
    devices = { devices: [] };
    existingChildren.push(devices);
  }
  const managed = (node: OrderedNode) => MANAGED_DEVICES.has(tagOf(node)) || (spec.consoles !== undefined && CONSOLE_DEVICES.has(tagOf(node)));
  const kept = childrenOf(devices).filter((node) => !managed(node));
  // libvirt keeps devices grouped by kind: disks and interfaces first, consoles after the devices we keep.
  const freshConsoles = freshDevices.filter((node) => CONSOLE_DEVICES.has(tagOf(node)));
  devices.devices = [...freshDevices.filter((node) => !CONSOLE_DEVICES.has(tagOf(node))), ...kept, ...freshConsoles];

  return builder.build([{ domain: existingChildren, ":@": attrs }]).trim() + "\n";
}

function patchMetadata(existingChildren: OrderedNode[], freshMetadata: OrderedNode | undefined, wantOwner: boolean): void {
  let metadata = findChild(existingChildren, "metadata");
  if (metadata) {
    metadata.metadata = childrenOf(metadata).filter((node) => !isOwnerElement(node));
  }
  if (!wantOwner || !freshMetadata) {
    if (metadata && childrenOf(metadata).length === 0) existingChildren.splice(existingChildren.indexOf(metadata), 1);
    return;
  }
  if (!metadata) {
    metadata = { metadata: [] };
    // libvirt expects <metadata> near the top; after <uuid> (or <name>) is where it writes it itself.
    const anchor = findChild(existingChildren, "uuid") ?? findChild(existingChildren, "name");
    existingChildren.splice(anchor ? existingChildren.indexOf(anchor) + 1 : 0, 0, metadata);
  }
  (metadata.metadata as OrderedNode[]).push(...childrenOf(freshMetadata));
}

function patchOsType(existingChildren: OrderedNode[], spec: DomainSpec): void {
  if (spec.arch === undefined && spec.machine === undefined) return;
  const os = findChild(existingChildren, "os");
  const type = os && findChild(childrenOf(os), "type");
  if (!type) return;
  const attrs = { ...attributesOf(type) };
  if (spec.arch !== undefined) attrs["@_arch"] = spec.arch;
  if (spec.machine !== undefined) attrs["@_machine"] = spec.machine;
  type[":@"] = attrs;
}

function patchKernelBoot(existingChildren: OrderedNode[], freshChildren: OrderedNode[]): void {
  const os = findChild(existingChildren, "os");
  const freshOs = findChild(freshChildren, "os");
  if (!os || !freshOs) return;
  const kept = childrenOf(os).filter((node) => !KERNEL_BOOT.has(tagOf(node)));
  const boot = childrenOf(freshOs).filter((node) => KERNEL_BOOT.has(tagOf(node)));
  const type = kept.findIndex((node) => tagOf(node) === "type");
  kept.splice(type + 1, 0, ...boot);
  os.os = kept;
}

function isOwnerElement(node: OrderedNode): boolean {
  const tag = tagOf(node);
  const colon = tag.indexOf(":");
  const local = colon >= 0 ? tag.slice(colon + 1) : tag;
  const nsAttr = colon >= 0 ? `@_xmlns:${tag.slice(0, colon)}` : "@_xmlns";
  return local === OWNER_ELEMENT && attributesOf(node)[nsAttr] === OWNER_NAMESPACE;
}

function replaceOrAppend(list: OrderedNode[], replacement: OrderedNode | undefined, tag: string): void {
  const index = list.findIndex((node) => tagOf(node) === tag);
  if (!replacement) {
    if (index >= 0) list.splice(index, 1);
  } else if (index >= 0) {
    list[index] = replacement;
  } else {
    const devices = list.findIndex((node) => tagOf(node) === "devices");
    list.splice(devices >= 0 ? devices : list.length, 0, replacement);
  }
}

function domainNode(xml: string, what: string): OrderedNode {
  let parsed: OrderedNode[];
  try {
    parsed = parser.parse(xml) as OrderedNode[];
  } catch (err) {
    throw new Error(`${what}: not well-formed XML: ${(err as Error).message}`);
  }
  const domain = parsed.find((node) => tagOf(node) === "domain");
  if (!domain) throw new Error(`${what}: no <domain> element`);
  return domain;
}

function tagOf(node: OrderedNode): string {
  return Object.keys(node).find((k) => k !== ":@") ?? "";
}

function childrenOf(node: OrderedNode): OrderedNode[] {
  const value = node[tagOf(node)];
  return Array.isArray(value) ? (value as OrderedNode[]) : [];
}

function attributesOf(node: OrderedNode): Record<string, string> {
  return (node[":@"] as Record<string, string> | undefined) ?? {};
}

function findChild(list: OrderedNode[], tag: string): OrderedNode | undefined {
  return list.find((node) => tagOf(node) === tag);
}

function textOf(node: OrderedNode | undefined): string | undefined {
  const first = node ? childrenOf(node)[0] : undefined;
  return first && typeof first["#text"] === "string" ? first["#text"] : undefined;
}
