// Lookups over a stack's resource views, built once per model: which volume a disk uses, and which resource of a
// family carries a given name. They are asked per disk and per instance, so on a stack of thousands of resources
// each answer must be a map access, not a scan of every view.
import { familyOf } from "./resource-kinds";
import type { DiskUse, ResourceFamily } from "./resource-kinds";
import { literalName } from "./resource-view";
import type { ResourceView } from "./resource-view";

/** The volume a disk uses, by address: a direct reference, else the file path or (name, pool) of one volume. */
export type VolumeFinder = (disk: DiskUse) => string | undefined;

/** The first view of a family (in the order of the views) whose literal name is `name`. */
export type NamedViewFinder = (family: ResourceFamily, name: string | undefined) => ResourceView | undefined;

/** A finder over `volumeViews`; `views` resolves names given as references. */
export function volumeFinder(
  views: ReadonlyMap<string, ResourceView>,
  volumeViews: readonly ResourceView[],
): VolumeFinder {
  const addresses = new Set(volumeViews.map((v) => v.address));
  // Lists in view order, so "exactly one match" means what it meant for a scan of the views.
  const byPath = groupBy(volumeViews, (v) => (typeof v.attributes.path === "string" ? v.attributes.path : undefined));
  const byName = groupBy(volumeViews, (v) => literalName(views, v.attributes.name));
  return (disk) => {
    const direct = disk.references.find((address) => addresses.has(address));
    if (direct !== undefined) return direct;
    const name = literalName(views, disk.volume);
    if (name === undefined) return undefined;
    const pool = literalName(views, disk.pool);
    // libvirt disks may name the volume's file path (state values carry the computed `path`).
    const samePath = name.startsWith("/") ? (byPath.get(name) ?? []) : [];
    if (samePath.length === 1) return samePath[0].address;
    const sameName = byName.get(name) ?? [];
    const samePool = pool === undefined ? [] : sameName.filter((v) => literalName(views, v.attributes.pool) === pool);
    if (samePool.length === 1) return samePool[0].address;
    return sameName.length === 1 ? sameName[0].address : undefined;
  };
}

/**
 * A finder over every view. An undefined name finds the first view of the family whose name is not a literal,
 * as comparing the two names would.
 */
export function namedViewFinder(views: ReadonlyMap<string, ResourceView>): NamedViewFinder {
  const byFamily = new Map<ResourceFamily, Map<string | undefined, ResourceView[]>>();
  for (const [family, list] of groupBy([...views.values()], (v) => familyOf(v.type))) {
    byFamily.set(
      family,
      groupBy(list, (v) => literalName(views, v.attributes.name)),
    );
  }
  return (family, name) => byFamily.get(family)?.get(name)?.[0];
}

function groupBy<K>(list: readonly ResourceView[], keyOf: (view: ResourceView) => K): Map<K, ResourceView[]> {
  const groups = new Map<K, ResourceView[]>();
  for (const view of list) {
    const key = keyOf(view);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [view]);
    else group.push(view);
  }
  return groups;
}
