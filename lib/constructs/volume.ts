// Volume: a custom volume in a StoragePool whose lifecycle (EPHEMERAL, PERSISTENT, SHARED) is explicit and
// compiled into Terraform lifecycle arguments; on libvirt possibly a copy-on-write overlay of a base volume. Volume
// .fromName refers to a volume the stack does not manage. How a volume is coupled to instances is recorded by the
// instances' generations (private/generation.ts); the volume reads it from there.
import { Construct } from "constructs";
import { isToken } from "../bindings/attributes";
import type { IncusStorageVolumeResource } from "../bindings";
import { ADOPT_ANY_RELEASED, encodeSnapshotBeforeRebuild, releasedBy, releasedOwner, SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY } from "../records";
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
import { attributeReferences } from "../lifecycle/references";
import type { IHost } from "./host";
import type { IProject } from "./project";
import type { IStoragePool } from "./storage-pool";
import { INCUS_VOLUME_OPTIONS, LIBVIRT_VOLUME_OPTIONS, VolumeContentType, VolumeFormat } from "./volume-props";
import type { IncusVolumeOptions, IVolume, LibvirtVolumeOptions, VolumeAttributes, VolumeProps } from "./volume-props";
import { formatProblem } from "./errors";
import { backendOptions, knownHost } from "./private/backend";
import { clusterTarget } from "./private/cluster-target";
import { fail } from "./private/errors";
import { requireBundledProvider } from "./private/official-provider";
import { couplingOf } from "./private/generation";
import type { ManagedVolume } from "./private/generation";
import { resolveObjectName } from "./private/name-registry";
import { nameProblem, OBJECT_NAME } from "./private/names";
import { nonDefaultProject } from "./private/placement";
import { parseSize } from "./private/sizes";
import { incusVolume, libvirtVolume } from "./private/volume-resources";
import type { BuiltVolume } from "./private/volume-resources";

