// Generated from the incus_project schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** An Incus project. */
export interface IncusProjectConfig extends TerraformMetaArguments {
  /** Name of the project. */
  readonly name: string;
  /**
   * Description of the project.
   * @default ""
   */
  readonly description?: string;
  /** Project configuration. */
  readonly config?: { readonly [key: string]: string };
  /** The remote to create the project on. */
  readonly remote?: string;
  /**
   * Delete the project together with everything in it.
   * @default false
   */
  readonly forceDestroy?: boolean;
}

export const INCUS_PROJECT_SPEC: AttributeSpec = {
  name: "value",
  description: "value",
  config: "map",
  remote: "value",
  force_destroy: "value",
};

/** An Incus project. */
export class IncusProjectResource extends SpecResource<IncusProjectConfig> {
  public static readonly tfResourceType = "incus_project";

  public constructor(scope: Construct, id: string, config: IncusProjectConfig) {
    super(
      scope,
      id,
      { type: "incus_project", providerName: "incus", spec: INCUS_PROJECT_SPEC },
      config,
    );
  }

  /** Name of the project. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Description of the project. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /** The remote to create the project on. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }

  /** Delete the project together with everything in it. */
  public get forceDestroyRef(): IResolvable {
    return this.getBooleanAttribute("force_destroy");
  }
}
