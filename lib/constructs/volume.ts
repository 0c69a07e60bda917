// Volume: a custom volume in a StoragePool whose lifecycle (EPHEMERAL, PERSISTENT, SHARED) is explicit and
// compiled into Terraform lifecycle arguments; on libvirt possibly a copy-on-write overlay of a base volume. Volume
// .fromName refers to a volume the stack does not manage. The host builds its resource (private/volume-resources.ts).
// How a volume is coupled to instances is recorded by the instances' generations (private/generation.ts); the volume
// reads it from there. Its props are declared here: they name the Volume class (an overlay's base), and settings of
// one backend are grouped in `incus: {...}` / `libvirt: {...}`, typed by the pool's host (see
// model/instance-props.ts for why); the flat props of the previous release still work, deprecated.
import { Construct } from "constructs";
import { isToken } from "../bindings/attributes";
import { ADOPT_ANY_RELEASED, releasedBy, releasedOwner } from "../records";
import { attributeReferences } from "../lifecycle/references";
import {
  isProtected,
  LifecyclePolicyError,
  RemovalPolicy,
  resolveVolumeRemovalPolicy,
  tooFewAttachments,
  VolumeLifecycle,
  volumeLifecycleBlock,
  volumeRecord,
} from "../lifecycle";
import type { IHost, IncusOnly, LibvirtOnly, ViewOn } from "./model/host";
import type { IProject } from "./model/project-props";
import type { IStoragePool } from "./model/storage-pool-props";
import { INCUS_VOLUME_OPTIONS } from "./model/volume-props";
import type {
  IncusVolumeOptions,
  IncusVolumeView,
  IVolume,
  VolumeContentType,
  VolumeFormat,
} from "./model/volume-props";
import { formatProblem } from "./model/errors";
import { backendOf } from "./private/backend";
import { fail } from "./private/errors";
import { couplingOf, managedVolumeOf, registerManagedVolume } from "./private/generation";
import { registerVolumeResource } from "./private/name-reference";
import { resolveObjectName } from "./private/name-registry";
import { nameProblem, OBJECT_NAME } from "./private/names";
import { backendOptions, deprecated } from "./private/option-groups";
import type { OptionGroup } from "./model/option-group";
import { nonDefaultProject } from "./private/placement";
import { parseSize } from "./private/sizes";
import type { BaseVolume, BuiltVolume } from "./private/volume-resources";

const KIND = "Volume";

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

/** The libvirt options (and the deprecated flat props of the same names). */
const LIBVIRT_VOLUME_OPTIONS: OptionGroup<LibvirtVolumeOptions> = {
  group: "libvirt",
  names: ["format", "baseVolume", "sourceUrl"],
};

/** What only a libvirt volume has (`volume.libvirt`). */
export interface LibvirtVolumeView {
  readonly format: VolumeFormat;
  /** The volume it is a copy-on-write overlay of. */
  readonly baseVolume?: Volume;
  /** The volume's path on the host (what overlays use as backing store). */
  readonly volumePath: string;
}

export class Volume<H extends IHost = IHost> extends Construct implements IVolume<H> {
  /**
   * A volume that exists already and is not managed by this stack: instances can attach it, nothing is created and
   * it is never deleted. It cannot be EPHEMERAL, nor rebuild an instance (rebuildOnChange): the stack sees no
   * change of it.
   */
  public static fromName<H extends IHost>(scope: Construct, id: string, attributes: VolumeAttributes<H>): IVolume<H> {
    return new ImportedVolume(scope, id, attributes);
  }

  public readonly pool: IStoragePool<H>;
  public readonly lifecycle: VolumeLifecycle;
  /** The effective protection (removalPolicy is PROTECT). */
  public readonly protect: boolean;
  /** The effective removal policy. */
  public readonly removalPolicy: RemovalPolicy;
  public readonly contentType?: VolumeContentType;
  public readonly format?: VolumeFormat;
  /** The size in bytes, when given. */
  public readonly sizeBytes?: number;
  public readonly project?: IProject;
  /** Incus cluster: the member the volume is on. */
  public readonly target?: string;
  public readonly baseVolume?: Volume;
  private readonly built: BuiltVolume;
  private nameReference?: string;

