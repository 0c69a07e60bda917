// Generated from the data.incus_instance schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** Reads an existing Incus instance. */
export interface DataIncusInstanceConfig extends TerraformMetaArguments {
  /** Name of the instance. */
  readonly name: string;
  /** Project of the instance. */
  readonly project?: string;
  /** The remote to read from. */
  readonly remote?: string;
  /** Description of the instance. */
  readonly description?: string;
  /** Running, Stopped, Frozen or Error. */
  readonly status?: string;
  /** Cluster member the instance runs on. */
  readonly location?: string;
  /** container or virtual-machine. */
  readonly type?: string;
  /** Architecture name. */
  readonly architecture?: string;
  /** Whether the instance is deleted on shutdown. */
  readonly ephemeral?: boolean;
  /** Profiles applied, in order. */
  readonly profiles?: string[];
  /** Whether the instance is stateful. */
  readonly stateful?: boolean;
}

export const DATA_INCUS_INSTANCE_SPEC: AttributeSpec = {
  name: "value",
  project: "value",
  remote: "value",
  description: "value",
  status: "value",
  location: "value",
  type: "value",
  architecture: "value",
  ephemeral: "value",
  profiles: "value",
  stateful: "value",
};

/** Reads an existing Incus instance. */
export class DataIncusInstance extends SpecDataSource<DataIncusInstanceConfig> {
  public static readonly tfResourceType = "incus_instance";

  public constructor(scope: Construct, id: string, config: DataIncusInstanceConfig) {
    super(
      scope,
      id,
      { type: "incus_instance", providerName: "incus", spec: DATA_INCUS_INSTANCE_SPEC },
      config,
    );
  }

  /** Name of the instance. */
  public get name(): string {
    return this.attribute("name");
  }

  /** Project of the instance. */
  public get project(): string {
    return this.attribute("project");
  }

  /** The remote to read from. */
  public get remote(): string {
    return this.attribute("remote");
  }

  /** Description of the instance. */
  public get description(): string {
    return this.attribute("description");
  }

  /** The instance's own configuration. */
  public get config(): { [key: string]: string } {
    return this.getStringMapAttribute("config");
  }

  /** Running, Stopped, Frozen or Error. */
  public get status(): string {
    return this.attribute("status");
  }

  /** Cluster member the instance runs on. */
  public get location(): string {
    return this.attribute("location");
  }

  /** container or virtual-machine. */
  public get type(): string {
    return this.attribute("type");
  }

  /** Architecture name. */
  public get architecture(): string {
    return this.attribute("architecture");
  }

  /** Whether the instance is deleted on shutdown. */
  public get ephemeral(): IResolvable {
    return this.getBooleanAttribute("ephemeral");
  }

  /** Profiles applied, in order. */
  public get profiles(): string[] {
    return this.getListAttribute("profiles");
  }

  /** Whether the instance is stateful. */
  public get stateful(): IResolvable {
    return this.getBooleanAttribute("stateful");
  }

  /** The instance's own devices. */
  public get device(): IResolvable {
    return this.structuredAttribute("device");
  }
}
