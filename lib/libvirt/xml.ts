// Building and reading libvirt documents for the pool, volume, domain and network builders/parsers. Building is
// done with a tiny element tree so the output is deterministic and escaped; parsing and escaping are the shared XML
// toolkit of lib/records/xml.ts. Patching a document in place, byte for byte outside the edits, uses the source
// ranges of xml-source.ts.
import { escapeXml, parseXmlOrdered, parseXmlTree } from "../records";
import type { XmlNode } from "../records";

export type { XmlNode };

/** An XML element to render: name, attributes (undefined ones are left out) and children. */
export interface XmlElement {
  readonly name: string;
  readonly attrs?: Readonly<Record<string, string | number | undefined>>;
  readonly children?: ReadonlyArray<XmlChild | undefined | false>;
}

/** A fragment written verbatim (user-supplied metadata); the caller vouches that it is well-formed. */
export interface RawXml {
  readonly raw: string;
}

export type XmlChild = XmlElement | RawXml | string;

/** Shorthand for building an XmlElement; falsy children are dropped, which keeps optional parts readable. */
export function el(
  name: string,
  attrs?: Readonly<Record<string, string | number | undefined>>,
  ...children: Array<XmlChild | undefined | false>
): XmlElement {
  return { name, attrs, children };
}

/** Renders an element tree with two-space indentation; text-only elements stay on one line. */
export function renderXml(root: XmlElement): string {
  return renderElement(root, "") + "\n";
}

function renderElement(node: XmlElement, indent: string): string {
  const attrs = Object.entries(node.attrs ?? {})
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join("");
  const children = (node.children ?? []).filter((c): c is XmlChild => c !== undefined && c !== false);
  if (children.length === 0) return `${indent}<${node.name}${attrs}/>`;
  if (children.every((c) => typeof c === "string")) {
    return `${indent}<${node.name}${attrs}>${escapeXml(children.join(""))}</${node.name}>`;
  }
  const inner = children
    .map((c) =>
      typeof c === "string"
        ? `${indent}  ${escapeXml(c)}`
        : "raw" in c
          ? `${indent}  ${c.raw.trim()}`
          : renderElement(c, indent + "  "),
    )
    .join("\n");
  return `${indent}<${node.name}${attrs}>\n${inner}\n${indent}</${node.name}>`;
}

/** A canonical text of the fragment's elements, attributes and text (whitespace and quoting aside); throws when malformed. */
export function xmlContentKey(fragment: string): string {
  return JSON.stringify(parseXmlOrdered(`<r>${fragment}</r>`));
}

/** Parses `xml` and returns its root element, checking that it is named `rootName`. */
export function parseRoot(xml: string, rootName: string, what: string): XmlNode {
  let doc: Record<string, unknown>;
  try {
    doc = parseXmlTree(xml);
  } catch (err) {
    throw new Error(`${what}: not well-formed XML: ${(err as Error).message}`);
  }
  const root = doc[rootName];
  if (root === undefined) {
    throw new Error(`${what}: expected a <${rootName}> document, got: ${xml.slice(0, 80).replace(/\s+/g, " ")}`);
  }
  return (typeof root === "object" && root !== null ? root : { "#text": root }) as XmlNode;
}

/** The child element `name` of `node`, if it is an element (an empty element parses as ""). */
export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  const value = node?.[name];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return asNode(value[0]);
  return asNode(value);
}

/** All child elements `name` of `node` (one or many). */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((v) => asNode(v) ?? {});
}

function asNode(value: unknown): XmlNode | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "object") return value as XmlNode;
  // An element with text only (or an empty element) parses as a string.
  return { "#text": String(value) };
}

/** The text content of `node` (or of its child `name`). */
export function text(node: XmlNode | undefined, name?: string): string | undefined {
  const target = name === undefined ? node : child(node, name);
  const value = target?.["#text"];
  if (value === undefined || value === null) return undefined;
  const s = String(value);
  return s === "" ? undefined : s;
}

export function attr(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.[`@_${name}`];
  return value === undefined ? undefined : String(value);
}

// Multipliers of the units libvirt accepts in `unit` attributes (formatdomain "Memory Allocation").
const UNIT_BYTES: Readonly<Record<string, number>> = {
  b: 1,
  bytes: 1,
  k: 1024,
  kib: 1024,
  kb: 1000,
  m: 1024 ** 2,
  mib: 1024 ** 2,
  mb: 1000 ** 2,
  g: 1024 ** 3,
  gib: 1024 ** 3,
  gb: 1000 ** 3,
  t: 1024 ** 4,
  tib: 1024 ** 4,
  tb: 1000 ** 4,
  p: 1024 ** 5,
  pib: 1024 ** 5,
  pb: 1000 ** 5,
};

/** Bytes in one `unit` as libvirt names units (any case: "KiB", "kib", "M", "bytes"), or undefined if unknown. */
export function bytesPerUnit(unit: string): number | undefined {
  return UNIT_BYTES[unit.toLowerCase()];
}

/** Converts a value with a libvirt `unit` attribute into bytes; `defaultUnit` applies when unit is absent. */
export function toBytes(
  value: string | undefined,
  unit: string | undefined,
  defaultUnit: string,
  what: string,
): number {
  if (value === undefined) throw new Error(`${what}: value is missing`);
  const multiplier = bytesPerUnit(unit ?? defaultUnit);
  if (multiplier === undefined) throw new Error(`${what}: unknown unit '${unit}'`);
  const n = Number(value.trim());
  if (!Number.isFinite(n) || n < 0) throw new Error(`${what}: '${value}' is not a non-negative number`);
  return n * multiplier;
}

/** Sizes in bytes must be whole, non-negative and exactly representable (below 2^53). */
export function checkByteCount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`${what}: expected a whole number of bytes between 0 and 2^53, got ${value}`);
  }
}
