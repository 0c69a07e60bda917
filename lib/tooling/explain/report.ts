// The explain report: per instance, what happens to it and why, and what happens to each volume attached to it
// (ephemeral volumes go with it and lose their data; persistent and shared ones are detached and re-attached);
// then the volumes and other resources that change on their own, and everything that would be deleted.
import { INCUS_DELETE_PROTECTION_KEY } from "../../records";
import { isObject } from "../common/json";
import type { CliRemoteLookup } from "../stack/incus-cli-remotes";
import type { CouplingModel, InstanceModel, VolumeKind, VolumeModel, KindSource } from "../stack/coupling";
import { recordedAdopt } from "../stack/removal-policy";
import { DATA_BEARING_TYPES, diskUsesOf, familyOf, OBJECT_NOUNS } from "../stack/resource-kinds";
import { CauseAnalyzer, toResourceChange } from "./changes";
import type { Cause, ChangeKind, ResourceChange } from "./changes";
import type { PlanJson } from "./plan-json";
import { managedChanges, priorStateResources } from "./plan-json";
import { containerDeletions } from "./containers";
import type { ContainerDeletion } from "./containers";
import { libvirtRebuildCopyOf, plannedRemovals, rebuildSnapshotOf } from "./removal";
import type { RebuildSnapshotReport, RemovalReport } from "./removal";
import { inPlaceRebuildOf } from "./rebuild-in-place";
import { volumeEffect } from "./volume-effects";
import type { VolumeEffect } from "./volume-effects";

export type { VolumeEffect } from "./volume-effects";
export type { RebuildSnapshotReport, RemovalReport } from "./removal";
export type { ContainerDeletion, HeldVolume } from "./containers";

export interface AttachedVolumeReport {
  readonly address: string;
  readonly name: string;
  readonly kind: VolumeKind;
  readonly action: ChangeKind;
  readonly effect: VolumeEffect;
  readonly dataDestroyed: boolean;
  /** Mount path (Incus) or target device (libvirt). */
  readonly path?: string;
  readonly rebuildOnChange: boolean;
  /** For a volume deleted or replaced: what its removal policy (read from the state) makes of it. */
  readonly removal?: RemovalReport;
  /** For a kept volume whose instance is deleted or replaced: the snapshot the provider takes first. */
  readonly rebuildSnapshot?: RebuildSnapshotReport;
  readonly text: string;
}

export interface InstanceReport {
  readonly address: string;
  readonly name: string;
  readonly type: string;
  readonly action: ChangeKind;
  /** For an update the provider carries out as a rebuild in place: what makes it one ("image", "cloud-init data"). */
  readonly rebuiltInPlace?: string;
  readonly protected: boolean;
  readonly protectionSource?: string;
  readonly causes: readonly Cause[];
  readonly volumes: readonly AttachedVolumeReport[];
  readonly warnings: readonly string[];
}

export interface VolumeReport {
  readonly address: string;
  readonly name: string;
  readonly pool?: string;
  readonly kind: VolumeKind;
  readonly kindSource: KindSource;
  readonly protected: boolean;
  readonly action: ChangeKind;
  readonly causes: readonly Cause[];
  readonly attachedTo: readonly string[];
  readonly dataDestroyed: boolean;
  /** For a delete or replacement: what its removal policy (read from the state) makes of it. */
  readonly removal?: RemovalReport;
  /** Where the volume was described: the configuration, or only the prior state / plan (removed from the code). */
  readonly origin: VolumeModel["origin"];
  /** For a create: the adopt value its configuration sets; the create takes over the released volume of its name. */
  readonly adopts?: string;
}

export interface OtherReport {
  readonly address: string;
  readonly type: string;
  readonly action: ChangeKind;
  readonly causes: readonly Cause[];
}

export interface DeletionReport {
  readonly address: string;
  readonly type: string;
  /** "ephemeral volume \"scratch\"", "instance \"db\"", "incus_network.lan". */
  readonly description: string;
  /** Destroyed as part of a replacement (a new object takes its place). */
  readonly replaced: boolean;
  readonly dataDestroyed: boolean;
  /** For a volume: what its removal policy makes of the delete. */
  readonly removal?: RemovalReport;
  /** For a project or pool: the stack's volumes in it whose policy keeps data, and what the delete does to them. */
  readonly container?: ContainerDeletion;
}

export type ActionCounts = { readonly [action in ChangeKind]?: number };

