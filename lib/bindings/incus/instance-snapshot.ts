// incus_instance_snapshot: a snapshot of an instance (no import; update does nothing).
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import { SpecResource } from "../spec-resource";
import type { AttributeSpec } from "../attributes";
import type { IncusPlacementConfig } from "./common";

export interface IncusInstanceSnapshotConfig extends TerraformMetaArguments, IncusPlacementConfig {
  readonly name: string;
  readonly instance: string;
  readonly stateful?: boolean;
}

export const INCUS_INSTANCE_SNAPSHOT_SPEC: AttributeSpec = {
  name: "value",
  instance: "value",
  stateful: "value",
  project: "value",
  remote: "value",
};

export class IncusInstanceSnapshotResource extends SpecResource<IncusInstanceSnapshotConfig> {
  public static readonly tfResourceType = "incus_instance_snapshot";

  public constructor(scope: Construct, id: string, config: IncusInstanceSnapshotConfig) {
    super(
      scope,
      id,
      { type: "incus_instance_snapshot", providerName: "incus", spec: INCUS_INSTANCE_SNAPSHOT_SPEC },
      config,
    );
  }

  /** Creation time, seconds since the epoch (computed). */
  public get createdAt(): number {
    return this.getNumberAttribute("created_at");
  }
}
