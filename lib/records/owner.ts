// The owner marker: every object the constructs create carries "<stack>/<construct path>", so the bundled providers
// can adopt an object an interrupted run created and never touch anyone else's. Incus: a config key. libvirt domains
// and networks: an element in their <metadata>,
// `<cdktf-virt:owner xmlns:cdktf-virt="https://cdktf-virt.dev/xmlns/owner">stack/path</cdktf-virt:owner>`, which
// libvirt keeps verbatim, namespace included. (libvirt volumes have no metadata; see released.ts.)
import { isReleased, releasedOwner } from "./released";
import { escapeXml, namespacedChildren } from "./xml";
import type { XmlNode } from "./xml";

/** Config key holding "<stack>/<construct path>" on every Incus object the constructs create. */
export const OWNER_CONFIG_KEY = "user.cdktf-virt.owner";

/** XML namespace of the libvirt metadata element carrying the marker (the namespace decides, not the prefix). */
export const LIBVIRT_OWNER_NAMESPACE = "https://cdktf-virt.dev/xmlns/owner";
/** Prefix and local name the marker element is written with: `<cdktf-virt:owner>`. */
export const LIBVIRT_OWNER_PREFIX = "cdktf-virt";
export const LIBVIRT_OWNER_ELEMENT = "owner";

/** The marker as Incus config. */
export function encodeOwnerConfig(marker: string): { [key: string]: string } {
  return { [OWNER_CONFIG_KEY]: marker };
}

/** The marker element as the constructs write it into libvirt <metadata> (text escaped as element content). */
export function encodeOwnerMetadataXml(marker: string): string {
  const tag = `${LIBVIRT_OWNER_PREFIX}:${LIBVIRT_OWNER_ELEMENT}`;
  return `<${tag} xmlns:${LIBVIRT_OWNER_PREFIX}="${LIBVIRT_OWNER_NAMESPACE}">${escapeXml(marker, "text")}</${tag}>`;
}

/** The marker inside a parsed <metadata> element ("" for an empty marker, undefined when there is none). */
export function decodeOwnerMetadata(metadata: XmlNode | undefined): string | undefined {
  const [first] = namespacedChildren(metadata, LIBVIRT_OWNER_ELEMENT, LIBVIRT_OWNER_NAMESPACE);
  if (first === undefined) return undefined;
  const text = first.node["#text"];
  return text === undefined || text === null ? "" : String(text);
}

/** The stack part of an owner marker "<stack>/<construct path>" (undefined for none or a released marker). */
export function stackOfOwner(owner: string | null | undefined): string | undefined {
  if (!owner || isReleased(owner)) return undefined;
  const slash = owner.indexOf("/");
  return slash > 0 ? owner.slice(0, slash) : undefined;
}

/** Config of a copy that is released: the owner marker turned into the released one. */
export function releasedConfig(config: Readonly<Record<string, string>>): Record<string, string> {
  return { ...config, [OWNER_CONFIG_KEY]: releasedOwner(config[OWNER_CONFIG_KEY]) };
}