export interface ExplainReport {
  readonly formatVersion: 1;
  readonly terraformVersion?: string;
  /** Where the lifecycle of volumes came from: the stack's cdk.tf.json, or only the plan's own values. */
  readonly lifecycleFrom: "configuration" | "plan";
  /** False when terraform reported errors while planning: the plan is not the whole story. */
  readonly complete: boolean;
  readonly summary: {
    readonly instances: ActionCounts;
    readonly volumes: ActionCounts;
    readonly others: ActionCounts;
    /** Volumes whose data is destroyed (deleted or replaced). */
    readonly volumesLosingData: number;
    /** Volumes deleted or replaced whose data their removal policy keeps (retain: on the host; snapshot: a final copy). */
    readonly volumesKeptByPolicy: number;
    /** Projects deleted with force_destroy while they hold volumes whose removal policy keeps data. */
    readonly containersTakingKeptData: number;
    readonly deletions: number;
  };
  readonly instances: readonly InstanceReport[];
  readonly volumes: readonly VolumeReport[];
  readonly others: readonly OtherReport[];
  readonly deletions: readonly DeletionReport[];
  readonly warnings: readonly string[];
}

const NO_CHANGE = new Set<ChangeKind>(["no-op", "read"]);

export interface ExplainOptions {
  /** The libvirt provider's connection URI, for restore commands. @default qemu:///system */
  readonly libvirtUri?: string;
  /** How the incus client names each provider remote, for restore commands. @default the provider's remote names */
  readonly incusRemote?: CliRemoteLookup;
}

type Values = { readonly [key: string]: unknown };

export function buildExplainReport(
  plan: PlanJson,
  model: CouplingModel,
  lifecycleFrom: ExplainReport["lifecycleFrom"],
  options: ExplainOptions = {},
): ExplainReport {
  const changes = new Map(managedChanges(plan).map((c) => [c.address, toResourceChange(c)]));
  const prior = new Map(priorStateResources(plan).map((r) => [r.address, r.values]));
  /** An object's values in state: the plan's before values, else the prior state. */
  const stateOf = (address: string): Values | undefined => {
    const before = changes.get(address)?.plan.change.before;
    return isObject(before) ? before : prior.get(address);
  };
  const removals = plannedRemovals(model, changes, stateOf, {
    libvirtUri: options.libvirtUri,
    incusRemote: options.incusRemote,
  });
  const analyzer = new CauseAnalyzer(changes, model);
  const context: ReportContext = { model, changes, analyzer, removals, stateOf };
  const actionOf = (address: string): ChangeKind => changes.get(address)?.kind ?? "no-op";
  const anchors = new Set([...model.instances.values()].flatMap((i) => i.anchors));
  const warnings: string[] = [];

  const instances: InstanceReport[] = [];
  for (const instance of model.instances.values()) {
    const report = instanceReport(instance, context);
    if (!NO_CHANGE.has(report.action) || report.volumes.length > 0) {
      instances.push(report);
      warnings.push(...report.warnings);
    }
  }
  instances.sort((a, b) => a.address.localeCompare(b.address));

  const affected = new Set(instances.flatMap((i) => i.volumes.map((v) => v.address)));
  const volumes: VolumeReport[] = [...model.volumes.values()]
    .filter((v) => !NO_CHANGE.has(actionOf(v.address)) || affected.has(v.address))
    .map((v) =>
      volumeReport(
        v,
        actionOf(v.address),
        analyzer.causesOf(v.address),
        removals.get(v.address),
        adoptOf(v, changes, model),
      ),
    )
    .sort((a, b) => a.address.localeCompare(b.address));

  const others: OtherReport[] = [...changes.values()]
    .filter(
      (c) =>
        !NO_CHANGE.has(c.kind) &&
        !model.instances.has(c.address) &&
        !model.volumes.has(c.address) &&
        !anchors.has(c.address),
    )
    .map((c) => ({ address: c.address, type: c.type, action: c.kind, causes: analyzer.causesOf(c.address) }));

  const containers = containerDeletions(model, changes, stateOf);
  const deletions: DeletionReport[] = [...changes.values()]
    .filter((c) => (c.kind === "delete" || c.kind === "replace") && !anchors.has(c.address))
    .map((c) => deletionReport(c, model, removals.get(c.address), containers.get(c.address)));

  if (plan.errored === true || plan.complete === false) {
    warnings.push("terraform reported errors while planning: this plan is incomplete and cannot be applied as it is");
  }
  if (lifecycleFrom === "plan") {
    warnings.push(
      "no cdk.tf.json was found next to the plan: volume lifecycles are inferred from the plan alone " +
        "(pass --config <stack>/cdk.tf.json for exact answers)",
    );
  }
  return {
    formatVersion: 1,
    terraformVersion: plan.terraform_version,
    lifecycleFrom,
    complete: !(plan.errored === true || plan.complete === false),
    summary: {
      instances: countActions(instances.map((i) => i.action)),
      volumes: countActions(volumes.map((v) => v.action)),
      others: countActions(others.map((o) => o.action)),
      volumesLosingData: volumes.filter((v) => v.dataDestroyed).length,
      volumesKeptByPolicy: volumes.filter((v) => v.removal?.outcome === "kept" || v.removal?.outcome === "final-copy")
        .length,
      containersTakingKeptData: [...containers.values()].filter((c) => c.dataDestroyed).length,
      deletions: deletions.length,
    },
    instances,
    volumes,
    others,
    deletions,
    warnings,
  };
}

