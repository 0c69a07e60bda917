// Generated from the libvirt_ignition schema in lib/provider/libvirt by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** An Ignition configuration written to a file on the machine that runs terraform. */
export interface LibvirtIgnitionConfig extends TerraformMetaArguments {
  /** Name of the resource (and of its file). */
  readonly name: string;
  /**
   * The Ignition configuration (JSON). Sensitive: it often carries keys and passwords. Changing it replaces the file.
   */
  readonly content: string;
}

export const LIBVIRT_IGNITION_SPEC: AttributeSpec = {
  name: "value",
  content: "value",
};

/** An Ignition configuration written to a file on the machine that runs terraform. */
export class LibvirtIgnitionResource extends SpecResource<LibvirtIgnitionConfig> {
  public static readonly tfResourceType = "libvirt_ignition";

  public constructor(scope: Construct, id: string, config: LibvirtIgnitionConfig) {
    super(
      scope,
      id,
      { type: "libvirt_ignition", providerName: "libvirt", spec: LIBVIRT_IGNITION_SPEC },
      config,
    );
  }

  /** Name of the resource (and of its file). */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /**
   * The Ignition configuration (JSON). Sensitive: it often carries keys and passwords. Changing it replaces the file.
   */
  public get contentRef(): string {
    return this.attribute("content");
  }

  /** First 16 hex digits of the content's SHA-256. */
  public get ignitionId(): string {
    return this.attribute("id");
  }

  /** The file on the machine that runs terraform. */
  public get path(): string {
    return this.attribute("path");
  }

  /** Size of the file in bytes. */
  public get size(): number {
    return this.getNumberAttribute("size");
  }
}
