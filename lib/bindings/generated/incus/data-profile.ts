// Generated from the data.incus_profile schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** Reads an existing Incus profile. */
export interface DataIncusProfileConfig extends TerraformMetaArguments {
  /** Name of the profile. */
  readonly name: string;
  /** Project of the profile. */
  readonly project?: string;
  /** The remote to read from. */
  readonly remote?: string;
  /** Description of the profile. */
  readonly description?: string;
}

export const DATA_INCUS_PROFILE_SPEC: AttributeSpec = {
  name: "value",
  project: "value",
  remote: "value",
  description: "value",
};

/** Reads an existing Incus profile. */
export class DataIncusProfile extends SpecDataSource<DataIncusProfileConfig> {
  public static readonly tfResourceType = "incus_profile";

  public constructor(scope: Construct, id: string, config: DataIncusProfileConfig) {
    super(
      scope,
      id,
      { type: "incus_profile", providerName: "incus", spec: DATA_INCUS_PROFILE_SPEC },
      config,
    );
  }

  /** Name of the profile. */
  public get name(): string {
    return this.attribute("name");
  }

  /** Project of the profile. */
  public get project(): string {
    return this.attribute("project");
  }

  /** The remote to read from. */
  public get remote(): string {
    return this.attribute("remote");
  }

  /** Description of the profile. */
  public get description(): string {
    return this.attribute("description");
  }

  /** Instance configuration applied by the profile. */
  public get config(): { [key: string]: string } {
    return this.getStringMapAttribute("config");
  }

  /** Devices of the profile. */
  public get device(): IResolvable {
    return this.structuredAttribute("device");
  }
}
