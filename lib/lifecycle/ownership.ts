// The ownership marker of a construct: every object the constructs create carries "<stack>/<construct path>" so the
// bundled providers can adopt an object a previous, interrupted run created, and never touch anyone else's objects.
// How the marker is recorded is in lib/records/owner.ts.
import type { IConstruct } from "constructs";
import { encodeOwnerConfig, encodeOwnerMetadataXml, encodeProtectMarker } from "../records";

/** "<stack>/<construct path>" of the construct that owns an object. */
export function ownerMarker(construct: IConstruct): string {
  return construct.node.path;
}

/** Incus config carrying the marker (and the protection flag when asked). */
export function incusOwnershipConfig(construct: IConstruct, protect = false): { [key: string]: string } {
  const owner = encodeOwnerConfig(ownerMarker(construct));
  return protect ? { ...owner, ...encodeProtectMarker() } : owner;
}

/** The inner XML of libvirt <metadata> carrying the marker. */
export function libvirtOwnerMetadataXml(construct: IConstruct): string {
  return encodeOwnerMetadataXml(ownerMarker(construct));
}
