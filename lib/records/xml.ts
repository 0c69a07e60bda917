// The one XML toolkit for libvirt metadata and domain documents: the escaper, the unescaper and the parser
// configuration. Parsing keeps attributes under "@_" and every value as a string (libvirt's numbers can exceed what
// a parser would guess right); the ordered form keeps sibling order, for comparing fragments element by element.
import { XMLParser } from "fast-xml-parser";

/**
 * Where escaped text goes, which decides what must be escaped:
 * - "text": element content (`&`, `<`, `>`);
 * - "attribute": an attribute value in double quotes (`&`, `<`, `"`);
 * - "any": either, in single or double quotes (all five predefined entities).
 * The records the constructs write use the first two, so their synthesized text never changes.
 */
export type XmlEscapeContext = "text" | "attribute" | "any";

const ESCAPED: { readonly [context in XmlEscapeContext]: RegExp } = {
  text: /[&<>]/g,
  attribute: /[&<"]/g,
  any: /[&<>"']/g,
};

const ENTITY: { readonly [char: string]: string } = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
const CHAR: { readonly [name: string]: string } = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** `text` with the characters `context` requires replaced by their predefined entities. */
export function escapeXml(text: string, context: XmlEscapeContext = "any"): string {
  return text.replace(ESCAPED[context], (char) => ENTITY[char]!);
}

/** The text of an attribute value or text node with the five predefined entities and character references resolved. */
export function unescapeXml(raw: string): string {
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, ref: string) => {
    if (ref.startsWith("#x")) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith("#")) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    return CHAR[ref]!;
  });
}

/** A parsed element: attributes as "@_name", text as "#text", children by tag name. */
export type XmlNode = { readonly [key: string]: unknown };

// Elements libvirt documents repeat (disks, interfaces, boot entries, addresses, hosts, features); always arrays,
// which keeps readers free of "one or many" checks. Other names parse as one value or an array, as they come.
const REPEATED_ELEMENTS: ReadonlySet<string> = new Set(["disk", "interface", "boot", "ip", "host", "feature"]);

const OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: true,
} as const;

const treeParser = new XMLParser({ ...OPTIONS, isArray: (tagName: string) => REPEATED_ELEMENTS.has(tagName) });
const orderedParser = new XMLParser({ ...OPTIONS, preserveOrder: true });

/** The document as nested objects (see XmlNode). Lenient: throws only on what it cannot read at all. */
export function parseXmlTree(xml: string): Record<string, unknown> {
  return treeParser.parse(xml) as Record<string, unknown>;
}

/** The document in document order (one object per node, children in order); as lenient as parseXmlTree. */
export function parseXmlOrdered(xml: string): unknown[] {
  return orderedParser.parse(xml) as unknown[];
}

/**
 * The elements named `localName` in namespace `namespace` among the children of a parsed element. The namespace
 * URI decides, not the prefix: another tool (or `virsh metadata --key`) may have written the element with a
 * different prefix or as the default namespace. Returns each match with the prefix it was written with.
 */
export function namespacedChildren(
  parent: XmlNode | undefined,
  localName: string,
  namespace: string,
): { node: XmlNode; prefix: string }[] {
  const found: { node: XmlNode; prefix: string }[] = [];
  if (typeof parent !== "object" || parent === null) return found;
  for (const [key, value] of Object.entries(parent)) {
    const colon = key.indexOf(":");
    if (key.slice(colon + 1) !== localName) continue;
    const nsAttr = colon >= 0 ? `@_xmlns:${key.slice(0, colon)}` : "@_xmlns";
    for (const item of Array.isArray(value) ? value : [value]) {
      const node = (typeof item === "object" && item !== null ? item : { "#text": item }) as XmlNode;
      if (node[nsAttr] === namespace) found.push({ node, prefix: colon >= 0 ? key.slice(0, colon + 1) : "" });
    }
  }
  return found;
}