interface ReportContext {
  readonly model: CouplingModel;
  readonly changes: ReadonlyMap<string, ResourceChange>;
  readonly analyzer: CauseAnalyzer;
  readonly removals: ReadonlyMap<string, RemovalReport>;
  readonly stateOf: (address: string) => Values | undefined;
}

function instanceReport(instance: InstanceModel, context: ReportContext): InstanceReport {
  const { model, changes, analyzer, removals, stateOf } = context;
  const change = changes.get(instance.address);
  const action = change?.kind ?? "no-op";
  const rebuiltInPlace = inPlaceRebuildOf(change);
  const before = attachedVolumes(instance.type, change?.plan.change.before, model);
  const after = new Set(instance.attachments.map((a) => a.volume));
  const addresses = [...new Set([...after, ...before.keys()])].sort();
  const warnings: string[] = [];
  const volumes = addresses.flatMap((address): AttachedVolumeReport[] => {
    const volume = model.volumes.get(address);
    if (volume === undefined) return [];
    const attachment = instance.attachments.find((a) => a.volume === address);
    const volumeAction = changes.get(address)?.kind ?? "no-op";
    const effect = volumeEffect({
      kind: volume.kind,
      volumeAction,
      instanceAction: action,
      attachedBefore: change !== undefined && change.plan.change.before !== null ? before.has(address) : false,
      attachedAfter: after.has(address),
      ownedByThisInstance: volume.owner === instance.address,
    });
    const removal = removals.get(address);
    // A retained volume is not deleted: the instance's update detaches it, and nothing is in use.
    if (
      volumeAction === "delete" &&
      (action === "update" || action === "no-op") &&
      before.has(address) &&
      removal?.outcome !== "kept"
    ) {
      // Terraform orders the volume's destroy before the instance's update that detaches it.
      warnings.push(
        `${address} is deleted while ${instance.address} still has it attached: terraform deletes the volume before ` +
          `it updates the instance, so the bundled provider first detaches it from the running instance when both carry ` +
          `owner markers of the same stack (${
            volume.type.startsWith("incus_")
              ? "the disk device is removed live"
              : "the disk is hot-unplugged, or the domain restarted once without it"
          }); ` +
          `any other user of the volume stops the delete. To do it in two steps instead, remove the attach() and deploy, then remove the volume.`,
      );
    }
    if (
      volume.kind === "ephemeral" &&
      volume.owner === instance.address &&
      action === "replace" &&
      volumeAction !== "replace" &&
      volumeAction !== "create"
    ) {
      warnings.push(
        `${instance.address} is replaced but its ephemeral volume ${address} is not: the new instance would get the old ` +
          `data. Check that both name the same generation anchor in replace_triggered_by.`,
      );
    }
    // A policy other than destroy changes what the delete does to the data; destroy keeps the lifecycle's words.
    const byPolicy = removal !== undefined && removal.policy !== "destroy";
    // A rebuild in place takes the same snapshots as a replacement, of the volumes that stay attached.
    const rebuildSnapshot =
      ((action === "delete" || action === "replace") &&
        removal === undefined &&
        (effect.effect === "detached-reattached" || effect.effect === "detached-kept")) ||
      (rebuiltInPlace !== undefined && (effect.effect === "kept-attached" || effect.effect === "updated"))
        ? volume.type === "libvirt_volume"
          ? libvirtRebuildCopyOf(
              change?.plan.change.before as { [key: string]: unknown } | null | undefined,
              stateOf(address),
              action === "delete" ? "delete" : "replace",
            )
          : rebuildSnapshotOf(
              volume.type,
              stateOf(address),
              instanceNameInState(change, instance.name),
              action === "delete" ? "delete" : "replace",
            )
        : undefined;
    const text = byPolicy ? `removal policy ${removal.policy}: ${removal.text}` : effect.text;
    return [
      {
        address,
        name: volume.name,
        kind: volume.kind,
        action: volumeAction,
        effect: effect.effect,
        dataDestroyed: byPolicy ? removal.dataDestroyed : effect.dataDestroyed,
        path: attachment?.path ?? before.get(address),
        rebuildOnChange: attachment?.rebuildOnChange ?? false,
        ...(removal !== undefined ? { removal } : {}),
        ...(rebuildSnapshot !== undefined ? { rebuildSnapshot } : {}),
        text: rebuildSnapshot !== undefined ? `${text}; ${rebuildSnapshot.text}` : text,
      },
    ];
  });
  return {
    address: instance.address,
    name: instance.name,
    type: instance.type,
    action,
    ...(rebuiltInPlace !== undefined ? { rebuiltInPlace } : {}),
    // An untouched instance is listed for the volumes that change under it; the others are noise there.
    volumes: volumes.filter((v) => v.effect !== "unchanged"),
    protected: instance.protected || wasProtected(change),
    protectionSource:
      instance.protectionSource ?? (wasProtected(change) ? "security.protection.delete (in state)" : undefined),
    causes: analyzer.causesOf(instance.address),
    warnings,
  };
}

