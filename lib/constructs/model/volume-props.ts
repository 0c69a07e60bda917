// What a volume is to the rest of the library (IVolume: what instance.attach() takes) and a Volume's Incus settings.
// The props of a Volume name the Volume class (an overlay's base), so they are declared with it in ../volume.ts.
import type { IConstruct } from "constructs";
import type { VolumeLifecycle } from "../../lifecycle";
import type { IHost } from "./host";
import type { IProject } from "./project-props";
import type { IStoragePool } from "./storage-pool-props";
import type { OptionGroup } from "./option-group";

/** Incus volume content: a filesystem mounted at a path, or a raw block device. */
export enum VolumeContentType {
  FILESYSTEM = "filesystem",
  BLOCK = "block",
}

/** libvirt volume image format. */
export enum VolumeFormat {
  RAW = "raw",
  QCOW2 = "qcow2",
}

/** A volume instances can attach: a Volume of this stack, or one that exists already (Volume.fromName). */
export interface IVolume<H extends IHost = IHost> extends IConstruct {
  readonly pool: IStoragePool<H>;
  /** The volume name (a reference to the volume resource when it is managed here). */
  readonly volumeName: string;
  /** How the volume's life is coupled to the instances using it. */
  readonly lifecycle: VolumeLifecycle;
  /** Incus: filesystem or block. */
  readonly contentType?: VolumeContentType;
  /** Incus: the project it lives in. */
  readonly project?: IProject;
  /** Incus cluster: the member it is on (volumes of member-local pools). */
  readonly target?: string;
  /** libvirt: the image format (the disk's driver type). */
  readonly format?: VolumeFormat;
}

/** Settings only Incus volumes have (`incus: {...}`). */
export interface IncusVolumeOptions {
  /** SHARED block volumes get `security.shared=true`. @default VolumeContentType.FILESYSTEM */
  readonly contentType?: VolumeContentType;
  /** The project the volume lives in (must be the project of the instances using it). @default the default project */
  readonly project?: IProject;
  /** More volume config (e.g. `snapshots.schedule`); keys other props own are rejected. @default none */
  readonly config?: { readonly [key: string]: string };
  /** @default none */
  readonly description?: string;
  /**
   * Incus cluster: the member to create the volume on (a pool such as dir, zfs, lvm or btrfs keeps each volume on
   * one member). Instances that attach it must target the same member. Changing it replaces the volume.
   * @default the member the API is reached through (remote pools such as ceph: no member)
   */
  readonly target?: string;
}

/** What only an Incus volume has (`volume.incus`). */
export interface IncusVolumeView {
  readonly contentType: VolumeContentType;
  /** The project it lives in (undefined: the default project). */
  readonly project?: IProject;
  /** Incus cluster: the member it is on. */
  readonly target?: string;
}

/** @internal The options of each group (and the deprecated flat props of the same names). */
export const INCUS_VOLUME_OPTIONS: OptionGroup<IncusVolumeOptions> = {
  group: "incus",
  names: ["contentType", "project", "config", "description"],
};
