// terraform_data: Terraform's built-in resource (no provider download). A change to `input` is an in-place update,
// a change to `triggers_replace` a replacement. Written here instead of using cdktf's DataResource because that
// class runs `terraform version` as a validation for every instance, which costs a process per anchor at synth.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import { SpecResource } from "../spec-resource";
import type { AttributeSpec } from "../attributes";

export interface TerraformDataConfig extends TerraformMetaArguments {
  /** Stored in state and reflected in `output`; changes update in place. */
  readonly input?: unknown;
  /** Any value; a change replaces the resource (and whatever names it in replace_triggered_by). */
  readonly triggersReplace?: unknown;
}

export const TERRAFORM_DATA_SPEC: AttributeSpec = { input: "value", triggers_replace: "value" };

export class TerraformDataResource extends SpecResource<TerraformDataConfig> {
  public static readonly tfResourceType = "terraform_data";

  public constructor(scope: Construct, id: string, config: TerraformDataConfig = {}) {
    super(scope, id, { type: "terraform_data", providerName: "terraform", spec: TERRAFORM_DATA_SPEC }, config);
  }

  /** Random id (computed). */
  public get dataId(): string {
    return this.attribute("id");
  }
}
