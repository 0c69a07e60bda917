// Generated from the libvirt_combustion schema in lib/provider/libvirt by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** A Combustion script written to a file on the machine that runs terraform. */
export interface LibvirtCombustionConfig extends TerraformMetaArguments {
  /** Name of the resource (and of its file). */
  readonly name: string;
  /**
   * The Combustion script (a shell script). Sensitive: it often carries keys and passwords. Changing it replaces the
   * file.
   */
  readonly content: string;
}

export const LIBVIRT_COMBUSTION_SPEC: AttributeSpec = {
  name: "value",
  content: "value",
};

/** A Combustion script written to a file on the machine that runs terraform. */
export class LibvirtCombustionResource extends SpecResource<LibvirtCombustionConfig> {
  public static readonly tfResourceType = "libvirt_combustion";

  public constructor(scope: Construct, id: string, config: LibvirtCombustionConfig) {
    super(
      scope,
      id,
      { type: "libvirt_combustion", providerName: "libvirt", spec: LIBVIRT_COMBUSTION_SPEC },
      config,
    );
  }

  /** Name of the resource (and of its file). */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /**
   * The Combustion script (a shell script). Sensitive: it often carries keys and passwords. Changing it replaces the
   * file.
   */
  public get contentRef(): string {
    return this.attribute("content");
  }

  /** First 16 hex digits of the content's SHA-256. */
  public get combustionId(): string {
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
