// incus_project: an Incus project (namespace for instances, volumes, and optionally images/profiles/networks).
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import { SpecResource } from "../spec-resource";
import type { AttributeSpec } from "../attributes";

export interface IncusProjectConfig extends TerraformMetaArguments {
  readonly name: string;
  readonly description?: string;
  readonly config?: { readonly [key: string]: string };
  readonly remote?: string;
  readonly forceDestroy?: boolean;
}

export const INCUS_PROJECT_SPEC: AttributeSpec = {
  name: "value",
  description: "value",
  config: "map",
  remote: "value",
  force_destroy: "value",
};

export class IncusProjectResource extends SpecResource<IncusProjectConfig> {
  public static readonly tfResourceType = "incus_project";

  public constructor(scope: Construct, id: string, config: IncusProjectConfig) {
    super(scope, id, { type: "incus_project", providerName: "incus", spec: INCUS_PROJECT_SPEC }, config);
  }

  /** The project name as a reference (creates a dependency on this resource). */
  public get nameRef(): string {
    return this.attribute("name");
  }
}
