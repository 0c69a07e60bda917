// Generated from the incus_network_zone schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** An Incus network zone: a DNS zone Incus serves records of its networks in. */
export interface IncusNetworkZoneConfig extends TerraformMetaArguments {
  /** Name of the zone (the DNS zone, e.g. example.org). */
  readonly name: string;
  /**
   * Description of the zone.
   * @default ""
   */
  readonly description?: string;
  /** Project of the zone. */
  readonly project?: string;
  /** The remote to create the zone on. */
  readonly remote?: string;
  /** Zone configuration (dns.nameservers, peers.*, user.*). */
  readonly config?: { readonly [key: string]: string };
}

export const INCUS_NETWORK_ZONE_SPEC: AttributeSpec = {
  name: "value",
  description: "value",
  project: "value",
  remote: "value",
  config: "map",
};

/** An Incus network zone: a DNS zone Incus serves records of its networks in. */
export class IncusNetworkZoneResource extends SpecResource<IncusNetworkZoneConfig> {
  public static readonly tfResourceType = "incus_network_zone";

  public constructor(scope: Construct, id: string, config: IncusNetworkZoneConfig) {
    super(
      scope,
      id,
      { type: "incus_network_zone", providerName: "incus", spec: INCUS_NETWORK_ZONE_SPEC },
      config,
    );
  }

  /** Name of the zone (the DNS zone, e.g. example.org). */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Description of the zone. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /** Project of the zone. */
  public get projectRef(): string {
    return this.attribute("project");
  }

  /** The remote to create the zone on. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }
}