  public constructor(scope: Construct, id: string, props: VolumeProps<H>) {
    super(scope, id);
    if (!props.pool?.host) fail(this, KIND, "pool", "a Volume needs a StoragePool");
    this.pool = props.pool;
    const backend = backendOf(this, KIND, this.pool.host);
    const host = this.pool.host;
    this.lifecycle = props.lifecycle ?? VolumeLifecycle.PERSISTENT;
    try {
      this.removalPolicy = resolveVolumeRemovalPolicy(this.lifecycle, props.protect, props.removalPolicy);
    } catch (e) {
      if (e instanceof LifecyclePolicyError)
        fail(
          this,
          KIND,
          props.removalPolicy !== undefined ? "removalPolicy" : props.protect === true ? "protect" : "lifecycle",
          e.message,
        );
      throw e;
    }
    this.protect = isProtected(this.removalPolicy);
    if (this.removalPolicy === RemovalPolicy.RETAIN || this.removalPolicy === RemovalPolicy.SNAPSHOT) {
      backend.requireBundledProvider(
        this,
        KIND,
        "removalPolicy",
        `RemovalPolicy.${this.removalPolicy.toUpperCase()}`,
        `ignores the config key that asks for it, so removing the volume would delete it and its data (${
          this.removalPolicy === RemovalPolicy.RETAIN ? "nothing kept" : "no final copy"
        })`,
      );
    }
    if (props.adoptReleased !== undefined && props.adoptReleased !== false) {
      backend.requireBundledProvider(
        this,
        KIND,
        "adoptReleased",
        "adoptReleased",
        "does not adopt a released volume: the create fails because the volume exists",
      );
    }
    const incus = backendOptions<IncusVolumeOptions>(this, KIND, host, INCUS_VOLUME_OPTIONS, props.incus, props);
    const libvirt = backendOptions<LibvirtVolumeOptions>(
      this,
      KIND,
      host,
      LIBVIRT_VOLUME_OPTIONS,
      props.libvirt,
      props,
    );
    const name = resolveObjectName(
      this,
      KIND,
      OBJECT_NAME,
      [this.pool.node.path, nonDefaultProject(incus.project)?.node.path],
      props.name,
    );
    if (props.size !== undefined && !isToken(props.size)) {
      const parsed = parseSize(props.size);
      if ("error" in parsed) fail(this, KIND, "size", parsed.error);
      this.sizeBytes = parsed.bytes;
    }
    const input = {
      name,
      pool: this.pool.poolName,
      size: props.size,
      sizeBytes: this.sizeBytes,
      lifecycle: this.lifecycle,
      protect: this.protect,
      removalPolicy: this.removalPolicy,
      record: volumeRecord({ kind: this.lifecycle }),
      adopt: this.adoptValue(props.adoptReleased),
      snapshotBeforeRebuild: () => couplingOf(this).snapshotBeforeRebuild,
    };
    const base = libvirt.baseVolume;
    this.built = backend.volume(this, input, { incus, libvirt: { ...libvirt, baseVolume: base && base.asBase() } });
    this.baseVolume = base;
    ({
      contentType: this.contentType,
      project: this.project,
      target: this.target,
      format: this.format,
    } = this.built.facts);
    registerVolumeResource(this, this.built.resource);
    registerManagedVolume(this, () => ({
      resource: this.built.resource,
      replacementInputs: this.built.replacementInputs,
      base: this.baseVolume?.built.resource,
      changeReferences: attributeReferences(this.built.resource, this.built.changePaths),
      baseChangeReferences: this.baseVolume && managedVolumeOf(this.baseVolume)?.changeReferences,
    }));

    this.built.resource.setLifecycleProducer(() => {
      const coupling = couplingOf(this);
      return volumeLifecycleBlock({
        kind: this.lifecycle,
        protect: this.protect,
        generationAnchor: coupling.generationAnchor,
        // Ephemeral overlays follow their base through the instance's anchor; other overlays directly.
        replaceWhenChanged:
          this.baseVolume && this.lifecycle !== VolumeLifecycle.EPHEMERAL
            ? managedVolumeOf(this.baseVolume)!.changeReferences
            : [],
        ignoreChanges: coupling.followed ? this.built.frozenPaths : [],
      });
    });
    this.node.addValidation({
      validate: () => {
        const problem = tooFewAttachments(this.lifecycle, couplingOf(this).instances);
        return problem ? [formatProblem(this, KIND, "lifecycle", problem)] : [];
      },
    });
  }

  /** The adopt value the providers read ("released" or "released:<old owner>") from the adoptReleased prop. */
  private adoptValue(adopt: boolean | string | undefined): string | undefined {
    if (adopt === undefined || adopt === false) return undefined;
    if (this.lifecycle === VolumeLifecycle.EPHEMERAL) {
      fail(
        this,
        KIND,
        "adoptReleased",
        "an EPHEMERAL volume is created again with every rebuild of its instance; adopt into a PERSISTENT or SHARED volume",
      );
    }
    if (adopt === true) return ADOPT_ANY_RELEASED;
    if (typeof adopt !== "string" || isToken(adopt))
      fail(
        this,
        KIND,
        "adoptReleased",
        'is true or the owner that released the volume, a literal "<stack>/<construct path>"',
      );
    const owner = releasedBy(adopt);
    if (!/^[^/\s]+\/\S+$/.test(owner)) {
      fail(
        this,
        KIND,
        "adoptReleased",
        `${JSON.stringify(
          adopt,
        )} is not an owner; give true, or "<stack>/<construct path>" of the Volume that released it`,
      );
    }
    return releasedOwner(owner);
  }

