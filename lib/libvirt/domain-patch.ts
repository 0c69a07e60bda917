// Redefining a domain from our model alone would drop everything the model does not cover (graphics, consoles,
// CPU model, firmware, devices someone added by hand, metadata of other tools, qemu:commandline). An update
// therefore patches the domain's current definition as text: the managed elements are spliced in from the XML the
// spec builds, and every byte outside them stays exactly as libvirt returned it (entities, quoting, comments,
// whitespace inside text), which a parse and re-serialisation would not guarantee.
import { buildDomainXml } from "./domain-xml";
import { EXTRA_DEVICE_ELEMENTS } from "./domain-devices";
import type { DomainSpec } from "./domain-xml";
import { OWNER_ELEMENT, OWNER_NAMESPACE } from "./owner";
import { unescapeXml } from "../records";
import { applyEdits, indentAt, removeEdit, scanXml, setAttributeEdit, sourceAttributes } from "./xml-source";
import type { SourceEdit, SourceElement } from "./xml-source";

/** Top-level elements whose content comes from the spec. */
const MANAGED_TOP_LEVEL = ["name", "description", "memory", "currentMemory", "vcpu"] as const;
/** Device elements whose content comes from the spec; other devices are kept. */
const MANAGED_DEVICES = new Set(["disk", "interface"]);
/**
 * Device elements the spec manages when it lists consoles or serial ports (a serial console is both: libvirt adds the
 * <serial> behind a console and the <console> in front of the first serial port).
 */
const CONSOLE_DEVICES = new Set(["console", "serial"]);
/** <os> children of direct kernel boot and firmware: taken from the spec (removed when it has none). */
const KERNEL_BOOT = new Set(["kernel", "initrd", "cmdline", "loader", "nvram"]);

/** The existing document, the generated one, and the edits collected so far. */
interface Patch {
  readonly xml: string;
  readonly root: SourceElement;
  readonly freshXml: string;
  readonly fresh: SourceElement;
  readonly edits: SourceEdit[];
}

/**
 * Returns `existingXml` (an inactive definition from `dumpxml --inactive`) with the name, description, memory,
 * vCPUs, disks, interfaces, direct kernel boot, hypervisor type and ownership marker taken from `spec`; arch and
 * machine too when the spec gives them, and the consoles when the spec lists them. <metadata> is replaced as a
 * whole when the spec has `metadataXml`; otherwise only the owner element is managed and other tools' metadata
 * stays. The existing UUID is kept (libvirt refuses a redefinition that changes it); a spec UUID that differs is an
 * error. Bytes outside the managed elements are returned unchanged.
 */
export function patchDomainXml(existingXml: string, spec: DomainSpec): string {
  const root = scanXml(existingXml, "current domain XML");
  if (root.name !== "domain") throw new Error(`current domain XML: no <domain> element (found <${root.name}>)`);
  const freshXml = buildDomainXml(spec);
  const p: Patch = { xml: existingXml, root, freshXml, fresh: scanXml(freshXml, "generated domain XML"), edits: [] };

  const uuid = childOf(root, "uuid");
  const existingUuid = uuid ? unescapeXml(existingXml.slice(uuid.contentStart, uuid.contentEnd)).trim() : undefined;
  if (spec.uuid !== undefined && existingUuid !== undefined && spec.uuid !== existingUuid) {
    throw new Error(
      `domain ${spec.name}: the spec's uuid ${spec.uuid} differs from the defined domain's ${existingUuid}; ` +
        "a domain's uuid cannot change, replace the domain instead",
    );
  }

  p.edits.push(...setAttributeEdit(existingXml, root, "type", spec.type ?? "kvm"));
  p.edits.push(...setAttributeEdit(existingXml, root, "id", undefined)); // runtime-only
  const beforeDevices: string[] = [];
  for (const tag of MANAGED_TOP_LEVEL) replaceTopLevel(p, tag, beforeDevices);
  // Platform elements the spec leaves undefined stay as libvirt has them.
  const platform = [
    ["features", spec.features],
    ["cpu", spec.cpu],
    ["clock", spec.clockOffset ?? spec.clockTimers],
    ["on_poweroff", spec.onPoweroff],
    ["on_reboot", spec.onReboot],
    ["on_crash", spec.onCrash],
  ] as const;
  for (const [tag, value] of platform) if (value !== undefined) replaceTopLevel(p, tag, beforeDevices);
  if (spec.metadataXml !== undefined) replaceTopLevel(p, "metadata", beforeDevices);
  else patchOwnerMarker(p, spec.ownerMarker);
  if (beforeDevices.length > 0) insertBeforeDevices(p, beforeDevices);
  patchOs(p, spec);
  patchDevices(p, spec);
  return applyEdits(existingXml, p.edits);
}