/** Volumes an instance's plan values (before or after) attach, by address, with their mount path or device. */
function attachedVolumes(type: string, values: unknown, model: CouplingModel): Map<string, string | undefined> {
  const found = new Map<string, string | undefined>();
  if (typeof values !== "object" || values === null) return found;
  for (const disk of diskUsesOf(type, values as { [key: string]: unknown })) {
    const address = disk.rootDisk ? undefined : model.volumeOf(disk);
    if (address !== undefined) found.set(address, disk.path);
  }
  return found;
}

/** The instance's name as the provider will delete it (the state's), which names its rebuild snapshots. */
function instanceNameInState(change: ResourceChange | undefined, fallback: string): string {
  const name = (change?.plan.change.before as { name?: unknown } | null | undefined)?.name;
  return typeof name === "string" ? name : fallback;
}

/** Incus delete protection recorded in the prior state (it survives removing the instance from the code). */
function wasProtected(change: ResourceChange | undefined): boolean {
  const before = change?.plan.change.before as { config?: { [key: string]: unknown } } | null | undefined;
  return before?.config?.[INCUS_DELETE_PROTECTION_KEY] === "true";
}

/** The adopt value of a volume the plan creates, from its planned values or its configuration. */
function adoptOf(
  volume: VolumeModel,
  changes: ReadonlyMap<string, ResourceChange>,
  model: CouplingModel,
): string | undefined {
  const change = changes.get(volume.address);
  if (change?.kind !== "create" && change?.kind !== "replace") return undefined;
  const after = change.plan.change.after;
  const planned = isObject(after) ? recordedAdopt(volume.type, after) : undefined;
  return planned ?? recordedAdopt(volume.type, model.views.get(volume.address)?.attributes ?? {});
}

function volumeReport(
  volume: VolumeModel,
  action: ChangeKind,
  causes: Cause[],
  removal: RemovalReport | undefined,
  adopts: string | undefined,
): VolumeReport {
  return {
    address: volume.address,
    name: volume.name,
    pool: volume.pool,
    kind: volume.kind,
    kindSource: volume.kindSource,
    protected: volume.protected,
    action,
    causes,
    attachedTo: volume.attachedTo,
    dataDestroyed: removal?.dataDestroyed ?? false,
    ...(removal !== undefined ? { removal } : {}),
    origin: volume.origin,
    ...(adopts !== undefined ? { adopts } : {}),
  };
}

function deletionReport(
  change: ResourceChange,
  model: CouplingModel,
  removal: RemovalReport | undefined,
  container: ContainerDeletion | undefined,
): DeletionReport {
  const volume = model.volumes.get(change.address);
  const instance = model.instances.get(change.address);
  const family = familyOf(change.type);
  const name = (change.plan.change.before as { name?: unknown } | null)?.name;
  const listenAddress = (change.plan.change.before as { listen_address?: unknown } | null)?.listen_address;
  const description = volume
    ? `${volume.kind} volume "${volume.name}"`
    : container
      ? `${container.noun} "${container.name}"${container.forced ? " (force_destroy)" : ""}`
      : instance
        ? `instance "${instance.name}"`
        : OBJECT_NOUNS[change.type] !== undefined
          ? `${OBJECT_NOUNS[change.type]} "${typeof name === "string" ? name : String(listenAddress ?? change.address)}"`
          : (family === "pool" || family === "network" || family === "profile" || family === "acl") &&
              typeof name === "string"
            ? `${family === "pool" ? "storage pool" : family === "acl" ? "network ACL" : family} "${name}"`
            : family === "forward" && typeof listenAddress === "string"
              ? `network forward "${listenAddress}"`
              : change.type;
  return {
    address: change.address,
    type: change.type,
    description,
    replaced: change.kind === "replace",
    dataDestroyed:
      (volume !== undefined && (removal?.dataDestroyed ?? true)) ||
      container?.dataDestroyed === true ||
      DATA_BEARING_TYPES.has(change.type),
    ...(removal !== undefined ? { removal } : {}),
    ...(container !== undefined ? { container } : {}),
  };
}

function countActions(actions: readonly ChangeKind[]): ActionCounts {
  const counts: { [action: string]: number } = {};
  for (const action of actions) if (!NO_CHANGE.has(action)) counts[action] = (counts[action] ?? 0) + 1;
  return counts;
}
