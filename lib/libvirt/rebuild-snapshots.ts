// Reading the request for snapshots before a rebuild out of a domain's <metadata> (written by the constructs, see
// lib/lifecycle/rebuild-snapshots.ts): which volumes to copy before the domain is deleted, and how many copies of
// each to keep. The namespace URI decides, not the prefix.
import { XMLParser } from "fast-xml-parser";
import { LIBVIRT_REBUILD_SNAPSHOTS_NAMESPACE } from "../config-keys";

export interface RebuildSnapshotSpec {
  readonly pool: string;
  readonly volume: string;
  readonly keep: number;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@_", parseAttributeValue: false, parseTagValue: false });

/** The volumes the metadata fragment asks to copy before a rebuild ([] when none, or for malformed XML). */
export function rebuildSnapshotSpecs(metadataXml: string | undefined | null): RebuildSnapshotSpec[] {
  if (!metadataXml) return [];
  let root: Record<string, unknown>;
  try {
    root = (parser.parse(`<metadata>${metadataXml}</metadata>`) as { metadata?: Record<string, unknown> }).metadata ?? {};
  } catch {
    return [];
  }
  if (typeof root !== "object" || root === null) return [];
  const specs: RebuildSnapshotSpec[] = [];
  for (const [key, value] of Object.entries(root)) {
    const colon = key.indexOf(":");
    if (key.slice(colon + 1) !== "rebuild-snapshots") continue;
    for (const element of list(value)) {
      const nsAttr = colon >= 0 ? `@_xmlns:${key.slice(0, colon)}` : "@_xmlns";
      if (element[nsAttr] !== LIBVIRT_REBUILD_SNAPSHOTS_NAMESPACE) continue;
      const prefix = colon >= 0 ? `${key.slice(0, colon)}:` : "";
      for (const volume of list(element[`${prefix}volume`])) {
        const keep = Number(volume["@_keep"]);
        const [pool, name] = [volume["@_pool"], volume["@_name"]];
        if (typeof pool === "string" && typeof name === "string" && Number.isInteger(keep) && keep >= 1) specs.push({ pool, volume: name, keep });
      }
    }
  }
  return specs;
}

function list(value: unknown): Array<Record<string, unknown>> {
  const items = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return items.filter((v): v is Record<string, unknown> => typeof v === "object" && v !== null);
}
