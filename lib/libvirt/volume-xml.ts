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
      el("target", {}, el("format", { type: format })),
      backing &&
        el("backingStore", {}, el("path", {}, backing.path), el("format", { type: backing.format ?? "qcow2" })),
    ),
  );
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
  };
}
