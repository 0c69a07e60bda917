// Builds a Volume's resource on each backend from its validated props: an incus_storage_volume (the record and the
// ownership marker in its config) or a libvirt_volume (the record in its "//" comment: libvirt volumes carry no
// metadata of their own, and the comment is what the tooling reads from cdk.tf.json).
import type { Construct, IConstruct } from "constructs";
import { IncusStorageVolumeResource, LibvirtVolumeResource } from "../../bindings";
import { isToken } from "../../bindings/attributes";
import type { SpecResource } from "../../bindings";
import {
  frozenRecordPaths,
  incusOwnershipConfig,
  incusRemovalPolicyConfig,
  libvirtRemovalPolicy,
  LIFECYCLE_CONFIG_KEY,
  OWNER_CONFIG_KEY,
  ownerMarker,
  PROTECT_CONFIG_KEY,
  REMOVAL_POLICY_CONFIG_KEY,
  VolumeLifecycle,
} from "../../lifecycle";
import { mapKeyPath } from "../../lifecycle/references";
import { ADOPT_CONFIG_KEY, encodeSnapshotBeforeRebuild, SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY } from "../../records";
import type { RemovalPolicy, ReplacementInputs } from "../../lifecycle";
import type { IHost } from "../model/host";
import type { IncusHostLike } from "./hosts";
import { clusterTarget } from "./cluster-target";
import type { LibvirtHostLike } from "./hosts";
import type { IProject } from "../model/project-props";
import { VolumeContentType, VolumeFormat } from "../model/volume-props";
import type { IncusVolumeOptions } from "../model/volume-props";
import { fail } from "./errors";
import { nonDefaultProject, rejectManagedKeys } from "./placement";

const KIND = "Volume";

/** What both backends are given. */
export interface VolumeInput {
  readonly name: string;
  readonly pool: string;
  readonly size?: string;
  readonly sizeBytes?: number;
  readonly lifecycle: VolumeLifecycle;
  readonly protect: boolean;
  /** The effective removal policy (PROTECT exactly when `protect`). */
  readonly removalPolicy: RemovalPolicy;
  /** The volume's record (lifecycle.volumeRecord). */
  readonly record: { readonly [key: string]: string };
  /** "released" or "released:<old owner>" (adoptReleased). */
  readonly adopt?: string;
  /** The largest snapshotBeforeRebuild of the volume's attachments (known once every instance has attached it). */
  readonly snapshotBeforeRebuild: () => number | undefined;
}

/** What a libvirt volume's builder needs of the Volume it is an overlay of. */
export interface BaseVolume {
  /** The base Volume (its path names it in errors). */
  readonly volume: IConstruct;
  readonly host: IHost;
  readonly lifecycle: VolumeLifecycle;
  readonly format?: VolumeFormat;
  readonly sizeBytes?: number;
  /** A reference to its path on the host (the overlay's backing store). */
  readonly volumePath: string;
}

/** The libvirt options of a Volume, with its base volume as the builder needs it. */
export interface LibvirtVolumeBuildOptions {
  readonly format?: VolumeFormat;
  readonly baseVolume?: BaseVolume;
  readonly sourceUrl?: string;
}

export interface BuiltVolume {
  readonly resource: SpecResource<object>;
  /** The attributes that force a replacement (what a generation anchor holds for an EPHEMERAL volume). */
  readonly replacementInputs: ReplacementInputs;
  /** Paths Terraform keeps as created while an instance follows the volume (lifecycle.frozenRecordPaths). */
  readonly frozenPaths: readonly string[];
  /**
   * The attributes whose change is a change of the volume itself (its data, size, identity), as replace_triggered_by
   * paths: what an instance attached with rebuildOnChange follows. Bookkeeping (ownership, lifecycle record,
   * protection, removal policy, snapshots before rebuilds) is left out, so changing it never rebuilds anything.
   */
  readonly changePaths: readonly string[];
  /** The facts of the volume on its backend (Incus: content type, project, member; libvirt: format). */
  readonly facts: ExistingVolume;
}

