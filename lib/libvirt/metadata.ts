// Custom <metadata> of domains and networks as a raw XML fragment (the 0.9.x provider's `metadata.xml`): read it
// back verbatim, find the ownership marker in it, and compare two fragments by content rather than by text
// (libvirt re-indents and re-quotes what it stores, which must not show up as a change).
import { XMLValidator } from "fast-xml-parser";
import { decodeOwnerMetadata } from "../records";
import { ownerElement } from "./owner";
import { el, parseRoot, xmlContentKey } from "./xml";
import type { XmlElement } from "./xml";

/** The inner XML of the document's top-level <metadata> element ("" when empty, undefined when absent). */
export function extractMetadataXml(documentXml: string): string | undefined {
  const match = /<metadata\s*(\/>|>([\s\S]*?)<\/metadata>)/.exec(documentXml);
  if (!match) return undefined;
  return dedent(match[2] ?? "");
}

/** The ownership marker inside a metadata fragment, if any. */
export function ownerMarkerOfMetadata(metadataXml: string | undefined | null): string | undefined {
  if (!metadataXml) return undefined;
  return decodeOwnerMetadata(parseRoot(`<metadata>${metadataXml}</metadata>`, "metadata", "metadata XML"));
}

/** Why `metadataXml` cannot go into <metadata>, or undefined when it can. */
export function metadataXmlProblem(metadataXml: string): string | undefined {
  const result = XMLValidator.validate(`<metadata>${metadataXml}</metadata>`);
  if (result !== true) return `it is not well-formed XML: ${result.err.msg} (line ${result.err.line})`;
  return undefined;
}

/**
 * The <metadata> element of a domain or network: the raw fragment (the caller has checked it with
 * metadataXmlProblem) and the owner marker unless the fragment carries one already; undefined when neither is given.
 */
export function metadataElement(
  metadataXml: string | undefined,
  ownerMarker: string | undefined,
): XmlElement | undefined {
  const raw = metadataXml?.trim();
  if (!raw && ownerMarker === undefined) return undefined;
  const markerAlreadyThere = raw ? ownerMarkerOfMetadata(raw) !== undefined : false;
  return el(
    "metadata",
    {},
    raw ? { raw } : undefined,
    ownerMarker !== undefined && !markerAlreadyThere && ownerElement(ownerMarker),
  );
}

/** True when two fragments hold the same elements, attributes and text (whitespace and quoting aside). */
export function sameXmlContent(a: string | null | undefined, b: string | null | undefined): boolean {
  if ((a ?? "").trim() === (b ?? "").trim()) return true;
  try {
    return xmlContentKey(a ?? "") === xmlContentKey(b ?? "");
  } catch {
    return false;
  }
}

function dedent(text: string): string {
  const lines = text
    .replace(/^\s*\n/, "")
    .replace(/\s+$/, "")
    .split("\n");
  const indents = lines.filter((l) => l.trim() !== "").map((l) => /^\s*/.exec(l)![0].length);
  const cut = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut)).join("\n");
}
