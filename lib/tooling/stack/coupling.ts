// The lifecycle coupling of a stack, read from plain resource data: which volumes are ephemeral, persistent or
// shared, which instance owns an ephemeral volume (they share a terraform_data generation anchor), which volumes
// rebuild their instance on change, and which instances and volumes are protected. Input is configuration
// (cdk.tf.json) when available, and state values (with depends_on) for objects no longer in it. A volume's kind is
// what the constructs recorded on it (LIFECYCLE_CONFIG_KEY); it is inferred from anchors and attachments only for
// volumes without a record: stacks written without the constructs, or deployed before they recorded it.
import {
  decodeLifecycleKind,
  INCUS_DELETE_PROTECTION_KEY,
  LIFECYCLE_CONFIG_KEY,
  PROTECT_CONFIG_KEY,
} from "../../records";
import type { LifecycleKindName } from "../../records";
import {
  configValue,
  diskUsesOf,
  familyOf,
  familyOfAddress,
  networkUsesOf,
  profilesOf,
  recordedValue,
} from "./resource-kinds";
import type { DiskUse, RecordSource } from "./resource-kinds";
import { referencedAddresses } from "./references";
import { displayName, literalName, replacementTriggersOf } from "./resource-view";
import type { ResourceView } from "./resource-view";
import { namedViewFinder, volumeFinder } from "./view-lookups";
import type { NamedViewFinder, VolumeFinder } from "./view-lookups";

/** Config key that records the lifecycle kind (ephemeral, persistent or shared); re-exported for the tooling API. */
export { LIFECYCLE_CONFIG_KEY };

export type VolumeKind = LifecycleKindName;
/**
 * How the kind was learned: recorded by the constructs (in an Incus volume's config, or in the "//" comment of a
 * libvirt volume's resource), else inferred from the shared anchor, from several attachments, or the default.
 */
export type KindSource = RecordSource | "generation-anchor" | "attachments" | "default";

export interface VolumeModel {
  readonly address: string;
  readonly type: string;
  /** The volume's name on the host, or the resource name when the name is computed. */
  readonly name: string;
  readonly pool?: string;
  readonly kind: VolumeKind;
  readonly kindSource: KindSource;
  readonly protected: boolean;
  /** The instance an ephemeral volume belongs to. */
  readonly owner?: string;
  readonly attachedTo: readonly string[];
  readonly origin: ResourceView["origin"];
}

export interface AttachmentModel {
  readonly instance: string;
  readonly volume: string;
  readonly path?: string;
  /** Any change of the volume rebuilds the instance (instance names the volume in replace_triggered_by). */
  readonly rebuildOnChange: boolean;
  /** The incus_profile the disk device comes from, when not the instance itself. */
  readonly viaProfile?: string;
}

export interface InstanceModel {
  readonly address: string;
  readonly type: string;
  readonly name: string;
  readonly protected: boolean;
  readonly protectionSource?: "prevent_destroy" | typeof INCUS_DELETE_PROTECTION_KEY;
  /** terraform_data generation anchors the instance is replaced with. */
  readonly anchors: readonly string[];
  readonly attachments: readonly AttachmentModel[];
  /** Addresses of managed networks, or the literal names of unmanaged ones. */
  readonly networks: readonly string[];
  /** Pools its root disk lives on (addresses when managed, else literal names). */
  readonly rootPools: readonly string[];
  readonly origin: ResourceView["origin"];
}

export interface CouplingModel {
  readonly views: ReadonlyMap<string, ResourceView>;
  readonly volumes: ReadonlyMap<string, VolumeModel>;
  readonly instances: ReadonlyMap<string, InstanceModel>;
  /** The volume of the model a disk uses (instance values from any source: configuration, state, plan). */
  readonly volumeOf: VolumeFinder;
  /** The first resource of a family with a given literal name. */
  readonly viewNamed: NamedViewFinder;
}

/** terraform_data generation anchors a resource is replaced with. */
function anchorsOf(view: ResourceView): string[] {
  return replacementTriggersOf(view).filter((address) => familyOfAddress(address) === "anchor");
}

