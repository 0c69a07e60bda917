// Volume: a custom volume in a StoragePool whose lifecycle (EPHEMERAL, PERSISTENT, SHARED) is explicit and
// compiled into Terraform lifecycle arguments. On libvirt a volume may be a copy-on-write overlay of a base volume.
import { Construct } from "constructs";
import type { SpecResource } from "../bindings";
import { IncusStorageVolumeResource, isToken, LibvirtVolumeResource } from "../bindings";
import type { GenerationAnchor, ReplacementInputs } from "../lifecycle";
import {
  incusOwnershipConfig,
  LifecyclePolicyError,
  OWNER_CONFIG_KEY,
  PROTECT_CONFIG_KEY,
  resolveVolumeProtection,
  resourceAddress,
  tooFewAttachments,
  tooManyAttachments,
  VolumeLifecycle,
  volumeLifecycleBlock,
} from "../lifecycle";
import type { IncusHost } from "./incus-host";
import type { LibvirtHost } from "./libvirt-host";
import type { IProject } from "./project";
import type { IStoragePool } from "./storage-pool";
import { formatProblem } from "./errors";
import { fail } from "./private/errors";
import { resolveObjectName } from "./private/name-registry";
import { OBJECT_NAME, pathInStack } from "./private/names";
import { nonDefaultProject, rejectManagedKeys, rejectOn } from "./private/placement";
import { parseSize } from "./private/sizes";

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

export interface VolumeProps {
  readonly pool: IStoragePool;
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
   * `cdktf destroy`. Set false to allow deleting it. Not allowed on EPHEMERAL volumes.
   * @default true for PERSISTENT and SHARED, false for EPHEMERAL
   */
  readonly protect?: boolean;
  /** Incus only. SHARED block volumes get `security.shared=true`. @default VolumeContentType.FILESYSTEM */
  readonly contentType?: VolumeContentType;
  /** Incus only: the project the volume lives in (must be the project of the instances using it). @default the default project */
  readonly project?: IProject;
  /** Incus only: more volume config (e.g. `snapshots.schedule`). @default none */
  readonly config?: { readonly [key: string]: string };
  /** Incus only. @default none */
  readonly description?: string;
  /** libvirt only. An overlay (with `baseVolume`) is always qcow2. @default VolumeFormat.QCOW2 */
  readonly format?: VolumeFormat;
  /**
   * libvirt only: make this volume a copy-on-write overlay of `baseVolume` (same host). An overlay is replaced
   * whenever its base changes: EPHEMERAL overlays together with their instance; PERSISTENT/SHARED ones are then
   * refused by their protection until `protect: false`.
   * @default none (a plain volume)
   */
  readonly baseVolume?: Volume;
  /** libvirt only: initial content from a URL or local file (e.g. a cloud image). @default empty */
  readonly sourceUrl?: string;
}

export class Volume extends Construct {
  public readonly pool: IStoragePool;
  public readonly lifecycle: VolumeLifecycle;
  /** The effective protection. */
  public readonly protect: boolean;
  public readonly contentType?: VolumeContentType;
  public readonly format?: VolumeFormat;
  /** The size in bytes, when given. */
  public readonly sizeBytes?: number;
  public readonly project?: IProject;
  public readonly baseVolume?: Volume;
  /** The volume name (a reference to the volume resource). */
  public readonly volumeName: string;
  private readonly resource: SpecResource<object>;
  private readonly replacementInputs: ReplacementInputs;
  private readonly attachedTo: string[] = [];
  private anchor?: GenerationAnchor;

