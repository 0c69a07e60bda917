// Generated from the data.incus_network_acl schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// What the data source reads comes back through the getters; only the arguments are part of the configuration.
import type { IResolvable, TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecDataSource } from "../../spec-data-source";

/** Reads an existing Incus network ACL. */
export interface DataIncusNetworkAclConfig extends TerraformMetaArguments {
  /** Name of the network ACL. */
  readonly name: string;
  /** Project of the network ACL. */
  readonly project?: string;
  /** The remote to read from. */
  readonly remote?: string;
  /** Description of the network ACL. */
  readonly description?: string;
  /** Egress rules, in order. */
  readonly egress?: DataIncusNetworkAclEgressConfig[];
  /** Ingress rules, in order. */
  readonly ingress?: DataIncusNetworkAclIngressConfig[];
}

/** An element of data.incus_network_acl.egress. */
export interface DataIncusNetworkAclEgressConfig {
  readonly action: string;
  readonly source: string;
  readonly destination: string;
  readonly protocol: string;
  readonly sourcePort: string;
  readonly destinationPort: string;
  readonly icmpType: string;
  readonly icmpCode: string;
  readonly description: string;
  readonly state: string;
}

/** An element of data.incus_network_acl.ingress. */
export interface DataIncusNetworkAclIngressConfig {
  readonly action: string;
  readonly source: string;
  readonly destination: string;
  readonly protocol: string;
  readonly sourcePort: string;
  readonly destinationPort: string;
  readonly icmpType: string;
  readonly icmpCode: string;
  readonly description: string;
  readonly state: string;
}

export const DATA_INCUS_NETWORK_ACL_SPEC: AttributeSpec = {
  name: "value",
  project: "value",
  remote: "value",
  description: "value",
  egress: { list: {
    action: "value",
    source: "value",
    destination: "value",
    protocol: "value",
    source_port: "value",
    destination_port: "value",
    icmp_type: "value",
    icmp_code: "value",
    description: "value",
    state: "value",
  } },
  ingress: { list: {
    action: "value",
    source: "value",
    destination: "value",
    protocol: "value",
    source_port: "value",
    destination_port: "value",
    icmp_type: "value",
    icmp_code: "value",
    description: "value",
    state: "value",
  } },
};

/** Reads an existing Incus network ACL. */
export class DataIncusNetworkAcl extends SpecDataSource<DataIncusNetworkAclConfig> {
  public static readonly tfResourceType = "incus_network_acl";

  public constructor(scope: Construct, id: string, config: DataIncusNetworkAclConfig) {
    super(
      scope,
      id,
      { type: "incus_network_acl", providerName: "incus", spec: DATA_INCUS_NETWORK_ACL_SPEC },
      config,
    );
  }

  /** Name of the network ACL. */
  public get name(): string {
    return this.attribute("name");
  }

  /** Project of the network ACL. */
  public get project(): string {
    return this.attribute("project");
  }

  /** The remote to read from. */
  public get remote(): string {
    return this.attribute("remote");
  }

  /** Description of the network ACL. */
  public get description(): string {
    return this.attribute("description");
  }

  /** Network ACL configuration. */
  public get config(): { [key: string]: string } {
    return this.getStringMapAttribute("config");
  }

  /** Egress rules, in order. */
  public get egress(): IResolvable {
    return this.structuredAttribute("egress");
  }

  /** Ingress rules, in order. */
  public get ingress(): IResolvable {
    return this.structuredAttribute("ingress");
  }
}
