// The nodes and edges of a stack's picture (graph-model.ts builds them; volume-outcomes.ts adds what volumes leave
// behind): their own file so both can name them without importing each other.
import type { LifecycleKindName, RemovalPolicyName } from "../../records";
import type { VolumeKind } from "../stack/coupling";

/** `snapshot`: a snapshot or copy of a volume (managed, final copy, before a rebuild); `released`: a released volume. */
export type GraphNodeKind =
  | "host"
  | "project"
  | "pool"
  | "volume"
  | "instance"
  | "network"
  | "acl"
  | "forward"
  | "zone"
  | "bucket"
  | "snapshot"
  | "released";
export type GraphEdgeKind =
  | "contains"
  | LifecycleKindName
  | "rebuildOnChange"
  | "network"
  | "acl"
  | "forward"
  | "root-disk"
  | "backing"
  | "snapshot"
  | "final-copy"
  | "rebuild-snapshots"
  | "released"
  | "adopts";

export interface GraphNode {
  /** The resource address, or "host:…" / "pool:…" / "network:…" for objects the stack does not manage. */
  readonly id: string;
  readonly kind: GraphNodeKind;
  /** The object's name on the host (or the host's description). */
  readonly label: string;
  /** Extra facts: the lifecycle kind of a volume, "protected", "not managed by this stack". */
  readonly notes: readonly string[];
  /** The host node this object lives on (none for hosts). */
  readonly host?: string;
  /** The Incus project node this object lives in (none for the default project). */
  readonly project?: string;
  /** Terraform address, for managed resources. */
  readonly address?: string;
  /** Volumes: the lifecycle kind. */
  readonly lifecycle?: VolumeKind;
  /** Volumes: what the provider does when asked to delete it ("unknown": a value it does not know; it refuses). */
  readonly removalPolicy?: RemovalPolicyName | "unknown";
}

export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  readonly kind: GraphEdgeKind;
  /** Mount path or target device of an attachment. */
  readonly label?: string;
}