/** Replaces, removes or (through `inserts`) adds the top-level element `tag` as the generated XML has it. */
function replaceTopLevel(p: Patch, tag: string, inserts: string[]): void {
  const existing = childOf(p.root, tag);
  const wanted = childOf(p.fresh, tag);
  if (existing && wanted) replaceEdit(p, existing, wanted);
  else if (existing) p.edits.push(removeEdit(p.xml, existing));
  else if (wanted) inserts.push(freshText(p, wanted));
}

function insertBeforeDevices(p: Patch, texts: readonly string[]): void {
  const devices = childOf(p.root, "devices");
  if (devices) {
    const indent = indentAt(p.xml, devices.start);
    p.edits.push({ start: devices.start, end: devices.start, text: texts.map((t) => `${t}\n${indent}`).join("") });
  } else {
    appendChildren(p, p.root, texts);
  }
}

/** Only the owner element of <metadata> is ours: it is replaced in place, the rest of <metadata> stays. */
function patchOwnerMarker(p: Patch, marker: string | undefined): void {
  const metadata = childOf(p.root, "metadata");
  const freshMetadata = marker !== undefined ? childOf(p.fresh, "metadata") : undefined;
  const freshOwner = freshMetadata?.children.find((c) => isOwnerElement(p.freshXml, c));
  if (!metadata) {
    if (freshMetadata) {
      // libvirt expects <metadata> near the top; after <uuid> (or <name>) is where it writes it itself.
      const anchor = childOf(p.root, "uuid") ?? childOf(p.root, "name");
      const at = anchor ? anchor.end : p.root.contentStart;
      const indent = anchor ? indentAt(p.xml, anchor.start) : "  ";
      p.edits.push({ start: at, end: at, text: `\n${indent}${freshText(p, freshMetadata)}` });
    }
    return;
  }
  const owners = metadata.children.filter((c) => isOwnerElement(p.xml, c));
  const others = metadata.children.filter((c) => !owners.includes(c));
  if (!freshOwner) {
    const left = owners.reduce(
      (rest, o) => rest.replace(p.xml.slice(o.start, o.end), ""),
      p.xml.slice(metadata.contentStart, metadata.contentEnd),
    );
    if (others.length === 0 && left.trim() === "") p.edits.push(removeEdit(p.xml, metadata));
    else p.edits.push(...owners.map((o) => removeEdit(p.xml, o)));
    return;
  }
  const only = owners.length === 1 ? owners[0] : undefined;
  if (only && only.children.length === 0 && unescapeXml(p.xml.slice(only.contentStart, only.contentEnd)) === marker)
    return;
  if (metadata.contentStart === metadata.end) {
    replaceEdit(p, metadata, freshMetadata!);
    return;
  }
  p.edits.push(...owners.map((o) => removeEdit(p.xml, o)));
  appendChildren(p, metadata, [freshText(p, freshOwner)]);
}

/** arch and machine of <os><type> when the spec gives them; the direct kernel boot elements after <type>. */
function patchOs(p: Patch, spec: DomainSpec): void {
  const os = childOf(p.root, "os");
  const freshOs = childOf(p.fresh, "os");
  if (!os || !freshOs) return;
  const type = childOf(os, "type");
  if (type && spec.arch !== undefined) p.edits.push(...setAttributeEdit(p.xml, type, "arch", spec.arch));
  if (type && spec.machine !== undefined) p.edits.push(...setAttributeEdit(p.xml, type, "machine", spec.machine));

  // <boot dev> and <bootmenu> only when the spec sets them (libvirt adds <boot dev='hd'/> by itself); per-device
  // boot orders cannot live next to <boot dev>, so they take its place.
  const perDeviceBoot = [...(spec.disks ?? []), ...(spec.interfaces ?? [])].some((d) => d.bootOrder !== undefined);
  const owned = (name: string) =>
    KERNEL_BOOT.has(name) ||
    (name === "boot" && (spec.bootDevices !== undefined || perDeviceBoot)) ||
    (name === "bootmenu" && spec.bootMenu !== undefined);
  const existing = os.children.filter((c) => owned(c.name));
  const wanted = freshOs.children.filter((c) => owned(c.name)).map((c) => freshText(p, c));
  if (sameTexts(p.xml, existing, wanted)) return;
  p.edits.push(...existing.map((c) => removeEdit(p.xml, c)));
  if (wanted.length === 0) return;
  if (type) insertAfter(p, type, wanted);
  else appendChildren(p, os, wanted);
}

/**
 * Disks and interfaces come from the spec; consoles, graphics, video, channels, RNGs, TPMs, watchdogs and the memory
 * balloon too when the spec lists them (an undefined list leaves those devices alone); other devices are kept.
 */
