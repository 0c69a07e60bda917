// Generated from the data.incus_network_peer schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** Reads an existing Incus network peer. */
export interface DataIncusNetworkPeerConfig extends TerraformMetaArguments {
  /** Name of the network peer. */
  readonly name: string;
  /** Name of the network. */
  readonly network: string;
  /** Project of the network. */
  readonly project?: string;
  /** The remote to read from. */
  readonly remote?: string;
  /** Description of the network peer. */
  readonly description?: string;
  /** Created, Pending or Errored. */
  readonly status?: string;
  /** Project of the peered network. */
  readonly targetProject?: string;
  /** The peered network. */
  readonly targetNetwork?: string;
  /** The peered network integration. */
  readonly targetIntegration?: string;
  /** local or remote. */
  readonly type?: string;
}

export const DATA_INCUS_NETWORK_PEER_SPEC: AttributeSpec = {
  name: "value",
  network: "value",
  project: "value",
  remote: "value",
  description: "value",
  status: "value",
  target_project: "value",
  target_network: "value",
  target_integration: "value",
  type: "value",
};

/** Reads an existing Incus network peer. */
export class DataIncusNetworkPeer extends SpecDataSource<DataIncusNetworkPeerConfig> {
  public static readonly tfResourceType = "incus_network_peer";

  public constructor(scope: Construct, id: string, config: DataIncusNetworkPeerConfig) {
    super(
      scope,
      id,
      { type: "incus_network_peer", providerName: "incus", spec: DATA_INCUS_NETWORK_PEER_SPEC },
      config,
    );
  }

  /** Name of the network peer. */
  public get name(): string {
    return this.attribute("name");
  }

  /** Name of the network. */
  public get network(): string {
    return this.attribute("network");
  }

  /** Project of the network. */
  public get project(): string {
    return this.attribute("project");
  }

  /** The remote to read from. */
  public get remote(): string {
    return this.attribute("remote");
  }

  /** Description of the network peer. */
  public get description(): string {
    return this.attribute("description");
  }

  /** Network peer configuration. */
  public get config(): { [key: string]: string } {
    return this.getStringMapAttribute("config");
  }

  /** Created, Pending or Errored. */
  public get status(): string {
    return this.attribute("status");
  }

  /** Project of the peered network. */
  public get targetProject(): string {
    return this.attribute("target_project");
  }

  /** The peered network. */
  public get targetNetwork(): string {
    return this.attribute("target_network");
  }

  /** The peered network integration. */
  public get targetIntegration(): string {
    return this.attribute("target_integration");
  }

  /** local or remote. */
  public get type(): string {
    return this.attribute("type");
  }
}
