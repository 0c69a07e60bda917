// What a volume leaves behind, as the synthesized stack records it: the copies kept when it is removed (removal
// policy SNAPSHOT: a final copy), the released volume RETAIN leaves on the host, the snapshots taken before an
// instance using it is rebuilt (Incus: the volume's config key; libvirt: the domain's metadata), a released volume it
// adopts on create, and the snapshots the stack manages. Each becomes a node next to the volume, with an edge to it.
import {
  ADOPT_CONFIG_KEY,
  decodeRebuildSnapshotsXml,
  finalCopyPattern,
  isReleased,
  rebuildSnapshotPrefix,
  releasedBy,
} from "../../records";
import type { RebuildSnapshotRequest, RemovalPolicyName } from "../../records";
import type { CouplingModel, VolumeModel } from "../stack/coupling";
import { recordedRebuildSnapshots } from "../stack/removal-policy";
import { configValue } from "../stack/resource-kinds";
import { referencedAddresses } from "../stack/references";
import { displayName, literalName } from "../stack/resource-view";
import type { GraphEdge, GraphNode } from "./graph-elements";

/** The placeholder for the time stamp in names the providers make up when they act (final copies, snapshots). */
const STAMP = "<time>";

/** Snapshots a volume gets before each instance using it is rebuilt: instance address → how many are kept. */
export type RebuildSnapshotRequests = ReadonlyMap<string, ReadonlyMap<string, number>>;

/**
 * The rebuild-snapshot requests of the stack, by volume address. Incus volumes carry the count (it holds for every
 * instance using the volume); a libvirt domain names the volumes it wants copied in its metadata.
 */
export function rebuildSnapshotRequests(model: CouplingModel): RebuildSnapshotRequests {
  const requests = new Map<string, Map<string, number>>();
  const add = (volume: string, instance: string, keep: number) =>
    requests.set(volume, (requests.get(volume) ?? new Map()).set(instance, keep));
  for (const volume of model.volumes.values()) {
    const keep = recordedRebuildSnapshots(volume.type, model.views.get(volume.address)!.attributes);
    if (typeof keep === "number") for (const instance of volume.attachedTo) add(volume.address, instance, keep);
  }
  for (const instance of model.instances.values()) {
    if (instance.type !== "libvirt_domain") continue;
    for (const request of libvirtRequests(model.views.get(instance.address)!.attributes.metadata)) {
      const volume = model.volumeOf({
        volume: request.volume,
        pool: request.pool,
        references: referencedAddresses([request.volume, request.pool]),
        rootDisk: false,
        shareable: false,
      });
      if (volume !== undefined) add(volume, instance.address, request.keep);
    }
  }
  return requests;
}

/** The requests in a domain's metadata XML (lib/records/rebuild-snapshot.ts). */
function libvirtRequests(metadata: unknown): RebuildSnapshotRequest[] {
  const xml = typeof metadata === "object" && metadata !== null ? (metadata as { xml?: unknown }).xml : undefined;
  return typeof xml === "string" ? decodeRebuildSnapshotsXml(xml) : [];
}

/** Where the outcome nodes of a volume go: the volume's host and project. */
export interface VolumePlace {
  readonly host?: string;
  readonly project?: string;
}

/** The nodes and edges for what one volume leaves behind. */
export function volumeOutcomes(
  model: CouplingModel,
  volume: VolumeModel,
  policy: RemovalPolicyName | "unknown",
  rebuilds: ReadonlyMap<string, number> | undefined,
  place: VolumePlace,
): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const outcome = (id: string, kind: "snapshot" | "released", label: string, notes: string[], edge: GraphEdge) => {
    nodes.push({ id, kind, label, notes, ...place });
    edges.push(edge);
  };
  const from = volume.address;
  if (policy === "snapshot") {
    const id = `final-copy:${from}`;
    outcome(id, "snapshot", finalCopyPattern(volume.name, STAMP), ["final copy, kept when the volume is removed"], {
      from,
      to: id,
      kind: "final-copy",
    });
  }
  if (policy === "retain") {
    const id = `released:${from}`;
    outcome(id, "released", volume.name, ["released on removal: stays on the host"], {
      from,
      to: id,
      kind: "released",
    });
  }
  for (const [instance, keep] of rebuilds ?? []) {
    const id = `rebuild-snapshots:${from}:${instance}`;
    const instanceName = model.instances.get(instance)?.name ?? instance;
    outcome(
      id,
      "snapshot",
      `${rebuildSnapshotPrefix(instanceName)}${STAMP}`,
      [`snapshots before a rebuild, the last ${keep} kept`],
      {
        from,
        to: id,
        kind: "rebuild-snapshots",
        label: `before ${instanceName} is rebuilt`,
      },
    );
  }
  const view = model.views.get(from)!;
  const adopt =
    configValue(view.attributes, ADOPT_CONFIG_KEY) ??
    (typeof view.attributes.adopt === "string" ? view.attributes.adopt : undefined);
  if (adopt !== undefined && adopt !== "") {
    const id = `adopted:${from}`;
    const owner = isReleased(adopt) ? releasedBy(adopt) : undefined;
    outcome(
      id,
      "released",
      volume.name,
      [owner ? `released by ${owner}, adopted on create` : "any released volume of this name, adopted on create"],
      {
        from: id,
        to: from,
        kind: "adopts",
      },
    );
  }
  return { nodes, edges };
}

/** Snapshots the stack manages (incus_storage_volume_snapshot), each next to its volume. */
export function managedSnapshots(model: CouplingModel): { snapshot: string; label: string; volume?: string }[] {
  return [...model.views.values()]
    .filter((view) => view.type === "incus_storage_volume_snapshot")
    .map((view) => {
      const volume = referencedAddresses(view.attributes.volume).find((a) => model.volumes.has(a));
      const volumeName =
        volume !== undefined
          ? model.volumes.get(volume)!.name
          : (literalName(model.views, view.attributes.volume) ?? "?");
      return { snapshot: view.address, label: `${volumeName}/${displayName(model.views, view)}`, volume };
    });
}
