// The ownership marker: every object the constructs create carries "<stack>/<construct path>" so the bundled
// providers can adopt an object a previous, interrupted run created, and never touch anyone else's objects.
import type { IConstruct } from "constructs";
import {
  LIBVIRT_OWNER_ELEMENT,
  LIBVIRT_OWNER_NAMESPACE,
  LIBVIRT_OWNER_PREFIX,
  OWNER_CONFIG_KEY,
  PROTECT_CONFIG_KEY,
} from "../config-keys";

export { LIBVIRT_OWNER_NAMESPACE, OWNER_CONFIG_KEY, PROTECT_CONFIG_KEY };

/** "<stack>/<construct path>" of the construct that owns an object. */
export function ownerMarker(construct: IConstruct): string {
  return construct.node.path;
}

/** Incus config carrying the marker (and the protection flag when asked). */
export function incusOwnershipConfig(construct: IConstruct, protect = false): { [key: string]: string } {
  return protect
    ? { [OWNER_CONFIG_KEY]: ownerMarker(construct), [PROTECT_CONFIG_KEY]: "true" }
    : { [OWNER_CONFIG_KEY]: ownerMarker(construct) };
}

/** The inner XML of libvirt <metadata> carrying the marker. */
export function libvirtOwnerMetadataXml(construct: IConstruct): string {
  const tag = `${LIBVIRT_OWNER_PREFIX}:${LIBVIRT_OWNER_ELEMENT}`;
  return `<${tag} xmlns:${LIBVIRT_OWNER_PREFIX}="${LIBVIRT_OWNER_NAMESPACE}">${escapeXml(ownerMarker(construct))}</${tag}>`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
