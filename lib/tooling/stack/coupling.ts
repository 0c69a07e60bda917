// The lifecycle coupling of a stack, recovered from plain resource data: which volumes are ephemeral, persistent or
// shared, which instance owns an ephemeral volume (they share a terraform_data generation anchor), which volumes
// rebuild their instance on change, and which instances and volumes are protected. Input is configuration
// (cdk.tf.json) when available, and state values (with depends_on) for objects no longer in it.
import { INCUS_DELETE_PROTECTION_KEY, PROTECT_CONFIG_KEY } from "../../lifecycle";
import { configValue, diskUsesOf, familyOf, networkUsesOf, profilesOf } from "./resource-kinds";
import type { DiskUse } from "./resource-kinds";
import { isLiteralString, referencedAddresses, soleReference } from "./references";
import type { SynthesizedStack } from "./synthesized-stack";

/** Config key (Incus volumes) that states the lifecycle kind explicitly: ephemeral, persistent or shared. */
export const LIFECYCLE_CONFIG_KEY = "user.cdktf-virt.lifecycle";

/** One resource as the coupling analysis sees it. */
export interface ResourceView {
  readonly address: string;
  readonly type: string;
  readonly attributes: { readonly [key: string]: unknown };
  readonly preventDestroy: boolean;
  /** Resource addresses named in replace_triggered_by (configuration only). */
  readonly replaceTriggeredBy: readonly string[];
  /** Dependencies recorded in state (what replace_triggered_by left behind once applied). */
  readonly dependsOn: readonly string[];
  /** config: from cdk.tf.json; state: prior state of an object no longer configured; plan: planned values only. */
  readonly origin: "config" | "state" | "plan";
  readonly constructPath?: string;
  readonly provider?: string;
}

export type VolumeKind = "ephemeral" | "persistent" | "shared";
/** How the kind was learned: stated in config, from the shared anchor, from several attachments, or the default. */
export type KindSource = "config-key" | "generation-anchor" | "attachments" | "default";

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
}

/** The views of every managed resource of a synthesized stack. */
export function viewsFromStack(stack: SynthesizedStack): ResourceView[] {
  return stack.resources.map((r) => ({
    address: r.address,
    type: r.type,
    attributes: r.attributes,
    preventDestroy: r.preventDestroy,
    replaceTriggeredBy: r.replaceTriggeredBy,
    dependsOn: r.dependsOn,
    origin: "config",
    constructPath: r.constructPath,
    provider: r.provider,
  }));
}

/** The name a value stands for: a literal, or the literal `name` of the resource it references. */
export function literalName(views: ReadonlyMap<string, ResourceView>, value: unknown): string | undefined {
  if (isLiteralString(value)) return value;
  const ref = soleReference(value);
  if (ref === undefined || ref.attribute !== "name") return undefined;
  const name = views.get(ref.address)?.attributes.name;
  return isLiteralString(name) ? name : undefined;
}

/** terraform_data anchors a resource is replaced with: from replace_triggered_by, or (state) from depends_on. */
function anchorsOf(view: ResourceView): string[] {
  const named = view.origin === "config" ? view.replaceTriggeredBy : view.dependsOn;
  return named.filter((address) => familyOf(address.split(".")[0]) === "anchor");
}

