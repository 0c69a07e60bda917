// `used_by` entries of Incus objects are API paths ("/1.0/instances/web?project=p", "/1.0/profiles/default",
// "/1.0/instances/web/snapshots/s1"). Callers want to know what kind of object uses theirs and where it lives.

/** One entry of an object's `used_by` list, decoded. */
export interface UsedByRef {
  /** The collection: "instances", "profiles", "storage-pools", ... */
  readonly kind: string;
  /** Name of the using object (the instance for an instance snapshot). */
  readonly name: string;
  /** The snapshot name when the user is an instance snapshot. */
  readonly snapshot?: string;
  /**
   * For a storage volume ("/1.0/storage-pools/<pool>/volumes/<type>/<volume>[/snapshots/<snapshot>]"): its type,
   * name and snapshot (`name` is the pool).
   */
  readonly volume?: { readonly type: string; readonly name: string; readonly snapshot?: string };
  /** The project from ?project=, undefined when the entry names none (the default project). */
  readonly project?: string;
  /** The cluster member from ?target=, if any. */
  readonly target?: string;
  /** The entry as Incus gave it, for messages. */
  readonly path: string;
}

/** Decodes one `used_by` path; undefined for a path that does not start with /1.0/<kind>/<name>. */
export function parseUsedBy(path: string): UsedByRef | undefined {
  const url = new URL(path, "http://incus.invalid");
  const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] !== "1.0" || parts.length < 3) return undefined;
  const project = url.searchParams.get("project") ?? undefined;
  const target = url.searchParams.get("target") ?? undefined;
  return {
    kind: parts[1],
    name: parts[2],
    ...(parts[3] === "snapshots" && parts[4] ? { snapshot: parts[4] } : {}),
    ...(parts[1] === "storage-pools" && parts[3] === "volumes" && parts[4] && parts[5]
      ? {
          volume: {
            type: parts[4],
            name: parts[5],
            ...(parts[6] === "snapshots" && parts[7] ? { snapshot: parts[7] } : {}),
          },
        }
      : {}),
    ...(project ? { project } : {}),
    ...(target ? { target } : {}),
    path,
  };
}
