// What a volume is to the rest of the library (IVolume: what instance.attach() takes) and the props of a Volume:
// settings of one backend are grouped in `incus: {...}` / `libvirt: {...}`, typed by the pool's host (see
// instance-props.ts for why); the flat props of the previous release still work, deprecated.
import type { IConstruct } from "constructs";
import type { RemovalPolicy, VolumeLifecycle } from "../lifecycle";
import type { IHost, IncusOnly, LibvirtOnly } from "./host";
import type { IProject } from "./project";
import type { IStoragePool } from "./storage-pool";
import type { Volume } from "./volume";
import type { OptionGroup } from "./private/backend";

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

/** Settings only libvirt volumes have (`libvirt: {...}`). */
export interface LibvirtVolumeOptions {
  /** An overlay (with `baseVolume`) is always qcow2. @default VolumeFormat.QCOW2 */
  readonly format?: VolumeFormat;
  /**
   * Make this volume a copy-on-write overlay of `baseVolume` (same host). An overlay is replaced whenever its base
   * changes: EPHEMERAL overlays together with their instance; PERSISTENT/SHARED ones are then refused by their
   * protection until `protect: false`.
   * @default none (a plain volume)
   */
  readonly baseVolume?: Volume;
  /** Initial content from a URL or local file (e.g. a cloud image). @default empty */
  readonly sourceUrl?: string;
}

export interface VolumeProps<H extends IHost = IHost> {
  /** The pool; its host's type decides which of `incus` and `libvirt` compiles. */
  readonly pool: IStoragePool<H>;
  /** @default derived from the construct path, e.g. "homelab-pgdata" */
  readonly name?: string;
  /**
   * Size with an IEC unit, e.g. "10GiB". Incus: `config.size` (optional on pools without quotas); libvirt: the
   * capacity (required, except for an overlay, which defaults to its base's size, or a volume with `sourceUrl`).
   * @default Incus: the pool's default; libvirt: see above
   */
  readonly size?: string;
  /** How the volume's life is coupled to its instances. @default VolumeLifecycle.PERSISTENT */
  readonly lifecycle?: VolumeLifecycle;
  /**
   * Refuse to destroy the volume (`prevent_destroy`), also when it is removed from the code or on
   * `cdktf destroy`. Set false to allow deleting it. Not allowed on EPHEMERAL volumes. A shorthand for
   * `removalPolicy`: true = RemovalPolicy.PROTECT, false = not PROTECT (RemovalPolicy.DESTROY unless
   * `removalPolicy` says RETAIN or SNAPSHOT); giving both in contradiction is a synth error.
   * @default true for PERSISTENT and SHARED, false for EPHEMERAL
   */
  readonly protect?: boolean;
  /**
   * What happens to the volume when Terraform deletes it (removed from the code, `cdktf destroy`): PROTECT refuses,
   * RETAIN keeps it on the host with its data and forgets it, SNAPSHOT keeps a final copy in the pool and deletes it,
   * DESTROY deletes it. The bundled providers carry it out, so it holds once the Volume is gone from the code.
   * EPHEMERAL volumes are always DESTROY (they are rebuilt with their instance): any other policy is a synth error.
   * Changing it is an in-place update of the volume; an instance that follows it with `rebuildOnChange` is not
   * rebuilt for it.
   * RETAIN and SNAPSHOT are carried out by the bundled provider: on an IncusHost with IncusProviderSource.OFFICIAL
   * they are a synth error.
   * @default from `protect` when given; else RemovalPolicy.PROTECT for PERSISTENT and SHARED, DESTROY for EPHEMERAL
   */
  readonly removalPolicy?: RemovalPolicy;
  /**
   * Take over, on purpose, a volume of this name that a stack let go with RemovalPolicy.RETAIN: `true` adopts it
   * whoever released it; `"<stack>/<construct path>"` only when exactly that owner released it. The volume keeps its
   * data and from then on belongs to this Volume (its owner marker, config and removal policy). When no volume of
   * that name exists it is created as usual. A volume that was not released — still owned by a live stack, or made
   * outside cdktf-virt — is never taken over: the deploy fails and names `terraform import`. Incus: the config key
   * `user.cdktf-virt.adopt`; libvirt: the `adopt` attribute (the release record `<name>.cdktf-virt-released` in the
   * pool proves the release). Give `name` to adopt a volume another stack named. Not for EPHEMERAL volumes.
   * Needs the bundled provider: a synth error on an IncusHost with IncusProviderSource.OFFICIAL.
   * @default false (an existing volume of that name is an error)
   */
  readonly adoptReleased?: boolean | string;
  /** Incus settings (content type, project, config, description); only on an Incus pool. @default none */
  readonly incus?: IncusOnly<H, IncusVolumeOptions>;
  /** libvirt settings (format, base volume, source URL); only on a libvirt pool. @default none */
  readonly libvirt?: LibvirtOnly<H, LibvirtVolumeOptions>;

  /** @deprecated Write `incus: { contentType }`; flat Incus-only props are removed in the next release. */
  readonly contentType?: IncusOnly<H, VolumeContentType>;
  /** @deprecated Write `incus: { project }`; flat Incus-only props are removed in the next release. */
  readonly project?: IncusOnly<H, IProject>;
  /** @deprecated Write `incus: { config }`; flat Incus-only props are removed in the next release. */
  readonly config?: IncusOnly<H, { readonly [key: string]: string }>;
  /** @deprecated Write `incus: { description }`; flat Incus-only props are removed in the next release. */
  readonly description?: IncusOnly<H, string>;
  /** @deprecated Write `libvirt: { format }`; flat libvirt-only props are removed in the next release. */
  readonly format?: LibvirtOnly<H, VolumeFormat>;
  /** @deprecated Write `libvirt: { baseVolume }`; flat libvirt-only props are removed in the next release. */
  readonly baseVolume?: LibvirtOnly<H, Volume>;
  /** @deprecated Write `libvirt: { sourceUrl }`; flat libvirt-only props are removed in the next release. */
  readonly sourceUrl?: LibvirtOnly<H, string>;
}

/** An existing volume, for Volume.fromName. */
export interface VolumeAttributes<H extends IHost = IHost> {
  readonly pool: IStoragePool<H>;
  /** Its name on the host. */
  readonly name: string;
  /**
   * PERSISTENT (one instance at a time) or SHARED (several). The stack never deletes it either way; EPHEMERAL is
   * not possible for a volume the stack does not create.
   * @default VolumeLifecycle.PERSISTENT
   */
  readonly lifecycle?: VolumeLifecycle;
  /** Incus: its content type, project and cluster member. @default a filesystem volume in the default project, no member */
  readonly incus?: IncusOnly<H, Pick<IncusVolumeOptions, "contentType" | "project" | "target">>;
  /** libvirt: its format. @default qcow2 */
  readonly libvirt?: LibvirtOnly<H, Pick<LibvirtVolumeOptions, "format">>;
}

/** @internal The options of each group (and the deprecated flat props of the same names). */
export const INCUS_VOLUME_OPTIONS: OptionGroup<IncusVolumeOptions> = {
  group: "incus",
  names: ["contentType", "project", "config", "description"],
};

/** @internal */
export const LIBVIRT_VOLUME_OPTIONS: OptionGroup<LibvirtVolumeOptions> = {
  group: "libvirt",
  names: ["format", "baseVolume", "sourceUrl"],
};
