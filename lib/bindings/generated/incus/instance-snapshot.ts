// Generated from the incus_instance_snapshot schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** A snapshot of an Incus instance. */
export interface IncusInstanceSnapshotConfig extends TerraformMetaArguments {
  readonly name: string;
  readonly instance: string;
  /** @default false */
  readonly stateful?: boolean;
  readonly project?: string;
  readonly remote?: string;
}

export const INCUS_INSTANCE_SNAPSHOT_SPEC: AttributeSpec = {
  name: "value",
  instance: "value",
  stateful: "value",
  project: "value",
  remote: "value",
};

/** A snapshot of an Incus instance. */
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

  public get nameRef(): string {
    return this.attribute("name");
  }

  public get instanceRef(): string {
    return this.attribute("instance");
  }

  public get statefulRef(): IResolvable {
    return this.getBooleanAttribute("stateful");
  }

  public get projectRef(): string {
    return this.attribute("project");
  }

  public get remoteRef(): string {
    return this.attribute("remote");
  }

  /** Creation time, seconds since the Unix epoch (UTC). */
  public get createdAt(): number {
    return this.getNumberAttribute("created_at");
  }
}