// Built once, not per volume: a stack can hold thousands of volumes.
const CONTENT_TYPES: ReadonlySet<string> = new Set(Object.values(VolumeContentType));

/** The config keys of an Incus volume that its props set: the advice for each, should `config` name one. */
const INCUS_MANAGED_KEYS: { readonly [key: string]: string } = {
  size: "set it with the `size` prop",
  "security.shared": "use lifecycle: VolumeLifecycle.SHARED",
  [OWNER_CONFIG_KEY]: "it carries the ownership marker",
  [PROTECT_CONFIG_KEY]: "set it with the `protect` prop",
  [LIFECYCLE_CONFIG_KEY]: "set it with the `lifecycle` prop",
  [REMOVAL_POLICY_CONFIG_KEY]: "set it with the `removalPolicy` prop",
  [SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY]: "set it with attach(volume, { snapshotBeforeRebuild })",
  [ADOPT_CONFIG_KEY]: "set it with the `adoptReleased` prop",
};

/** What a volume is on its backend, with the backend's defaults: what IVolume shows of it. */
export interface ExistingVolume {
  readonly contentType?: VolumeContentType;
  readonly project?: IProject;
  readonly target?: string;
  readonly format?: VolumeFormat;
}

export function incusVolume(
  scope: Construct,
  host: IncusHostLike,
  input: VolumeInput,
  options: Partial<IncusVolumeOptions>,
): BuiltVolume {
  const contentType = options.contentType ?? VolumeContentType.FILESYSTEM;
  if (!CONTENT_TYPES.has(contentType)) {
    fail(scope, KIND, "contentType", `"${String(contentType)}" is not a content type; use "filesystem" or "block"`);
  }
  if (options.project && options.project.host !== host)
    fail(scope, KIND, "project", "the project is on another host than the pool");
  rejectManagedKeys(scope, KIND, options.config, INCUS_MANAGED_KEYS);
  const project = nonDefaultProject(options.project)?.projectName;
  const target = clusterTarget(scope, KIND, "target", host, options.target, false);
  const shared = input.lifecycle === VolumeLifecycle.SHARED && contentType === VolumeContentType.BLOCK;
  const dataConfig: { [key: string]: string } = {
    ...(input.size !== undefined ? { size: input.size } : {}),
    ...(shared ? { "security.shared": "true" } : {}),
    ...options.config,
  };
  const resource = new IncusStorageVolumeResource(scope, "Default", {
    name: input.name,
    pool: input.pool,
    description: options.description,
    type: "custom",
    contentType,
    remote: host.remoteName,
    project,
    target,
    config: {
      ...dataConfig,
      ...input.record,
      ...incusOwnershipConfig(scope),
      ...incusRemovalPolicyConfig(input.removalPolicy),
      ...(input.adopt !== undefined ? { [ADOPT_CONFIG_KEY]: input.adopt } : {}),
    },
  });
  // snapshotBeforeRebuild is an attach() option: known once every instance has attached the volume.
  resource.setAttributesProducer((attributes) => {
    const keep = input.snapshotBeforeRebuild();
    return keep === undefined
      ? attributes
      : {
          ...attributes,
          config: { ...attributes.config, [SNAPSHOT_BEFORE_REBUILD_CONFIG_KEY]: encodeSnapshotBeforeRebuild(keep) },
        };
  });
  return {
    resource,
    facts: { contentType, project: options.project, target },
    replacementInputs: {
      name: input.name,
      pool: input.pool,
      content_type: contentType,
      project,
      remote: host.remoteName,
      type: "custom",
      target,
    },
    frozenPaths: frozenRecordPaths(input.record),
    // Only what the code sets: a computed value left unset could plan as unknown and fire for nothing.
    changePaths: [
      "name",
      "pool",
      "type",
      "content_type",
      ...(project !== undefined ? ["project"] : []),
      ...(host.remoteName !== undefined ? ["remote"] : []),
      ...(options.description !== undefined ? ["description"] : []),
      ...Object.keys(dataConfig)
        .sort()
        .map((key) => mapKeyPath("config", key)),
    ],
  };
}

