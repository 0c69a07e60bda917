// Generated from the incus_network_address_set schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** An Incus network address set: a named list of addresses that ACL rules refer to as $name. */
export interface IncusNetworkAddressSetConfig extends TerraformMetaArguments {
  /** Name of the address set; a new name renames it in place. */
  readonly name: string;
  /**
   * Description of the address set.
   * @default ""
   */
  readonly description?: string;
  /** IP addresses, ranges or subnets in the set. */
  readonly addresses: string[];
  /** Project of the address set. */
  readonly project?: string;
  /** The remote to create the address set on. */
  readonly remote?: string;
  /** Address set configuration (user.* keys). */
  readonly config?: { readonly [key: string]: string };
}

export const INCUS_NETWORK_ADDRESS_SET_SPEC: AttributeSpec = {
  name: "value",
  description: "value",
  addresses: "value",
  project: "value",
  remote: "value",
  config: "map",
};

/** An Incus network address set: a named list of addresses that ACL rules refer to as $name. */
export class IncusNetworkAddressSetResource extends SpecResource<IncusNetworkAddressSetConfig> {
  public static readonly tfResourceType = "incus_network_address_set";

  public constructor(scope: Construct, id: string, config: IncusNetworkAddressSetConfig) {
    super(
      scope,
      id,
      { type: "incus_network_address_set", providerName: "incus", spec: INCUS_NETWORK_ADDRESS_SET_SPEC },
      config,
    );
  }

  /** Name of the address set; a new name renames it in place. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Description of the address set. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /** Project of the address set. */
  public get projectRef(): string {
    return this.attribute("project");
  }

  /** The remote to create the address set on. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }
}
