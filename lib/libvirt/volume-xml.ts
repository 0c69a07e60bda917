// Storage volume XML (formatstorage.html#storage-volume-xml): raw or qcow2 files, sizes in bytes, and a backing
// store for copy-on-write overlays (the overlay's <backingStore> names the base volume's path and format).
import { checkLibvirtName } from "./names";
import { attr, checkByteCount, child, el, parseRoot, renderXml, text, toBytes } from "./xml";

export type VolumeFormat = "raw" | "qcow2";
const VOLUME_FORMATS: readonly string[] = ["raw", "qcow2"];

export interface BackingStoreSpec {
  /** Path of the base image (a volume's `path`). */
  readonly path: string;
  /** Format of the base image. @default "qcow2" */
  readonly format?: VolumeFormat;
}

/** Owner, group (numeric ids or names as libvirt takes them), octal mode and security label of the volume's file. */
export interface VolumePermissions {
  readonly owner?: string;
  readonly group?: string;
  /** Octal, e.g. "0640" or "640". */
  readonly mode?: string;
  readonly label?: string;
}

export interface VolumeSpec {
  readonly name: string;
  /**
   * Size the guest sees, in bytes. An overlay may be larger than its base, never smaller.
   * @default the base's capacity for an overlay; required otherwise
   */
  readonly capacity?: number;
  /** @default "qcow2" when a backing store is given (only qcow2 can be an overlay), else "raw" */
  readonly format?: VolumeFormat;
  /** Bytes to allocate up front. @default 0 (sparse) */
  readonly allocation?: number;
  /** Makes the volume a copy-on-write overlay of another image. */
  readonly backingStore?: BackingStoreSpec;
  /** Set on the new file by libvirt. @default libvirt's (root, 0600) */
  readonly permissions?: VolumePermissions;
}

/** A volume as libvirt reports it (vol-dumpxml). */
export interface VolumeXmlInfo {
  readonly name: string;
  /** libvirt's unique key (for file volumes, the path). */
  readonly key?: string;
  readonly path?: string;
  /** "file", "block", ... */
  readonly type: string;
  readonly capacity: number;
  readonly allocation?: number;
  readonly physical?: number;
  /** The image format (raw, qcow2, iso, ...) as libvirt detected it. */
  readonly format?: string;
  readonly backingStore?: { readonly path: string; readonly format?: string };
  /** The file's owner, group, mode and label as libvirt reports them. */
  readonly permissions?: VolumePermissions;
}

function volumeFormatOf(spec: VolumeSpec): VolumeFormat {
  return spec.format ?? (spec.backingStore ? "qcow2" : "raw");
}

export function buildVolumeXml(spec: VolumeSpec): string {
  checkLibvirtName(spec.name, "volume");
  if (spec.capacity !== undefined) checkByteCount(spec.capacity, `volume ${spec.name} capacity`);
  else if (!spec.backingStore)
    throw new Error(`volume ${spec.name}: capacity is required (only an overlay inherits its base's)`);
  if (spec.allocation !== undefined) checkByteCount(spec.allocation, `volume ${spec.name} allocation`);
  const format = volumeFormatOf(spec);
  const permissionsProblem = spec.permissions && volumePermissionsProblem(spec.permissions);
  if (permissionsProblem) throw new Error(`volume ${spec.name}: ${permissionsProblem}`);
  if (!VOLUME_FORMATS.includes(format)) {
    throw new Error(`volume ${spec.name}: format '${format}' is not supported (use ${VOLUME_FORMATS.join(" or ")})`);
  }
  const backing = spec.backingStore;
  if (backing) {
    if (format !== "qcow2")
      throw new Error(`volume ${spec.name}: only a qcow2 volume can have a backing store, not ${format}`);
    if (!backing.path.startsWith("/")) {
      throw new Error(`volume ${spec.name}: backing store path must be absolute, got '${backing.path}'`);
    }
    const backingFormat = backing.format ?? "qcow2";
    if (!VOLUME_FORMATS.includes(backingFormat)) {
      throw new Error(`volume ${spec.name}: backing store format '${backingFormat}' is not supported`);
    }
  }
  return renderXml(
    el(
      "volume",
      {},
      el("name", {}, spec.name),
      spec.capacity !== undefined && el("capacity", { unit: "bytes" }, String(spec.capacity)),
      el("allocation", { unit: "bytes" }, String(spec.allocation ?? 0)),
      el("target", {}, el("format", { type: format }), spec.permissions && permissionsElement(spec.permissions)),
      backing &&
        el("backingStore", {}, el("path", {}, backing.path), el("format", { type: backing.format ?? "qcow2" })),
    ),
  );
}

function permissionsElement(p: VolumePermissions) {
  return el(
    "permissions",
    {},
    p.mode !== undefined && el("mode", {}, p.mode),
    p.owner !== undefined && el("owner", {}, p.owner),
    p.group !== undefined && el("group", {}, p.group),
    p.label !== undefined && el("label", {}, p.label),
  );
}

/** What libvirt would refuse in the permissions; undefined when they are fine. */
export function volumePermissionsProblem(p: VolumePermissions): string | undefined {
  if (p.mode !== undefined && !/^0?[0-7]{3,4}$/.test(p.mode))
    return `mode '${p.mode}' is not an octal mode such as 0640`;
  for (const id of [p.owner, p.group])
    if (id !== undefined && !/^\d+$/.test(id)) return `'${id}' is not a numeric user or group id (libvirt takes ids)`;
  return undefined;
}

export function parseVolumeXml(xml: string): VolumeXmlInfo {
  const volume = parseRoot(xml, "volume", "volume XML");
  const name = text(volume, "name");
  if (!name) throw new Error("volume XML: <name> is missing");
  const bytes = (tag: string) => {
    const node = child(volume, tag);
    return text(node) === undefined
      ? undefined
      : toBytes(text(node), attr(node, "unit"), "bytes", `volume ${name} <${tag}>`);
  };
  const capacity = bytes("capacity");
  if (capacity === undefined) throw new Error(`volume XML for ${name}: <capacity> is missing`);
  const target = child(volume, "target");
  const backing = child(volume, "backingStore");
  const backingPath = text(backing, "path");
  return {
    name,
    key: text(volume, "key"),
    path: text(target, "path"),
    type: attr(volume, "type") ?? "file",
    capacity,
    allocation: bytes("allocation"),
    physical: bytes("physical"),
    format: attr(child(target, "format"), "type"),
    backingStore: backingPath ? { path: backingPath, format: attr(child(backing, "format"), "type") } : undefined,
    permissions: parsePermissions(child(target, "permissions")),
  };
}

function parsePermissions(node: ReturnType<typeof child>): VolumePermissions | undefined {
  if (!node) return undefined;
  return {
    owner: text(node, "owner"),
    group: text(node, "group"),
    mode: text(node, "mode"),
    label: text(node, "label"),
  };
}
