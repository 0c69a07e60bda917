// Generated from the data.incus_project schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** Reads an existing Incus project. */
export interface DataIncusProjectConfig extends TerraformMetaArguments {
  /** Name of the project. */
  readonly name: string;
  /** The remote to read from. */
  readonly remote?: string;
  /** Description of the project. */
  readonly description?: string;
}

export const DATA_INCUS_PROJECT_SPEC: AttributeSpec = {
  name: "value",
  remote: "value",
  description: "value",
};

/** Reads an existing Incus project. */
export class DataIncusProject extends SpecDataSource<DataIncusProjectConfig> {
  public static readonly tfResourceType = "incus_project";

  public constructor(scope: Construct, id: string, config: DataIncusProjectConfig) {
    super(
      scope,
      id,
      { type: "incus_project", providerName: "incus", spec: DATA_INCUS_PROJECT_SPEC },
      config,
    );
  }

  /** Name of the project. */
  public get name(): string {
    return this.attribute("name");
  }

  /** The remote to read from. */
  public get remote(): string {
    return this.attribute("remote");
  }

  /** Description of the project. */
  public get description(): string {
    return this.attribute("description");
  }

  /** Project configuration. */
  public get config(): { [key: string]: string } {
    return this.getStringMapAttribute("config");
  }
}
