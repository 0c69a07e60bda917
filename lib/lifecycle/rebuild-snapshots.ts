// Snapshots before a rebuild, as the constructs ask for them. Incus: the volume's config key
// user.cdktf-virt.snapshot-before-rebuild (the provider reads it when an instance using the volume is deleted).
// libvirt volumes have no metadata, so on libvirt the domain carries the request in its <metadata>: one element
// listing the volumes to copy, and how many copies of each to keep, before the domain is deleted or rebuilt.
import { LIBVIRT_REBUILD_SNAPSHOTS_NAMESPACE as NS, LIBVIRT_REBUILD_SNAPSHOTS_PREFIX as P } from "../config-keys";

/** One volume to keep copies of (values may be cdktf tokens: Terraform interpolates them into the XML). */
export interface RebuildSnapshotRequest {
  readonly pool: string;
  readonly volume: string;
  readonly keep: number;
}

/** The metadata element for the requests ("" when there are none, so nothing changes for domains without). */
export function libvirtRebuildSnapshotsXml(requests: readonly RebuildSnapshotRequest[]): string {
  if (requests.length === 0) return "";
  const volumes = requests.map((r) => `<${P}:volume pool="${attr(r.pool)}" name="${attr(r.volume)}" keep="${r.keep}"/>`).join("");
  return `<${P}:rebuild-snapshots xmlns:${P}="${NS}">${volumes}</${P}:rebuild-snapshots>`;
}

function attr(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
}