export function buildCouplingModel(viewList: readonly ResourceView[]): CouplingModel {
  const views = new Map(viewList.map((v) => [v.address, v]));
  const volumeViews = viewList.filter((v) => familyOf(v.type) === "volume");
  const instanceViews = viewList.filter((v) => familyOf(v.type) === "instance");
  const findVolume = volumeFinder(views, volumeViews);

  const attachments: AttachmentModel[] = [];
  const shareableDisks = new Set<string>();
  const instances = new Map<string, InstanceModel>();
  for (const view of instanceViews) {
    const own: AttachmentModel[] = [];
    const rootPools: string[] = [];
    const sources: { disk: DiskUse; viaProfile?: string }[] = diskUsesOf(view.type, view.attributes).map((disk) => ({ disk }));
    for (const profile of profilesOf(view.type, view.attributes)) {
      const profileView = profileViewFor(views, profile);
      if (profileView === undefined) continue;
      for (const disk of diskUsesOf(profileView.type, profileView.attributes)) sources.push({ disk, viaProfile: profileView.address });
    }
    for (const { disk, viaProfile } of sources) {
      if (disk.rootDisk) {
        const pool = referencedAddresses(disk.pool)[0] ?? literalName(views, disk.pool);
        if (pool !== undefined && !rootPools.includes(pool)) rootPools.push(pool);
        continue;
      }
      const volume = findVolume(disk);
      if (volume === undefined) continue;
      if (disk.shareable) shareableDisks.add(volume);
      own.push({
        instance: view.address,
        volume,
        path: disk.path,
        rebuildOnChange: view.origin === "config" && view.replaceTriggeredBy.includes(volume),
        viaProfile,
      });
    }
    attachments.push(...own);
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
        const name = nic.references.find((a) => familyOf(a.split(".")[0]) === "network") ?? literalName(views, nic.network);
        return name === undefined ? [] : [name];
      }),
      rootPools,
      origin: view.origin,
    });
  }

  const volumes = new Map<string, VolumeModel>();
  for (const view of volumeViews) {
    const attachedTo = [...new Set(attachments.filter((a) => a.volume === view.address).map((a) => a.instance))].sort();
    volumes.set(view.address, volumeModel(views, view, attachedTo, [...instances.values()], shareableDisks.has(view.address)));
  }
  return { views, volumes, instances };
}

function volumeModel(
  views: ReadonlyMap<string, ResourceView>,
  view: ResourceView,
  attachedTo: string[],
  instances: InstanceModel[],
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
  const stated = configValue(view.attributes, LIFECYCLE_CONFIG_KEY)?.toLowerCase();
  const anchors = anchorsOf(view);
  // Prefer an instance that actually attaches the volume; the anchor alone is enough when attachments are unknown.
  const owners = instances.filter((i) => i.anchors.some((a) => anchors.includes(a)));
  const owner = owners.find((i) => attachedTo.includes(i.address)) ?? owners[0];
  if (stated === "ephemeral" || stated === "persistent" || stated === "shared") {
    return { ...base, kind: stated, kindSource: "config-key", protected: protectedFlag, owner: stated === "ephemeral" ? (owner?.address ?? attachedTo[0]) : undefined };
  }
  if (owner !== undefined) return { ...base, kind: "ephemeral", kindSource: "generation-anchor", protected: protectedFlag, owner: owner.address };
  if (attachedTo.length > 1 || shareable || configValue(view.attributes, "security.shared") === "true") {
    return { ...base, kind: "shared", kindSource: "attachments", protected: protectedFlag };
  }
  return { ...base, kind: "persistent", kindSource: "default", protected: protectedFlag };
}

/** The volume a disk uses: by a direct reference, else by (name, pool) among the volumes of the model. */
export function volumeOfDisk(views: ReadonlyMap<string, ResourceView>, disk: DiskUse): string | undefined {
  return volumeFinder(views, [...views.values()].filter((v) => familyOf(v.type) === "volume"))(disk);
}

function volumeFinder(
  views: ReadonlyMap<string, ResourceView>,
  volumeViews: readonly ResourceView[],
): (disk: DiskUse) => string | undefined {
  return (disk) => {
    const direct = disk.references.find((address) => volumeViews.some((v) => v.address === address));
    if (direct !== undefined) return direct;
    const name = literalName(views, disk.volume);
    if (name === undefined) return undefined;
    const pool = literalName(views, disk.pool);
    // libvirt disks may name the volume's file path (state values carry the computed `path`).
    const byPath = volumeViews.filter((v) => name.startsWith("/") && v.attributes.path === name);
    if (byPath.length === 1) return byPath[0].address;
    const byName = volumeViews.filter((v) => literalName(views, v.attributes.name) === name);
    const samePool = byName.filter((v) => pool !== undefined && literalName(views, v.attributes.pool) === pool);
    if (samePool.length === 1) return samePool[0].address;
    return byName.length === 1 ? byName[0].address : undefined;
  };
}

function profileViewFor(views: ReadonlyMap<string, ResourceView>, profile: unknown): ResourceView | undefined {
  const ref = referencedAddresses(profile).find((a) => familyOf(a.split(".")[0]) === "profile");
  if (ref !== undefined) return views.get(ref);
  const name = literalName(views, profile);
  return [...views.values()].find((v) => familyOf(v.type) === "profile" && literalName(views, v.attributes.name) === name);
}

function displayName(views: ReadonlyMap<string, ResourceView>, view: ResourceView): string {
  return literalName(views, view.attributes.name) ?? view.address.slice(view.type.length + 1);
}
