// The ownership marker: `<metadata><cdktf-virt:owner xmlns:cdktf-virt="...">stack/path</cdktf-virt:owner></metadata>`.
// It tells objects this project created (and may adopt after an interrupted run) from everyone else's, which are
// never touched. libvirt keeps custom metadata of domains and networks verbatim, namespace included.
import {
  LIBVIRT_OWNER_ELEMENT as OWNER_ELEMENT,
  LIBVIRT_OWNER_NAMESPACE as OWNER_NAMESPACE,
  LIBVIRT_OWNER_PREFIX as OWNER_PREFIX,
} from "../config-keys";
import { el } from "./xml";
import type { XmlElement, XmlNode } from "./xml";

export { OWNER_ELEMENT, OWNER_NAMESPACE, OWNER_PREFIX };

/** The <cdktf-virt:owner> element carrying `marker` (e.g. "<stack>/<construct path>"). */
export function ownerElement(marker: string): XmlElement {
  if (marker.trim() === "") throw new Error("ownership marker must not be empty");
  return el(`${OWNER_PREFIX}:${OWNER_ELEMENT}`, { [`xmlns:${OWNER_PREFIX}`]: OWNER_NAMESPACE }, marker);
}

/**
 * Finds the marker inside a parsed <metadata> element. The namespace URI decides, not the prefix: another tool
 * (or `virsh metadata --key`) may have written it with a different prefix or as the default namespace.
 */
export function findOwnerMarker(metadata: XmlNode | undefined): string | undefined {
  if (!metadata) return undefined;
  for (const [key, value] of Object.entries(metadata)) {
    const colon = key.indexOf(":");
    const prefix = colon >= 0 ? key.slice(0, colon) : undefined;
    const local = colon >= 0 ? key.slice(colon + 1) : key;
    if (local !== OWNER_ELEMENT) continue;
    for (const node of Array.isArray(value) ? value : [value]) {
      const element = (typeof node === "object" && node !== null ? node : { "#text": node }) as XmlNode;
      const nsAttr = prefix === undefined ? "@_xmlns" : `@_xmlns:${prefix}`;
      if (element[nsAttr] !== OWNER_NAMESPACE) continue;
      const text = element["#text"];
      return text === undefined || text === null ? "" : String(text);
    }
  }
  return undefined;
}