export function libvirtVolume(
  scope: Construct,
  host: LibvirtHostLike,
  input: VolumeInput,
  options: Partial<LibvirtVolumeBuildOptions>,
): BuiltVolume {
  const base = options.baseVolume;
  const format = options.format ?? VolumeFormat.QCOW2;
  if (!Object.values(VolumeFormat).includes(format))
    fail(scope, KIND, "format", `"${String(format)}" is not a volume format; use "raw" or "qcow2"`);
  if (base) {
    if (base.host !== host)
      fail(scope, KIND, "baseVolume", `the base volume "${base.volume.node.path}" is on another host`);
    if (base.lifecycle === VolumeLifecycle.EPHEMERAL) {
      fail(
        scope,
        KIND,
        "baseVolume",
        `the base volume "${base.volume.node.path}" is EPHEMERAL; a base must outlive its overlays (make it PERSISTENT)`,
      );
    }
    if (format !== VolumeFormat.QCOW2)
      fail(scope, KIND, "format", "a copy-on-write overlay (baseVolume) must be qcow2");
  }
  // The capacity is a number of bytes computed here; a token has no value until apply.
  if (input.size !== undefined && isToken(input.size))
    fail(scope, KIND, "size", `is a token; libvirt volumes need a literal size such as "10GiB"`);
  const capacity = input.sizeBytes ?? base?.sizeBytes;
  if (capacity === undefined && input.size === undefined && !base && options.sourceUrl === undefined) {
    fail(scope, KIND, "size", `a libvirt volume needs a size (e.g. "10GiB"), a baseVolume or a sourceUrl`);
  }
  const resource = new LibvirtVolumeResource(scope, "Default", {
    name: input.name,
    pool: input.pool,
    capacity,
    target: { format: { type: format } },
    backingStore: base ? { path: base.volumePath, format: { type: base.format ?? VolumeFormat.QCOW2 } } : undefined,
    create: options.sourceUrl !== undefined ? { content: { url: options.sourceUrl } } : undefined,
    removalPolicy: libvirtRemovalPolicy(input.removalPolicy),
    owner: ownerMarker(scope),
    adopt: input.adopt,
    provider: host._provider(),
  });
  // Terraform ignores "//" in JSON configuration; cdktf adds its own metadata next to the record.
  resource.addOverride("//", { ...input.record });
  return {
    resource,
    facts: { format },
    replacementInputs: {
      name: input.name,
      pool: input.pool,
      format,
      backing_store: base ? base.volumePath : undefined,
      source_url: options.sourceUrl,
    },
    frozenPaths: [],
    // `id` is kept across updates and unknown when the volume is replaced (e.g. an overlay following a new base).
    changePaths: [
      "name",
      "pool",
      "id",
      "target",
      ...(capacity !== undefined ? ["capacity"] : []),
      ...(base ? ["backing_store"] : []),
      ...(options.sourceUrl !== undefined ? ["create"] : []),
    ],
  };
}

/** A volume that exists on an Incus host (Volume.fromName): a filesystem volume unless told, checked. */
export function existingIncusVolume(
  scope: Construct,
  host: IncusHostLike,
  options: Partial<Pick<IncusVolumeOptions, "contentType" | "project" | "target">>,
): ExistingVolume {
  const contentType = options.contentType ?? VolumeContentType.FILESYSTEM;
  if (options.project && options.project.host !== host)
    fail(scope, KIND, "project", "the project is on another host than the pool");
  return {
    contentType,
    project: options.project,
    target: clusterTarget(scope, KIND, "target", host, options.target, false),
  };
}

/** A volume that exists on a libvirt host (Volume.fromName): qcow2 unless told. */
export function existingLibvirtVolume(options: Partial<LibvirtVolumeBuildOptions>): ExistingVolume {
  return { format: options.format ?? VolumeFormat.QCOW2 };
}
