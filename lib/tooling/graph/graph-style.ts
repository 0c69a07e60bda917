// The picture's visual vocabulary in one place: a shape per object kind, a fill colour per volume lifecycle, a border
// per removal policy, a line per edge kind, each with the sentence the legend shows. The DOT renderer and the HTML
// legend both read these tables, so the legend always says what the picture draws.
import type { RemovalPolicyName } from "../../records";
import type { VolumeKind } from "../stack/coupling";
import type { GraphEdgeKind, GraphNodeKind } from "./graph-model";

export type LineStyle = "solid" | "dashed" | "dotted" | "bold";

export interface NodeStyle {
  /** Graphviz shape. */
  readonly shape: string;
  readonly fill: string;
  readonly border: string;
  readonly line: LineStyle;
  readonly meaning: string;
}

export interface EdgeStyle {
  readonly color: string;
  readonly line: LineStyle;
  readonly arrow: boolean;
  readonly meaning: string;
}

export interface BorderStyle {
  readonly color: string;
  readonly width: number;
  readonly line: LineStyle;
  readonly meaning: string;
}

export const NODE_STYLES: { readonly [kind in GraphNodeKind]: NodeStyle } = {
  host: {
    shape: "box",
    fill: "#f4f6f7",
    border: "#566573",
    line: "solid",
    meaning: "a host: an Incus remote or a libvirt connection (the box around its objects)",
  },
  project: {
    shape: "box",
    fill: "#fdfefe",
    border: "#85929e",
    line: "dashed",
    meaning: "an Incus project (the dashed box around its objects)",
  },
  pool: { shape: "folder", fill: "#fef9e7", border: "#7d6608", line: "solid", meaning: "a storage pool" },
  volume: {
    shape: "cylinder",
    fill: "#ffffff",
    border: "#7b7d7d",
    line: "solid",
    meaning: "a storage volume (fill: lifecycle, border: removal policy)",
  },
  instance: {
    shape: "box3d",
    fill: "#ebf5fb",
    border: "#1b4f72",
    line: "solid",
    meaning: "an instance: container or virtual machine",
  },
  network: { shape: "hexagon", fill: "#f5eef8", border: "#5b2c6f", line: "solid", meaning: "a network" },
  acl: { shape: "octagon", fill: "#fdedec", border: "#922b21", line: "solid", meaning: "a network ACL" },
  forward: {
    shape: "cds",
    fill: "#eafaf1",
    border: "#1e8449",
    line: "solid",
    meaning: "a network forward or load balancer: a listen address whose ports go to instances",
  },
  zone: { shape: "tab", fill: "#f4f6f7", border: "#566573", line: "solid", meaning: "a DNS zone the host serves" },
  bucket: {
    shape: "cylinder",
    fill: "#fef5e7",
    border: "#9c640c",
    line: "solid",
    meaning: "a storage bucket: S3 objects kept in a pool (data)",
  },
  snapshot: {
    shape: "note",
    fill: "#fbeee6",
    border: "#6c3483",
    line: "solid",
    meaning: "a kept copy: a snapshot, a final copy or the snapshots taken before a rebuild",
  },
  released: {
    shape: "cylinder",
    fill: "#fdebd0",
    border: "#d35400",
    line: "dashed",
    meaning: "a released volume: left on the host, no longer managed (adoptable)",
  },
};

/** A volume's fill colour says how it lives with its instance. */
export const LIFECYCLE_FILLS: { readonly [kind in VolumeKind]: { readonly fill: string; readonly meaning: string } } = {
  ephemeral: { fill: "#fadbd8", meaning: "ephemeral: created and destroyed with its one instance" },
  persistent: { fill: "#d5f5e3", meaning: "persistent: kept and re-attached when its instance is rebuilt" },
  shared: { fill: "#d6eaf8", meaning: "shared: attached to several instances, kept when they are rebuilt" },
};

/** A volume's border says what happens when it is removed from the code or the stack is destroyed. */
export const REMOVAL_BORDERS: { readonly [policy in RemovalPolicyName | "unknown"]: BorderStyle } = {
  protect: {
    color: "#17202a",
    width: 3,
    line: "solid",
    meaning: "protect: never deleted; terraform refuses a plan that would",
  },
  retain: {
    color: "#d35400",
    width: 3,
    line: "solid",
    meaning: "retain: dropped from the state, left on the host as a released volume",
  },
  snapshot: {
    color: "#6c3483",
    width: 3,
    line: "solid",
    meaning: "snapshot: a final copy is kept, then the volume is deleted",
  },
  destroy: { color: "#7b7d7d", width: 1, line: "solid", meaning: "destroy: deleted with its data" },
  unknown: {
    color: "#e74c3c",
    width: 3,
    line: "dashed",
    meaning: "unknown policy value: the provider refuses to delete the volume",
  },
};

export const EDGE_STYLES: { readonly [kind in GraphEdgeKind]: EdgeStyle } = {
  contains: { color: "#7b7d7d", line: "dotted", arrow: false, meaning: "the pool holds the volume" },
  ephemeral: {
    color: "#c0392b",
    line: "dashed",
    arrow: true,
    meaning: "an ephemeral volume attached (rebuilt with the instance)",
  },
  persistent: {
    color: "#1e8449",
    line: "solid",
    arrow: true,
    meaning: "a persistent volume attached (kept across rebuilds)",
  },
  shared: { color: "#2471a3", line: "solid", arrow: true, meaning: "a shared volume attached" },
  rebuildOnChange: {
    color: "#7d3c98",
    line: "bold",
    arrow: true,
    meaning: "rebuildOnChange: a change of the volume rebuilds the instance",
  },
  network: { color: "#5b2c6f", line: "solid", arrow: false, meaning: "connected to the network" },
  acl: { color: "#922b21", line: "dashed", arrow: true, meaning: "the ACL applies to the network or instance" },
  forward: { color: "#1e8449", line: "solid", arrow: true, meaning: "the forward sends ports to the instance" },
  "root-disk": { color: "#515a5a", line: "dashed", arrow: true, meaning: "the instance's root disk is on this pool" },
  backing: { color: "#515a5a", line: "dashed", arrow: true, meaning: "copy-on-write overlay of a base volume" },
  snapshot: { color: "#6c3483", line: "dotted", arrow: true, meaning: "a snapshot the stack manages" },
  "final-copy": { color: "#6c3483", line: "dashed", arrow: true, meaning: "on removal: the final copy that is kept" },
  "rebuild-snapshots": {
    color: "#6c3483",
    line: "dashed",
    arrow: true,
    meaning: "before the instance is rebuilt: a snapshot, the last N kept",
  },
  released: {
    color: "#d35400",
    line: "dashed",
    arrow: true,
    meaning: "on removal: left on the host as a released volume",
  },
  adopts: {
    color: "#d35400",
    line: "bold",
    arrow: true,
    meaning: "on create: a released volume of this name is adopted",
  },
};

/** The Graphviz `style` words for a line. */
export function dotLineStyle(line: LineStyle): string {
  return line === "bold" ? "bold" : line;
}