  /**
   * What only an Incus volume has (content type, project, cluster member). A compile error on a volume of a libvirt
   * pool; with a pool typed only as IStoragePool, undefined on libvirt.
   */
  public get incus(): ViewOn<"incus", H, IncusVolumeView> {
    // Every Incus volume has a content type (its builder's default is FILESYSTEM); a libvirt volume has none.
    const { contentType, project, target } = this;
    return (contentType === undefined ? undefined : { contentType, project, target }) as ViewOn<
      "incus",
      H,
      IncusVolumeView
    >;
  }

  /**
   * What only a libvirt volume has (format, base volume, path on the host). A compile error on a volume of an Incus
   * pool; with a pool typed only as IStoragePool, undefined on Incus.
   */
  public get libvirt(): ViewOn<"libvirt", H, LibvirtVolumeView> {
    // Every libvirt volume has a format (its builder's default is QCOW2); an Incus volume has none.
    const format = this.format;
    if (format === undefined) return undefined as ViewOn<"libvirt", H, LibvirtVolumeView>;
    const resource = this.built.resource;
    return {
      format,
      baseVolume: this.baseVolume,
      get volumePath() {
        return resource.getStringAttribute("path");
      },
    } as ViewOn<"libvirt", H, LibvirtVolumeView>;
  }

  /**
   * libvirt: the volume's path on the host (what overlays use as backing store).
   * @deprecated Read `volume.libvirt.volumePath` (a compile error on an Incus volume); removed in the next release.
   */
  public get volumePath(): string {
    const view = this.libvirt as LibvirtVolumeView | undefined;
    if (view === undefined)
      return fail(this, KIND, "volumePath", "is the path of a libvirt volume on its host; an Incus volume has none");
    deprecated(this, KIND, `getter "volumePath"`, "`volume.libvirt.volumePath`", "libvirt");
    return view.volumePath;
  }

  /**
   * The volume name (a reference to the volume resource). Made on first use: every reference token records the stack
   * trace of its creation; instances name the volume in their devices without one (private/name-reference.ts).
   */
  public get volumeName(): string {
    return (this.nameReference ??= this.built.resource.getStringAttribute("name"));
  }

  /** Paths of the instances this volume is attached to, in the order of the attach() calls. */
  public get attachedInstances(): readonly string[] {
    return couplingOf(this).instances;
  }

  /** What a libvirt overlay's builder needs of this volume as its base. */
  private asBase(): BaseVolume {
    const resource = this.built.resource;
    return {
      volume: this,
      host: this.pool.host,
      lifecycle: this.lifecycle,
      format: this.format,
      sizeBytes: this.sizeBytes,
      get volumePath() {
        return resource.getStringAttribute("path");
      },
    };
  }
}

/** A volume that exists on the host already (Volume.fromName). */
class ImportedVolume<H extends IHost> extends Construct implements IVolume<H> {
  public readonly pool: IStoragePool<H>;
  public readonly volumeName: string;
  public readonly lifecycle: VolumeLifecycle;
  public readonly contentType?: VolumeContentType;
  public readonly project?: IProject;
  public readonly target?: string;
  public readonly format?: VolumeFormat;

  public constructor(scope: Construct, id: string, attributes: VolumeAttributes<H>) {
    super(scope, id);
    if (!attributes.pool?.host) fail(this, KIND, "pool", "Volume.fromName needs the StoragePool the volume is in");
    this.pool = attributes.pool;
    const backend = backendOf(this, KIND, this.pool.host);
    const host = this.pool.host;
    this.volumeName = attributes.name;
    const problem = isToken(attributes.name) ? undefined : nameProblem(attributes.name, OBJECT_NAME);
    if (problem) fail(this, KIND, "name", problem);
    this.lifecycle = attributes.lifecycle ?? VolumeLifecycle.PERSISTENT;
    if (this.lifecycle !== VolumeLifecycle.PERSISTENT && this.lifecycle !== VolumeLifecycle.SHARED) {
      fail(
        this,
        KIND,
        "lifecycle",
        `a volume this stack does not create is PERSISTENT or SHARED, not ${String(this.lifecycle)}`,
      );
    }
    const incus = backendOptions<IncusVolumeOptions>(this, KIND, host, INCUS_VOLUME_OPTIONS, attributes.incus, {});
    const libvirt = backendOptions<LibvirtVolumeOptions>(
      this,
      KIND,
      host,
      LIBVIRT_VOLUME_OPTIONS,
      attributes.libvirt,
      {},
    );
    ({
      contentType: this.contentType,
      project: this.project,
      target: this.target,
      format: this.format,
    } = backend.existingVolume(this, { incus, libvirt: { format: libvirt.format } }));
  }

  /** Paths of the instances this volume is attached to. */
  public get attachedInstances(): readonly string[] {
    return couplingOf(this).instances;
  }
}
