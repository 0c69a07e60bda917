// Plan-time checks of a libvirt_pool configuration, each on the attribute that is wrong: what each pool type needs
// (dir: a target directory; netfs: a server, an export and a mount point) and what it cannot use.
import type { AttrPath, Diagnostics } from "../../framework";
import { formatAttrPath } from "../../framework";
import { knownList, knownObject } from "../common";
import type { PoolConfig } from "./schema";

export function checkPoolConfig(config: PoolConfig, all: Diagnostics): void {
  // The detail starts with the attribute's path, as the user writes it (terraform shows only the resource's line).
  const error = (summary: string, detail: string, path: AttrPath) =>
    all.error(summary, `${formatAttrPath(path).replace(/^\./, "")}: ${detail}`, path);
  const target = knownObject(config.target);
  const source = knownObject(config.source);
  const isSet = (value: unknown) => value !== null && value !== undefined;
  if (target && typeof target.path === "string" && !target.path.startsWith("/"))
    error("Invalid target path", `"${target.path}" is not an absolute path.`, ["target", "path"]);
  if (config.type === "dir") {
    if (!isSet(config.target))
      error("Missing target", 'A "dir" pool needs target = { path = "/absolute/directory" }.', ["target"]);
    for (const attribute of ["device", "host", "dir"] as const)
      if (source && isSet(source[attribute]))
        error("Not a dir pool's", "A dir pool has no source: its volumes are the files of its target directory.", [
          "source",
          attribute,
        ]);
  }
  if (config.type === "netfs") {
    if (!isSet(config.target))
      error("Missing target", 'A "netfs" pool needs its mount point: target = { path = "/mnt/…" }.', ["target"]);
    if (!source || knownList(source.host).length === 0)
      error("Missing source host", 'A "netfs" pool needs the file server: source = { host = [{ name = "…" }] }.', [
        "source",
        "host",
      ]);
    if (!source || !isSet(source.dir))
      error("Missing source dir", 'A "netfs" pool needs the export: source = { dir = { path = "/export" } }.', [
        "source",
        "dir",
      ]);
    const format = knownObject(source?.format)?.type;
    if (typeof format === "string" && !["nfs", "cifs", "glusterfs", "auto"].includes(format))
      error("Invalid format", `"${format}" is not a netfs format (nfs, cifs, glusterfs, auto).`, [
        "source",
        "format",
        "type",
      ]);
  }
  if (config.type === "logical") {
    knownList(source?.device).forEach((device, i) => {
      if (typeof device.path === "string" && !device.path.startsWith("/dev/"))
        error("Invalid device", `"${device.path}" is not a block device path under /dev.`, [
          "source",
          "device",
          i,
          "path",
        ]);
    });
    for (const attribute of ["host", "dir"] as const)
      if (source && isSet(source[attribute]))
        error("Not a logical pool's", "A logical pool's source is its devices and volume group name.", [
          "source",
          attribute,
        ]);
    const format = knownObject(source?.format)?.type;
    if (typeof format === "string" && format !== "lvm2")
      error("Invalid format", `"${format}": a logical pool's format is lvm2.`, ["source", "format", "type"]);
  }
}
