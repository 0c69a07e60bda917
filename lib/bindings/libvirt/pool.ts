// libvirt_pool (0.9.x shape, subset): a storage pool, e.g. a `dir` pool at target.path.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import { SpecResource } from "../spec-resource";
import type { AttributeSpec } from "../attributes";

export interface LibvirtPoolConfig extends TerraformMetaArguments {
  readonly name: string;
  /** Pool type, e.g. "dir". */
  readonly type: string;
  readonly target?: { readonly path: string };
}

export const LIBVIRT_POOL_SPEC: AttributeSpec = {
  name: "value",
  type: "value",
  target: { object: { path: "value" } },
};

export class LibvirtPoolResource extends SpecResource<LibvirtPoolConfig> {
  public static readonly tfResourceType = "libvirt_pool";

  public constructor(scope: Construct, id: string, config: LibvirtPoolConfig) {
    super(scope, id, { type: "libvirt_pool", providerName: "libvirt", spec: LIBVIRT_POOL_SPEC }, config);
  }

  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Pool UUID (computed). */
  public get poolId(): string {
    return this.attribute("id");
  }
}
