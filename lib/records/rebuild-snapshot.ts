// Snapshots before a rebuild: how many copies of a volume to keep each time an instance using it is deleted or
// rebuilt. Incus: the volume's config key (the provider reads it when an instance using the volume is deleted).
// libvirt volumes have no metadata, so there the domain carries the request in its <metadata>:
// `<rs:rebuild-snapshots xmlns:rs="…"><rs:volume pool="p" name="v" keep="3"/></rs:rebuild-snapshots>`.
// The snapshots are named "rebuild-<instance>-<stamp>"; a libvirt copy is the volume "<volume>.rebuild-<domain>-<stamp>".
import { UTC_STAMP_PATTERN, utcStamp } from "./stamp";
import { escapeXml, namespacedChildren, parseXmlTree } from "./xml";
import type { XmlNode } from "./xml";

/** Config key on an Incus volume: how many snapshots before a rebuild to keep. */
export const SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY = "user.cdktf-virt.snapshot-before-rebuild";

/** XML namespace of the libvirt domain metadata element asking for snapshots before a rebuild. */
export const LIBVIRT_REBUILD_SNAPSHOTS_NAMESPACE = "https://cdktf-virt.dev/xmlns/rebuild-snapshots";
/** Prefix the element is written with (the namespace decides when it is read, not the prefix). */
export const LIBVIRT_REBUILD_SNAPSHOTS_PREFIX = "cdktf-virt-rs";

/** One volume to keep copies of (values may be cdktf tokens: Terraform interpolates them into the XML). */
export interface RebuildSnapshotRequest {
  readonly pool: string;
  readonly volume: string;
  readonly keep: number;
}

/** The Incus config value: the count. */
export function encodeSnapshotBeforeRebuild(keep: number): string {
  return String(keep);
}

/**
 * The count an Incus config value asks for: a whole number ≥ 1, or undefined when unset, "0" or "false" (no
 * snapshot). "true" means 1. Throws on anything else.
 */
export function decodeSnapshotBeforeRebuild(value: string | null | undefined, where: string): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim().toLowerCase();
  if (text === "" || text === "0" || text === "false") return undefined;
  if (text === "true") return 1;
  if (/^\d+$/.test(text)) return Number(text);
  throw new Error(
    `${where} is ${JSON.stringify(value)}; expected how many snapshots to keep (a whole number, e.g. "3").`,
  );
}

/** The libvirt metadata element for the requests ("" when there are none, so nothing changes for domains without). */
export function encodeRebuildSnapshotsXml(requests: readonly RebuildSnapshotRequest[]): string {
  if (requests.length === 0) return "";
  const P = LIBVIRT_REBUILD_SNAPSHOTS_PREFIX;
  const attr = (text: string) => escapeXml(text, "attribute");
  const volumes = requests
    .map((r) => `<${P}:volume pool="${attr(r.pool)}" name="${attr(r.volume)}" keep="${r.keep}"/>`)
    .join("");
  return `<${P}:rebuild-snapshots xmlns:${P}="${LIBVIRT_REBUILD_SNAPSHOTS_NAMESPACE}">${volumes}</${P}:rebuild-snapshots>`;
}

/** The requests in a domain's metadata fragment (the inner XML of <metadata>): [] when none, or for malformed XML. */
export function decodeRebuildSnapshotsXml(metadataXml: string | undefined | null): RebuildSnapshotRequest[] {
  if (!metadataXml) return [];
  let root: unknown;
  try {
    root = parseXmlTree(`<metadata>${metadataXml}</metadata>`).metadata;
  } catch {
    return [];
  }
  const requests: RebuildSnapshotRequest[] = [];
  for (const { node, prefix } of namespacedChildren(
    root as XmlNode,
    "rebuild-snapshots",
    LIBVIRT_REBUILD_SNAPSHOTS_NAMESPACE,
  )) {
    for (const volume of elements(node[`${prefix}volume`])) {
      const keep = Number(volume["@_keep"]);
      const [pool, name] = [volume["@_pool"], volume["@_name"]];
      if (typeof pool === "string" && typeof name === "string" && Number.isInteger(keep) && keep >= 1)
        requests.push({ pool, volume: name, keep });
    }
  }
  return requests;
}

function elements(value: unknown): XmlNode[] {
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return items.filter((v): v is XmlNode => typeof v === "object" && v !== null);
}

/** Prefix of the snapshots taken of a volume before `instance` was deleted or rebuilt. */
export function rebuildSnapshotPrefix(instance: string): string {
  return `rebuild-${instance}-`;
}

/** Name of the snapshot taken of a volume before `instance` was deleted or rebuilt: `rebuild-<instance>-<stamp>`. */
export function rebuildSnapshotName(instance: string, at: Date = new Date()): string {
  return `${rebuildSnapshotPrefix(instance)}${utcStamp(at)}`;
}

/** Prefix of the libvirt copies of `volume` taken before `domain` was deleted: the volume's name, then the snapshot's. */
export function rebuildCopyPrefix(volume: string, domain: string): string {
  return `${volume}.${rebuildSnapshotPrefix(domain)}`;
}

/** Name of the libvirt copy of `volume` taken before `domain` was deleted. */
export function rebuildCopyName(volume: string, domain: string, at: Date = new Date()): string {
  return `${volume}.${rebuildSnapshotName(domain, at)}`;
}

const REBUILD_COPY = new RegExp(`\\.${rebuildSnapshotPrefix(".+")}${UTC_STAMP_PATTERN}$`);

/** True when `name` is a libvirt copy taken before a rebuild. */
export function isRebuildCopyName(name: string): boolean {
  return REBUILD_COPY.test(name);
}