export function buildCouplingModel(viewList: readonly ResourceView[]): CouplingModel {
  const views = new Map(viewList.map((v) => [v.address, v]));
  const volumeViews = viewList.filter((v) => familyOf(v.type) === "volume");
  const instanceViews = viewList.filter((v) => familyOf(v.type) === "instance");
  const volumeOf = volumeFinder(views, volumeViews);
  const viewNamed = namedViewFinder(views);

  const attachmentsByVolume = new Map<string, AttachmentModel[]>();
  const shareableDisks = new Set<string>();
  const instances = new Map<string, InstanceModel>();
  for (const view of instanceViews) {
    const own: AttachmentModel[] = [];
    const rootPools: string[] = [];
    const sources: { disk: DiskUse; viaProfile?: string }[] = diskUsesOf(view.type, view.attributes).map((disk) => ({
      disk,
    }));
    for (const profile of profilesOf(view.type, view.attributes)) {
      const profileView = profileViewFor(views, viewNamed, profile);
      if (profileView === undefined) continue;
      for (const disk of diskUsesOf(profileView.type, profileView.attributes))
        sources.push({ disk, viaProfile: profileView.address });
    }
    for (const { disk, viaProfile } of sources) {
      if (disk.rootDisk) {
        const pool = referencedAddresses(disk.pool)[0] ?? literalName(views, disk.pool);
        if (pool !== undefined && !rootPools.includes(pool)) rootPools.push(pool);
        continue;
      }
      const volume = volumeOf(disk);
      if (volume === undefined) continue;
      if (disk.shareable) shareableDisks.add(volume);
      const attachment: AttachmentModel = {
        instance: view.address,
        volume,
        path: disk.path,
        rebuildOnChange: view.origin === "config" && view.replaceTriggeredBy.includes(volume),
        viaProfile,
      };
      own.push(attachment);
      const ofVolume = attachmentsByVolume.get(volume);
      if (ofVolume === undefined) attachmentsByVolume.set(volume, [attachment]);
      else ofVolume.push(attachment);
    }
    const protectedBy = view.preventDestroy
      ? ("prevent_destroy" as const)
      : configValue(view.attributes, INCUS_DELETE_PROTECTION_KEY) === "true"
        ? INCUS_DELETE_PROTECTION_KEY
        : undefined;
    instances.set(view.address, {
      address: view.address,
      type: view.type,
      name: displayName(views, view),
      protected: protectedBy !== undefined,
      protectionSource: protectedBy,
      anchors: anchorsOf(view),
      attachments: own,
      networks: networkUsesOf(view.type, view.attributes).flatMap((nic) => {
        const name = nic.references.find((a) => familyOfAddress(a) === "network") ?? literalName(views, nic.network);
        return name === undefined ? [] : [name];
      }),
      rootPools,
      origin: view.origin,
    });
  }

  const ownersOf = anchorOwnerFinder(instances);
  const volumes = new Map<string, VolumeModel>();
  for (const view of volumeViews) {
    const attachedTo = [...new Set((attachmentsByVolume.get(view.address) ?? []).map((a) => a.instance))].sort();
    volumes.set(
      view.address,
      volumeModel(views, view, attachedTo, ownersOf(anchorsOf(view)), shareableDisks.has(view.address)),
    );
  }
  return { views, volumes, instances, volumeOf, viewNamed };
}

/** The instances that share any of the given anchors, in model order. */
function anchorOwnerFinder(
  instances: ReadonlyMap<string, InstanceModel>,
): (anchors: readonly string[]) => InstanceModel[] {
  const order = new Map<InstanceModel, number>();
  const byAnchor = new Map<string, Set<InstanceModel>>();
  for (const instance of instances.values()) {
    order.set(instance, order.size);
    for (const anchor of instance.anchors) byAnchor.set(anchor, (byAnchor.get(anchor) ?? new Set()).add(instance));
  }
  return (anchors) => {
    const owners = new Set(anchors.flatMap((anchor) => [...(byAnchor.get(anchor) ?? [])]));
    return [...owners].sort((a, b) => order.get(a)! - order.get(b)!);
  };
}

function volumeModel(
  views: ReadonlyMap<string, ResourceView>,
  view: ResourceView,
  attachedTo: string[],
  owners: readonly InstanceModel[],
  shareable: boolean,
): VolumeModel {
  const base = {
    address: view.address,
    type: view.type,
    name: displayName(views, view),
    pool: literalName(views, view.attributes.pool),
    attachedTo,
    origin: view.origin,
  };
  const protectedFlag = view.preventDestroy || configValue(view.attributes, PROTECT_CONFIG_KEY) === "true";
  const recorded = recordedValue(view.attributes, view.recorded, LIFECYCLE_CONFIG_KEY);
  const stated = decodeLifecycleKind(recorded?.value);
  // Prefer an instance that actually attaches the volume; the anchor alone is enough when attachments are unknown.
  const owner = owners.find((i) => attachedTo.includes(i.address)) ?? owners[0];
  if (recorded && stated !== undefined) {
    const ownedBy = stated === "ephemeral" ? (owner?.address ?? attachedTo[0]) : undefined;
    return { ...base, kind: stated, kindSource: recorded.source, protected: protectedFlag, owner: ownedBy };
  }
  if (owner !== undefined)
    return {
      ...base,
      kind: "ephemeral",
      kindSource: "generation-anchor",
      protected: protectedFlag,
      owner: owner.address,
    };
  if (attachedTo.length > 1 || shareable || configValue(view.attributes, "security.shared") === "true") {
    return { ...base, kind: "shared", kindSource: "attachments", protected: protectedFlag };
  }
  return { ...base, kind: "persistent", kindSource: "default", protected: protectedFlag };
}

function profileViewFor(
  views: ReadonlyMap<string, ResourceView>,
  viewNamed: NamedViewFinder,
  profile: unknown,
): ResourceView | undefined {
  const ref = referencedAddresses(profile).find((a) => familyOfAddress(a) === "profile");
  if (ref !== undefined) return views.get(ref);
  return viewNamed("profile", literalName(views, profile));
}
