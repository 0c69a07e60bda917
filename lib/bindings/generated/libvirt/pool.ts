// Generated from the libvirt_pool schema in lib/provider/libvirt by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** A libvirt storage pool (directory pools). */
export interface LibvirtPoolConfig extends TerraformMetaArguments {
  /** Name of the pool. */
  readonly name: string;
  /** Pool type; the bundled provider supports "dir". */
  readonly type: string;
  /** Where the pool keeps its volumes. */
  readonly target?: LibvirtPoolTargetConfig;
  /**
   * Start the pool when libvirtd starts (an addition: a pool that is not started has no usable volumes).
   * @default true
   */
  readonly autostart?: boolean;
}

/** Where the pool keeps its volumes. */
export interface LibvirtPoolTargetConfig {
  /** Directory holding the pool's volumes (created when missing). */
  readonly path: string;
}

export const LIBVIRT_POOL_SPEC: AttributeSpec = {
  name: "value",
  type: "value",
  target: { object: {
    path: "value",
  } },
  autostart: "value",
};

/** A libvirt storage pool (directory pools). */
export class LibvirtPoolResource extends SpecResource<LibvirtPoolConfig> {
  public static readonly tfResourceType = "libvirt_pool";

  public constructor(scope: Construct, id: string, config: LibvirtPoolConfig) {
    super(
      scope,
      id,
      { type: "libvirt_pool", providerName: "libvirt", spec: LIBVIRT_POOL_SPEC },
      config,
    );
  }

  /** Name of the pool. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Pool type; the bundled provider supports "dir". */
  public get typeRef(): string {
    return this.attribute("type");
  }

  /** Start the pool when libvirtd starts (an addition: a pool that is not started has no usable volumes). */
  public get autostartRef(): IResolvable {
    return this.getBooleanAttribute("autostart");
  }

  /** The pool's UUID. */
  public get poolId(): string {
    return this.attribute("id");
  }

  /** Size of the file system holding the pool, in bytes. */
  public get capacity(): number {
    return this.getNumberAttribute("capacity");
  }

  /** Bytes in use. */
  public get allocation(): number {
    return this.getNumberAttribute("allocation");
  }

  /** Bytes free. */
  public get available(): number {
    return this.getNumberAttribute("available");
  }
}
