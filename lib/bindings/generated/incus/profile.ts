// Generated from the incus_profile schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** An Incus profile: config and devices shared by the instances that use it. */
export interface IncusProfileConfig extends TerraformMetaArguments {
  /** Name of the profile. */
  readonly name: string;
  /**
   * Description of the profile.
   * @default ""
   */
  readonly description?: string;
  /**
   * Project of the profile.
   * @default "default"
   */
  readonly project?: string;
  /** The remote to create the profile on. */
  readonly remote?: string;
  /** Instance configuration applied by the profile. */
  readonly config?: { readonly [key: string]: string };
  /** A device of the object (disk, nic, proxy, ...). */
  readonly device?: IncusProfileDeviceConfig[];
}

/** A device of the object (disk, nic, proxy, ...). */
export interface IncusProfileDeviceConfig {
  /** Device name. */
  readonly name: string;
  /** Device type. */
  readonly type: string;
  /** Device settings. */
  readonly properties: { readonly [key: string]: string };
}

export const INCUS_PROFILE_SPEC: AttributeSpec = {
  name: "value",
  description: "value",
  project: "value",
  remote: "value",
  config: "map",
  device: { list: {
    name: "value",
    type: "value",
    properties: "map",
  } },
};

/** An Incus profile: config and devices shared by the instances that use it. */
export class IncusProfileResource extends SpecResource<IncusProfileConfig> {
  public static readonly tfResourceType = "incus_profile";

  public constructor(scope: Construct, id: string, config: IncusProfileConfig) {
    super(
      scope,
      id,
      { type: "incus_profile", providerName: "incus", spec: INCUS_PROFILE_SPEC },
      config,
    );
  }

  /** Name of the profile. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Description of the profile. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /** Project of the profile. */
  public get projectRef(): string {
    return this.attribute("project");
  }

  /** The remote to create the profile on. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }
}
