// Generated from the data.incus_image schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** Reads an existing image by alias or fingerprint. */
export interface DataIncusImageConfig extends TerraformMetaArguments {
  /** An alias of the image. */
  readonly name?: string;
  /** Fingerprint (or a unique prefix) of the image. */
  readonly fingerprint?: string;
  /** container or virtual-machine. */
  readonly type?: string;
  /** Architecture, e.g. x86_64. */
  readonly architecture?: string;
  /** Project of the image. */
  readonly project?: string;
  /** The remote to read from. */
  readonly remote?: string;
}

export const DATA_INCUS_IMAGE_SPEC: AttributeSpec = {
  name: "value",
  fingerprint: "value",
  type: "value",
  architecture: "value",
  project: "value",
  remote: "value",
};

/** Reads an existing image by alias or fingerprint. */
export class DataIncusImage extends SpecDataSource<DataIncusImageConfig> {
  public static readonly tfResourceType = "incus_image";

  public constructor(scope: Construct, id: string, config: DataIncusImageConfig) {
    super(
      scope,
      id,
      { type: "incus_image", providerName: "incus", spec: DATA_INCUS_IMAGE_SPEC },
      config,
    );
  }

  /** An alias of the image. */
  public get name(): string {
    return this.attribute("name");
  }

  /** Fingerprint (or a unique prefix) of the image. */
  public get fingerprint(): string {
    return this.attribute("fingerprint");
  }

  /** container or virtual-machine. */
  public get type(): string {
    return this.attribute("type");
  }

  /** Architecture, e.g. x86_64. */
  public get architecture(): string {
    return this.attribute("architecture");
  }

  /** Aliases of the image. */
  public get aliases(): string[] {
    return this.getListAttribute("aliases");
  }

  /** Project of the image. */
  public get project(): string {
    return this.attribute("project");
  }

  /** The remote to read from. */
  public get remote(): string {
    return this.attribute("remote");
  }

  /** Creation time, Unix seconds. */
  public get createdAt(): number {
    return this.getNumberAttribute("created_at");
  }
}
