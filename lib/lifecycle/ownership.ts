// The ownership marker: every object the constructs create carries "<stack>/<construct path>" so the bundled
// providers can adopt an object a previous, interrupted run created, and never touch anyone else's objects.
import type { IConstruct } from "constructs";

/** Config key holding the marker on every Incus object. */
export const OWNER_CONFIG_KEY = "user.cdktf-virt.owner";

/**
 * Config key set to "true" on protected Incus volumes. prevent_destroy lives only in the configuration, so when a
 * volume is removed from the code the guard goes with it; this key travels with the object (and its state) so a
 * provider can still refuse to plan its destruction.
 */
export const PROTECT_CONFIG_KEY = "user.cdktf-virt.protect";

/** XML namespace of the libvirt metadata element carrying the marker. */
export const LIBVIRT_OWNER_NAMESPACE = "https://cdktf-virt.dev/xmlns/owner";

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
  return (
    `<cdktf-virt:owner xmlns:cdktf-virt="${LIBVIRT_OWNER_NAMESPACE}">` +
    `${escapeXml(ownerMarker(construct))}</cdktf-virt:owner>`
  );
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
