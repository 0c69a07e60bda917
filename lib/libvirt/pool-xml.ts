// Storage pool XML (formatstorage.html) for three pool types: dir (a directory of image files), logical (an LVM
// volume group; its volumes are logical volumes) and netfs (a network file system, e.g. NFS, mounted on the target
// directory). The parser reads any pool type so that foreign pools can be inspected.
import { checkLibvirtName } from "./names";
import { attr, child, children, el, parseRoot, renderXml, text, toBytes } from "./xml";

export const POOL_TYPES = ["dir", "logical", "netfs"] as const;
export type PoolType = (typeof POOL_TYPES)[number];

/** Where a pool's storage comes from (logical: devices and the VG name; netfs: the server and its export). */
export interface PoolSource {
  /** logical: the volume group's name. @default the pool's name */
  readonly name?: string;
  /** logical: the block devices (physical volumes) of the volume group. */
  readonly devices?: readonly string[];
  /** netfs: the file server. */
  readonly hosts?: readonly { readonly name: string; readonly port?: string }[];
  /** netfs: the exported directory on the server. */
  readonly dir?: string;
  /** netfs: "nfs", "cifs", "glusterfs" or "auto"; logical: "lvm2". */
  readonly format?: string;
}

export interface PoolSpec {
  readonly name: string;
  readonly type: PoolType;
  /** dir: the directory of the volumes; netfs: the mount point; logical: /dev/<vg> (libvirt's default). */
  readonly targetPath?: string;
  readonly source?: PoolSource;
}

/** A pool as libvirt reports it (pool-dumpxml). */
export interface PoolXmlInfo {
  readonly name: string;
  readonly uuid?: string;
  readonly type: string;
  readonly targetPath?: string;
  readonly source: PoolSource;
  /** Bytes; libvirt refreshes these only while the pool is active. */
  readonly capacity?: number;
  readonly allocation?: number;
  readonly available?: number;
}

/** What libvirt would refuse, or what would not work, in the spec; undefined when it is fine. */
export function poolSpecProblem(spec: PoolSpec): string | undefined {
  if (!(POOL_TYPES as readonly string[]).includes(spec.type))
    return `type '${spec.type}' is not supported (use ${POOL_TYPES.join(", ")})`;
  if (spec.targetPath !== undefined && !spec.targetPath.startsWith("/"))
    return `target path '${spec.targetPath}' is not an absolute path`;
  const source = spec.source ?? {};
  if (spec.type === "dir") {
    if (spec.targetPath === undefined) return "a dir pool needs its target directory";
    if (source.devices?.length || source.hosts?.length || source.dir !== undefined)
      return "a dir pool has no source: its volumes are the files of the target directory";
  }
  if (spec.type === "netfs") {
    if (spec.targetPath === undefined) return "a netfs pool needs its target directory (the mount point)";
    if (!source.hosts?.length) return "a netfs pool needs source.host (the file server)";
    if (source.dir === undefined) return "a netfs pool needs source.dir (the exported directory)";
  }
  if (spec.type === "logical") {
    for (const device of source.devices ?? [])
      if (!device.startsWith("/dev/")) return `source device '${device}' is not a device path under /dev`;
    if (source.hosts?.length || source.dir !== undefined)
      return "a logical pool takes source devices, not a host or dir";
  }
  return undefined;
}

export function buildPoolXml(spec: PoolSpec): string {
  checkLibvirtName(spec.name, "pool");
  const problem = poolSpecProblem(spec);
  if (problem) throw new Error(`pool ${spec.name}: ${problem}`);
  const source = spec.source ?? {};
  const hasSource =
    source.name !== undefined ||
    (source.devices ?? []).length > 0 ||
    (source.hosts ?? []).length > 0 ||
    source.dir !== undefined ||
    source.format !== undefined;
  return renderXml(
    el(
      "pool",
      { type: spec.type },
      el("name", {}, spec.name),
      hasSource &&
        el(
          "source",
          {},
          ...(source.hosts ?? []).map((h) => el("host", { name: h.name, port: h.port })),
          source.dir !== undefined && el("dir", { path: source.dir }),
          ...(source.devices ?? []).map((path) => el("device", { path })),
          source.name !== undefined && el("name", {}, source.name),
          source.format !== undefined && el("format", { type: source.format }),
        ),
      spec.targetPath !== undefined && el("target", {}, el("path", {}, spec.targetPath)),
    ),
  );
}

export function parsePoolXml(xml: string): PoolXmlInfo {
  const pool = parseRoot(xml, "pool", "pool XML");
  const name = text(pool, "name");
  if (!name) throw new Error("pool XML: <name> is missing");
  const bytes = (tag: string) => {
    const node = child(pool, tag);
    return text(node) === undefined
      ? undefined
      : toBytes(text(node), attr(node, "unit"), "bytes", `pool ${name} <${tag}>`);
  };
  const source = child(pool, "source");
  return {
    name,
    uuid: text(pool, "uuid"),
    type: attr(pool, "type") ?? "dir",
    targetPath: text(child(pool, "target"), "path"),
    source: {
      name: text(source, "name"),
      devices: children(source, "device")
        .map((d) => attr(d, "path"))
        .filter((p): p is string => p !== undefined),
      hosts: children(source, "host")
        .filter((h) => attr(h, "name") !== undefined)
        .map((h) => ({ name: attr(h, "name") ?? "", port: attr(h, "port") })),
      dir: attr(child(source, "dir"), "path"),
      format: attr(child(source, "format"), "type"),
    },
    capacity: bytes("capacity"),
    allocation: bytes("allocation"),
    available: bytes("available"),
  };
}
