// Nested shapes shared by several incus_* resources: device blocks and file blocks.
import type { AttributeSpec } from "../attributes";

/** A `device` block: an Incus device (disk, nic, proxy, …) with its properties. */
export interface IncusDeviceConfig {
  readonly name: string;
  /** none, disk, nic, unix-char, unix-block, usb, gpu, infiniband, proxy, unix-hotplug, tpm, pci. */
  readonly type: string;
  /** Device properties; values must be non-empty strings. */
  readonly properties: { readonly [key: string]: string };
}

/** A `file` block: a file uploaded into the instance (or volume) on create and kept in sync on update. */
export interface IncusFileConfig {
  readonly targetPath: string;
  readonly content?: string;
  readonly sourcePath?: string;
  readonly uid?: number;
  readonly gid?: number;
  /** Octal mode as a string, e.g. "0644". */
  readonly mode?: string;
  readonly directoryMode?: string;
  readonly createDirectories?: boolean;
}

export const DEVICE_SPEC: AttributeSpec = { name: "value", type: "value", properties: "map" };

export const FILE_SPEC: AttributeSpec = {
  target_path: "value",
  content: "value",
  source_path: "value",
  uid: "value",
  gid: "value",
  mode: "value",
  directory_mode: "value",
  create_directories: "value",
};

/** Attributes every incus_* resource that lives in a project on a remote has. */
export interface IncusPlacementConfig {
  readonly project?: string;
  readonly remote?: string;
}
