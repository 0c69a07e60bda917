// incus_profile: a reusable set of instance config and devices.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import { SpecResource } from "../spec-resource";
import type { AttributeSpec } from "../attributes";
import { DEVICE_SPEC } from "./common";
import type { IncusDeviceConfig, IncusPlacementConfig } from "./common";

export interface IncusProfileConfig extends TerraformMetaArguments, IncusPlacementConfig {
  readonly name: string;
  readonly description?: string;
  readonly config?: { readonly [key: string]: string };
  readonly device?: IncusDeviceConfig[];
}

export const INCUS_PROFILE_SPEC: AttributeSpec = {
  name: "value",
  description: "value",
  project: "value",
  remote: "value",
  config: "map",
  device: { list: DEVICE_SPEC },
};

export class IncusProfileResource extends SpecResource<IncusProfileConfig> {
  public static readonly tfResourceType = "incus_profile";

  public constructor(scope: Construct, id: string, config: IncusProfileConfig) {
    super(scope, id, { type: "incus_profile", providerName: "incus", spec: INCUS_PROFILE_SPEC }, config);
  }

  public get nameRef(): string {
    return this.attribute("name");
  }
}