const KIND = "Volume";

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
  /** The volume name (a reference to the volume resource). */
  public readonly volumeName: string;
  private readonly built: BuiltVolume;

  public constructor(scope: Construct, id: string, props: VolumeProps<H>) {
    super(scope, id);
    if (!props.pool?.host) fail(this, KIND, "pool", "a Volume needs a StoragePool");
    this.pool = props.pool;
    const host = knownHost(this, KIND, this.pool.host);
    this.lifecycle = props.lifecycle ?? VolumeLifecycle.PERSISTENT;
    try {
      this.removalPolicy = resolveVolumeRemovalPolicy(this.lifecycle, props.protect, props.removalPolicy);
    } catch (e) {
      if (e instanceof LifecyclePolicyError) fail(this, KIND, props.removalPolicy !== undefined ? "removalPolicy" : props.protect === true ? "protect" : "lifecycle", e.message);
      throw e;
    }
    this.protect = isProtected(this.removalPolicy);
    if (this.removalPolicy === RemovalPolicy.RETAIN || this.removalPolicy === RemovalPolicy.SNAPSHOT) {
      requireBundledProvider(
        this,
        KIND,
        "removalPolicy",
        host,
        `RemovalPolicy.${this.removalPolicy.toUpperCase()}`,
        `ignores the config key that asks for it, so removing the volume would delete it and its data (${this.removalPolicy === RemovalPolicy.RETAIN ? "nothing kept" : "no final copy"})`,
      );
    }
    if (props.adoptReleased !== undefined && props.adoptReleased !== false) {
      requireBundledProvider(this, KIND, "adoptReleased", host, "adoptReleased", "does not adopt a released volume: the create fails because the volume exists");
    }
    const incus = backendOptions<IncusVolumeOptions>(this, KIND, host, INCUS_VOLUME_OPTIONS, props.incus, props);
    const libvirt = backendOptions<LibvirtVolumeOptions>(this, KIND, host, LIBVIRT_VOLUME_OPTIONS, props.libvirt, props);
    const name = resolveObjectName(this, KIND, OBJECT_NAME, [this.pool.node.path, nonDefaultProject(incus.project)?.node.path], props.name);
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
    };
    if (host.hostKind === "incus") {
      const built = incusVolume(this, host, input, incus);
      this.contentType = built.contentType;
      this.project = built.project;
      this.target = built.target;
      this.built = built;
    } else {
      const built = libvirtVolume(this, host, input, libvirt);
      this.format = built.format;
      this.baseVolume = built.baseVolume;
      this.built = built;
    }
    this.volumeName = this.built.resource.getStringAttribute("name");
    if (host.hostKind === "incus") {
      // snapshotBeforeRebuild is an attach() option: known once every instance has attached the volume.
      (this.built.resource as IncusStorageVolumeResource).setAttributesProducer((attributes) => {
        const keep = couplingOf(this).snapshotBeforeRebuild;
        return keep === undefined ? attributes : { ...attributes, config: { ...attributes.config, [SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY]: encodeSnapshotBeforeRebuild(keep) } };
      });
    }

    this.built.resource.setLifecycleProducer(() => {
      const coupling = couplingOf(this);
      return volumeLifecycleBlock({
        kind: this.lifecycle,
        protect: this.protect,
        generationAnchor: coupling.generationAnchor,
        // Ephemeral overlays follow their base through the instance's anchor; other overlays directly.
        replaceWhenChanged:
          this.baseVolume && this.lifecycle !== VolumeLifecycle.EPHEMERAL ? this.baseVolume._managedVolume().changeReferences : [],
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
      fail(this, KIND, "adoptReleased", "an EPHEMERAL volume is created again with every rebuild of its instance; adopt into a PERSISTENT or SHARED volume");
    }
    if (adopt === true) return ADOPT_ANY_RELEASED;
    if (typeof adopt !== "string" || isToken(adopt)) fail(this, KIND, "adoptReleased", "is true or the owner that released the volume, a literal \"<stack>/<construct path>\"");
    const owner = releasedBy(adopt);
    if (!/^[^/\s]+\/\S+$/.test(owner)) {
      fail(this, KIND, "adoptReleased", `${JSON.stringify(adopt)} is not an owner; give true, or "<stack>/<construct path>" of the Volume that released it`);
    }
    return releasedOwner(owner);
  }

  /** libvirt: the volume's path on the host (what overlays use as backing store). */
  public get volumePath(): string {
    return this.built.resource.getStringAttribute("path");
  }

  /** Paths of the instances this volume is attached to, in the order of the attach() calls. */
  public get attachedInstances(): readonly string[] {
    return couplingOf(this).instances;
  }

  /** @internal What an instance's generation needs of this volume. */
  public _managedVolume(): ManagedVolume {
    return {
      resource: this.built.resource,
      replacementInputs: this.built.replacementInputs,
      base: this.baseVolume?.built.resource,
      changeReferences: attributeReferences(this.built.resource, this.built.changePaths),
      baseChangeReferences: this.baseVolume?._managedVolume().changeReferences,
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
    const host = knownHost(this, KIND, this.pool.host);
    this.volumeName = attributes.name;
    const problem = isToken(attributes.name) ? undefined : nameProblem(attributes.name, OBJECT_NAME);
    if (problem) fail(this, KIND, "name", problem);
    this.lifecycle = attributes.lifecycle ?? VolumeLifecycle.PERSISTENT;
    if (this.lifecycle !== VolumeLifecycle.PERSISTENT && this.lifecycle !== VolumeLifecycle.SHARED) {
      fail(this, KIND, "lifecycle", `a volume this stack does not create is PERSISTENT or SHARED, not ${String(this.lifecycle)}`);
    }
    const incus = backendOptions<IncusVolumeOptions>(this, KIND, host, INCUS_VOLUME_OPTIONS, attributes.incus, {});
    const libvirt = backendOptions<LibvirtVolumeOptions>(this, KIND, host, LIBVIRT_VOLUME_OPTIONS, attributes.libvirt, {});
    if (host.hostKind === "incus") {
      this.contentType = incus.contentType ?? VolumeContentType.FILESYSTEM;
      if (incus.project && incus.project.host !== host) fail(this, KIND, "project", "the project is on another host than the pool");
      this.project = incus.project;
      this.target = clusterTarget(this, KIND, "target", host, incus.target, false);
    } else {
      this.format = libvirt.format ?? VolumeFormat.QCOW2;
    }
  }

  /** Paths of the instances this volume is attached to. */
  public get attachedInstances(): readonly string[] {
    return couplingOf(this).instances;
  }
}
