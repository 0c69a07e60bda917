// Generated from the incus_server schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/**
 * Server configuration keys of an Incus server (or of one cluster member). Only the keys listed here are managed:
 * other keys are left as they are, and destroying the resource unsets the managed keys.
 */
export interface IncusServerConfig extends TerraformMetaArguments {
  /** The remote to configure. */
  readonly remote?: string;
  /** Server configuration keys to set (e.g. core.https_address, images.auto_update_interval). */
  readonly config?: { readonly [key: string]: string };
  /** Cluster member whose member-specific keys to set. */
  readonly target?: string;
}

export const INCUS_SERVER_SPEC: AttributeSpec = {
  remote: "value",
  config: "map",
  target: "value",
};

/**
 * Server configuration keys of an Incus server (or of one cluster member). Only the keys listed here are managed:
 * other keys are left as they are, and destroying the resource unsets the managed keys.
 */
export class IncusServerResource extends SpecResource<IncusServerConfig> {
  public static readonly tfResourceType = "incus_server";

  public constructor(scope: Construct, id: string, config: IncusServerConfig) {
    super(
      scope,
      id,
      { type: "incus_server", providerName: "incus", spec: INCUS_SERVER_SPEC },
      config,
    );
  }

  /** The remote to configure. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }

  /** Cluster member whose member-specific keys to set. */
  public get targetRef(): string {
    return this.attribute("target");
  }
}
