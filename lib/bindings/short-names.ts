// Short names for config shapes that several resources share or that code names often. The generated names say
// where a shape sits (IncusInstanceDeviceConfig); these say what it is, and are the names the bindings had before
// they were generated.
import type {
  IncusInstanceDeviceConfig,
  IncusInstanceExecConfig,
  IncusInstanceFileConfig,
  IncusInstanceSourceInstanceConfig,
  IncusInstanceWaitForConfig,
} from "./generated/incus/instance";
import type { IncusProviderRemoteConfig } from "./generated/incus/provider";
import type { IncusStorageVolumeSourceVolumeConfig } from "./generated/incus/storage-volume";
import type {
  LibvirtDomainDevicesConsoleConfig,
  LibvirtDomainDevicesDiskConfig,
  LibvirtDomainDevicesInterfaceConfig,
} from "./generated/libvirt/domain";
import type { LibvirtVolumeCreateContentConfig, LibvirtVolumeTargetFormatConfig } from "./generated/libvirt/volume";

/** Attributes every incus_* resource that lives in a project on a remote has. */
export interface IncusPlacementConfig {
  readonly project?: string;
  readonly remote?: string;
}

/** A `device` block of an instance or profile: an Incus device (disk, nic, proxy, …) with its properties. */
export type IncusDeviceConfig = IncusInstanceDeviceConfig;
/** A `file` block of an instance or volume: a file uploaded on create and kept in sync on update. */
export type IncusFileConfig = IncusInstanceFileConfig;
/** One entry of an instance's `exec` map: a command run after files are uploaded. */
export type IncusExecConfig = IncusInstanceExecConfig;
/** A `wait_for` block: something an instance's create/start waits for. */
export type IncusWaitForConfig = IncusInstanceWaitForConfig;
/** Copy a new instance from another one (or from one of its snapshots). */
export type IncusSourceInstanceConfig = IncusInstanceSourceInstanceConfig;
/** Copy a new volume from an existing one. */
export type IncusSourceVolumeConfig = IncusStorageVolumeSourceVolumeConfig;
/** One `remote` block of the incus provider: a named Incus server resources address with `remote = "<name>"`. */
export type IncusRemoteConfig = IncusProviderRemoteConfig;

/** A disk of a libvirt domain. */
export type LibvirtDiskConfig = LibvirtDomainDevicesDiskConfig;
/** A network interface of a libvirt domain. */
export type LibvirtInterfaceConfig = LibvirtDomainDevicesInterfaceConfig;
/** A console of a libvirt domain. */
export type LibvirtConsoleConfig = LibvirtDomainDevicesConsoleConfig;
/** A libvirt volume format: "raw" or "qcow2". */
export type LibvirtFormatConfig = LibvirtVolumeTargetFormatConfig;
/** Initial content of a libvirt volume, from a URL or a local file. */
export type LibvirtVolumeContentConfig = LibvirtVolumeCreateContentConfig;