  public constructor(scope: Construct, id: string, props: VolumeProps) {
    super(scope, id);
    const kind = "Volume";
    if (!props.pool?.host) fail(this, kind, "pool", "a Volume needs a StoragePool");
    this.pool = props.pool;
    const host = this.pool.host;
    this.lifecycle = props.lifecycle ?? VolumeLifecycle.PERSISTENT;
    try {
      this.protect = resolveVolumeProtection(this.lifecycle, props.protect);
    } catch (e) {
      if (e instanceof LifecyclePolicyError) fail(this, kind, props.protect === true ? "protect" : "lifecycle", e.message);
      throw e;
    }
    const name = resolveObjectName(this, kind, OBJECT_NAME, [props.pool.node.path, nonDefaultProject(props.project)?.node.path], props.name);
    if (props.size !== undefined && !isToken(props.size)) {
      const parsed = parseSize(props.size);
      if ("error" in parsed) fail(this, kind, "size", parsed.error);
      this.sizeBytes = parsed.bytes;
    }
    rejectOn(this, kind, host, "incus", { format: props.format, baseVolume: props.baseVolume, sourceUrl: props.sourceUrl });
    rejectOn(this, kind, host, "libvirt", {
      contentType: props.contentType,
      project: props.project,
      config: props.config,
      description: props.description,
    });

    if (host.hostKind === "incus") {
      this.contentType = props.contentType ?? VolumeContentType.FILESYSTEM;
      if (!Object.values(VolumeContentType).includes(this.contentType)) {
        fail(this, kind, "contentType", `"${String(this.contentType)}" is not a content type; use "filesystem" or "block"`);
      }
      if (props.project && props.project.host !== host) fail(this, kind, "project", "the project is on another host than the pool");
      rejectManagedKeys(this, kind, props.config, {
        size: "set it with the `size` prop",
        "security.shared": "use lifecycle: VolumeLifecycle.SHARED",
        [OWNER_CONFIG_KEY]: "it carries the ownership marker",
        [PROTECT_CONFIG_KEY]: "set it with the `protect` prop",
      });
      this.project = props.project;
      const remote = (host as IncusHost).remoteName;
      const project = nonDefaultProject(props.project)?.projectName;
      const shared = this.lifecycle === VolumeLifecycle.SHARED && this.contentType === VolumeContentType.BLOCK;
      this.resource = new IncusStorageVolumeResource(this, "Default", {
        name,
        pool: this.pool.poolName,
        description: props.description,
        type: "custom",
        contentType: this.contentType,
        remote,
        project,
        config: {
          ...(props.size !== undefined ? { size: props.size } : {}),
          ...(shared ? { "security.shared": "true" } : {}),
          ...props.config,
          ...incusOwnershipConfig(this, this.protect),
        },
      });
      this.replacementInputs = { name, pool: this.pool.poolName, content_type: this.contentType, project, remote, type: "custom" };
    } else {
      this.baseVolume = props.baseVolume;
      this.format = props.format ?? VolumeFormat.QCOW2;
      if (!Object.values(VolumeFormat).includes(this.format)) {
        fail(this, kind, "format", `"${String(this.format)}" is not a volume format; use "raw" or "qcow2"`);
      }
      if (this.baseVolume) {
        if (this.baseVolume.pool.host !== host) fail(this, kind, "baseVolume", `the base volume "${this.baseVolume.node.path}" is on another host`);
        if (this.baseVolume.lifecycle === VolumeLifecycle.EPHEMERAL) {
          fail(this, kind, "baseVolume", `the base volume "${this.baseVolume.node.path}" is EPHEMERAL; a base must outlive its overlays (make it PERSISTENT)`);
        }
        if (this.format !== VolumeFormat.QCOW2) fail(this, kind, "format", "a copy-on-write overlay (baseVolume) must be qcow2");
      }
      // The capacity is a number of bytes computed here; a token has no value until apply.
      if (props.size !== undefined && isToken(props.size)) {
        fail(this, kind, "size", `is a token; libvirt volumes need a literal size such as "10GiB"`);
      }
      const capacity = this.sizeBytes ?? this.baseVolume?.sizeBytes;
      if (capacity === undefined && props.size === undefined && !this.baseVolume && props.sourceUrl === undefined) {
        fail(this, kind, "size", `a libvirt volume needs a size (e.g. "10GiB"), a baseVolume or a sourceUrl`);
      }
      const base = this.baseVolume;
      const resource = new LibvirtVolumeResource(this, "Default", {
        name,
        pool: this.pool.poolName,
        capacity,
        target: { format: { type: this.format } },
        backingStore: base ? { path: base.volumePath, format: { type: base.format ?? VolumeFormat.QCOW2 } } : undefined,
        create: props.sourceUrl !== undefined ? { content: { url: props.sourceUrl } } : undefined,
        provider: (host as LibvirtHost)._provider(),
      });
      this.resource = resource;
      this.replacementInputs = {
        name,
        pool: this.pool.poolName,
        format: this.format,
        backing_store: base ? base.volumePath : undefined,
        source_url: props.sourceUrl,
      };
    }
    this.volumeName = this.resource.getStringAttribute("name");

    this.resource.setLifecycleProducer(() =>
      volumeLifecycleBlock({
        kind: this.lifecycle,
        protect: this.protect,
        generationAnchor: this.anchor?.address,
        // Ephemeral overlays follow their base through the instance's anchor; other overlays directly.
        replaceWhenChanged:
          this.baseVolume && this.lifecycle !== VolumeLifecycle.EPHEMERAL ? [resourceAddress(this.baseVolume.resource)] : [],
      }),
    );
    this.node.addValidation({
      validate: () => {
        const problem = tooFewAttachments(this.lifecycle, this.attachedTo);
        return problem ? [formatProblem(this, kind, "lifecycle", problem)] : [];
      },
    });
  }

  /** libvirt: the volume's path on the host (what overlays use as backing store). */
  public get volumePath(): string {
    return this.resource.getStringAttribute("path");
  }

  /** Paths of the instances this volume is attached to. */
  public get attachedInstances(): readonly string[] {
    return [...this.attachedTo];
  }

  /**
   * @internal Records an attachment (called by Instance.attach). Too many attachments for the lifecycle kind is
   * an error naming every instance. An EPHEMERAL volume joins the instance's generation anchor.
   */
  public _attachTo(instancePath: string, anchor: () => GenerationAnchor): void {
    const problem = tooManyAttachments(this.lifecycle, [...this.attachedTo, instancePath]);
    if (problem) fail(this, "Volume", "lifecycle", problem);
    this.attachedTo.push(instancePath);
    if (this.lifecycle !== VolumeLifecycle.EPHEMERAL) return;
    this.anchor = anchor();
    this.anchor.addEphemeralVolume(pathInStack(this), this.replacementInputs);
    if (this.baseVolume) this.anchor.replaceWhenChanged(this.baseVolume.resource);
  }

  /** @internal The L1 resource (for lifecycle references). */
  public _resourceFor(): SpecResource<object> {
    return this.resource;
  }
}
