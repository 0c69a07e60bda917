// Storage pool XML (formatstorage.html). Only directory pools are built: they need no host devices and are what
// the tests and the examples use; the parser reads any pool type so that foreign pools can be inspected.
import { checkLibvirtName } from "./names";
import { attr, child, el, parseRoot, renderXml, text, toBytes } from "./xml";

export interface PoolSpec {
  readonly name: string;
  /** Only "dir" is supported for now. */
  readonly type: "dir";
  /** The directory that holds the pool's volumes (created by pool-build when missing). */
  readonly targetPath: string;
}

/** A pool as libvirt reports it (pool-dumpxml). */
export interface PoolXmlInfo {
  readonly name: string;
  readonly uuid?: string;
  readonly type: string;
  readonly targetPath?: string;
  /** Bytes; libvirt refreshes these only while the pool is active. */
  readonly capacity?: number;
  readonly allocation?: number;
  readonly available?: number;
}

export function buildPoolXml(spec: PoolSpec): string {
  checkLibvirtName(spec.name, "pool");
  if (spec.type !== "dir") throw new Error(`pool ${spec.name}: type '${spec.type}' is not supported (use "dir")`);
  if (!spec.targetPath.startsWith("/")) {
    throw new Error(`pool ${spec.name}: targetPath must be an absolute directory path, got '${spec.targetPath}'`);
  }
  return renderXml(
    el("pool", { type: spec.type }, el("name", {}, spec.name), el("target", {}, el("path", {}, spec.targetPath))),
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
  return {
    name,
    uuid: text(pool, "uuid"),
    type: attr(pool, "type") ?? "dir",
    targetPath: text(child(pool, "target"), "path"),
    capacity: bytes("capacity"),
    allocation: bytes("allocation"),
    available: bytes("available"),
  };
}