function patchDevices(p: Patch, spec: DomainSpec): void {
  const freshDevices = childOf(p.fresh, "devices");
  const devices = childOf(p.root, "devices");
  const wanted = freshDevices?.children ?? [];
  if (!devices || devices.contentStart === devices.end) {
    if (freshDevices && wanted.length > 0) {
      if (devices) replaceEdit(p, devices, freshDevices);
      else appendChildren(p, p.root, [freshText(p, freshDevices)]);
    }
    return;
  }
  patchEmulator(p, devices, childOf(freshDevices ?? p.fresh, "emulator"));
  const optional = new Set<string>(spec.consoles !== undefined || spec.serials !== undefined ? CONSOLE_DEVICES : []);
  for (const [field, element] of Object.entries(EXTRA_DEVICE_ELEMENTS)) {
    if (spec[field as keyof typeof EXTRA_DEVICE_ELEMENTS] !== undefined) optional.add(element);
  }
  const managed = (c: SourceElement) => MANAGED_DEVICES.has(c.name) || optional.has(c.name);
  const existingMain = devices.children.filter((c) => MANAGED_DEVICES.has(c.name));
  const main = wanted.filter((c) => MANAGED_DEVICES.has(c.name)).map((c) => freshText(p, c));
  const rest = wanted.filter((c) => optional.has(c.name)).map((c) => freshText(p, c));
  const existingRest = devices.children.filter((c) => optional.has(c.name));
  if (sameTexts(p.xml, existingMain, main) && sameTexts(p.xml, existingRest, rest)) return;

  p.edits.push(...devices.children.filter(managed).map((c) => removeEdit(p.xml, c)));
  // libvirt keeps devices grouped by kind: the emulator, then disks and interfaces; the others after the devices kept.
  const emulator = childOf(devices, "emulator");
  if (main.length > 0) {
    if (emulator) insertAfter(p, emulator, main);
    else
      p.edits.push({
        start: devices.contentStart,
        end: devices.contentStart,
        text: main.map((t) => `\n${childIndent(p.xml, devices)}${t}`).join(""),
      });
  }
  if (rest.length > 0) appendChildren(p, devices, rest);
}

/** The emulator path, when the spec names one: only the element's text changes (it anchors the disks). */
function patchEmulator(p: Patch, devices: SourceElement, wanted: SourceElement | undefined): void {
  const existing = childOf(devices, "emulator");
  if (!wanted) return;
  const text = p.freshXml.slice(wanted.contentStart, wanted.contentEnd);
  if (!existing)
    p.edits.push({
      start: devices.contentStart,
      end: devices.contentStart,
      text: `\n${childIndent(p.xml, devices)}${freshText(p, wanted)}`,
    });
  else if (p.xml.slice(existing.contentStart, existing.contentEnd) !== text)
    p.edits.push({ start: existing.contentStart, end: existing.contentEnd, text });
}

function replaceEdit(p: Patch, existing: SourceElement, wanted: SourceElement): void {
  const text = freshText(p, wanted);
  if (p.xml.slice(existing.start, existing.end) !== text)
    p.edits.push({ start: existing.start, end: existing.end, text });
}

function insertAfter(p: Patch, sibling: SourceElement, texts: readonly string[]): void {
  const indent = indentAt(p.xml, sibling.start);
  p.edits.push({ start: sibling.end, end: sibling.end, text: texts.map((t) => `\n${indent}${t}`).join("") });
}

/** Adds `texts` as the last children of `parent` (which has a start and an end tag), one per line. */
function appendChildren(p: Patch, parent: SourceElement, texts: readonly string[]): void {
  const last = parent.children[parent.children.length - 1];
  if (last) {
    insertAfter(p, last, texts);
    return;
  }
  const indent = childIndent(p.xml, parent);
  p.edits.push({
    start: parent.contentStart,
    end: parent.contentStart,
    text: texts.map((t) => `\n${indent}${t}`).join(""),
  });
}

function childIndent(xml: string, parent: SourceElement): string {
  const first = parent.children[0];
  return first ? indentAt(xml, first.start) : `${indentAt(xml, parent.start)}  `;
}

function sameTexts(xml: string, existing: readonly SourceElement[], wanted: readonly string[]): boolean {
  return existing.length === wanted.length && existing.every((c, i) => xml.slice(c.start, c.end) === wanted[i]);
}

function freshText(p: Patch, element: SourceElement): string {
  return p.freshXml.slice(element.start, element.end);
}

function childOf(parent: SourceElement, name: string): SourceElement | undefined {
  return parent.children.find((c) => c.name === name);
}

/** The owner element is recognised by its namespace URI, whatever prefix it was written with. */
function isOwnerElement(xml: string, element: SourceElement): boolean {
  const colon = element.name.indexOf(":");
  const local = colon >= 0 ? element.name.slice(colon + 1) : element.name;
  if (local !== OWNER_ELEMENT) return false;
  const nsAttr = colon >= 0 ? `xmlns:${element.name.slice(0, colon)}` : "xmlns";
  const ns = sourceAttributes(xml, element).find((a) => a.name === nsAttr);
  return ns !== undefined && unescapeXml(ns.raw) === OWNER_NAMESPACE;
}
