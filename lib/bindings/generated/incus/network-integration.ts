// Generated from the incus_network_integration schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** An Incus network integration: a link to an OVN interconnect that network peers can use. */
export interface IncusNetworkIntegrationConfig extends TerraformMetaArguments {
  /** Name of the network integration. */
  readonly name: string;
  /** Type of the integration (ovn). */
  readonly type: string;
  /**
   * Description of the network integration.
   * @default ""
   */
  readonly description?: string;
  /** The remote to create the integration on. */
  readonly remote?: string;
  /** Accepted for compatibility; integrations are server-wide. */
  readonly project?: string;
  /** Integration configuration (ovn.northbound_connection, ovn.ca_cert, ovn.client_cert, ...). */
  readonly config?: { readonly [key: string]: string };
}

export const INCUS_NETWORK_INTEGRATION_SPEC: AttributeSpec = {
  name: "value",
  type: "value",
  description: "value",
  remote: "value",
  project: "value",
  config: "map",
};

/** An Incus network integration: a link to an OVN interconnect that network peers can use. */
export class IncusNetworkIntegrationResource extends SpecResource<IncusNetworkIntegrationConfig> {
  public static readonly tfResourceType = "incus_network_integration";

  public constructor(scope: Construct, id: string, config: IncusNetworkIntegrationConfig) {
    super(
      scope,
      id,
      { type: "incus_network_integration", providerName: "incus", spec: INCUS_NETWORK_INTEGRATION_SPEC },
      config,
    );
  }

  /** Name of the network integration. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Type of the integration (ovn). */
  public get typeRef(): string {
    return this.attribute("type");
  }

  /** Description of the network integration. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /** The remote to create the integration on. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }

  /** Accepted for compatibility; integrations are server-wide. */
  public get projectRef(): string {
    return this.attribute("project");
  }
}
