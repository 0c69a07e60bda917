// Generated from the incus_network_acl schema in lib/provider/incus by `npm run generate:bindings`; do not edit.
// Attributes only the provider sets are not part of the configuration; they are read through the getters.
import type { TerraformMetaArguments } from "cdktf";
import type { Construct } from "constructs";
import type { AttributeSpec } from "../../attributes";
import { SpecResource } from "../../spec-resource";

/** An Incus network ACL: ingress and egress rules that networks and NICs refer to by name. */
export interface IncusNetworkAclConfig extends TerraformMetaArguments {
  /** Name of the ACL. */
  readonly name: string;
  /**
   * Description of the ACL.
   * @default ""
   */
  readonly description?: string;
  /** Project of the ACL. */
  readonly project?: string;
  /** The remote to create the ACL on. */
  readonly remote?: string;
  /** ACL configuration (user.* keys). */
  readonly config?: { readonly [key: string]: string };
  /** Rules for traffic leaving the instances the ACL applies to. */
  readonly egress?: IncusNetworkAclEgressConfig[];
  /** Rules for traffic reaching the instances the ACL applies to. */
  readonly ingress?: IncusNetworkAclIngressConfig[];
}

/** Rules for traffic leaving the instances the ACL applies to. */
export interface IncusNetworkAclEgressConfig {
  /** allow, allow-stateless, drop or reject. */
  readonly action: string;
  /** Comma-separated destination addresses, ranges, subnets or @references. */
  readonly destination?: string;
  /** Destination ports or ranges. */
  readonly destinationPort?: string;
  /** icmp4, icmp6, tcp, udp, or empty for any. */
  readonly protocol?: string;
  /** Description of the rule. */
  readonly description?: string;
  /** enabled, disabled or logged. */
  readonly state: string;
  /** Comma-separated source addresses, ranges, subnets or @references. */
  readonly source?: string;
  /** Source ports or ranges. */
  readonly sourcePort?: string;
  /** ICMP message type (icmp4 and icmp6 rules). */
  readonly icmpType?: string;
  /** ICMP message code (icmp4 and icmp6 rules). */
  readonly icmpCode?: string;
}

/** Rules for traffic reaching the instances the ACL applies to. */
export interface IncusNetworkAclIngressConfig {
  /** allow, allow-stateless, drop or reject. */
  readonly action: string;
  /** Comma-separated destination addresses, ranges, subnets or @references. */
  readonly destination?: string;
  /** Destination ports or ranges. */
  readonly destinationPort?: string;
  /** icmp4, icmp6, tcp, udp, or empty for any. */
  readonly protocol?: string;
  /** Description of the rule. */
  readonly description?: string;
  /** enabled, disabled or logged. */
  readonly state: string;
  /** Comma-separated source addresses, ranges, subnets or @references. */
  readonly source?: string;
  /** Source ports or ranges. */
  readonly sourcePort?: string;
  /** ICMP message type (icmp4 and icmp6 rules). */
  readonly icmpType?: string;
  /** ICMP message code (icmp4 and icmp6 rules). */
  readonly icmpCode?: string;
}

export const INCUS_NETWORK_ACL_SPEC: AttributeSpec = {
  name: "value",
  description: "value",
  project: "value",
  remote: "value",
  config: "map",
  egress: { list: {
    action: "value",
    destination: "value",
    destination_port: "value",
    protocol: "value",
    description: "value",
    state: "value",
    source: "value",
    source_port: "value",
    icmp_type: "value",
    icmp_code: "value",
  } },
  ingress: { list: {
    action: "value",
    destination: "value",
    destination_port: "value",
    protocol: "value",
    description: "value",
    state: "value",
    source: "value",
    source_port: "value",
    icmp_type: "value",
    icmp_code: "value",
  } },
};

/** An Incus network ACL: ingress and egress rules that networks and NICs refer to by name. */
export class IncusNetworkAclResource extends SpecResource<IncusNetworkAclConfig> {
  public static readonly tfResourceType = "incus_network_acl";

  public constructor(scope: Construct, id: string, config: IncusNetworkAclConfig) {
    super(
      scope,
      id,
      { type: "incus_network_acl", providerName: "incus", spec: INCUS_NETWORK_ACL_SPEC },
      config,
    );
  }

  /** Name of the ACL. */
  public get nameRef(): string {
    return this.attribute("name");
  }

  /** Description of the ACL. */
  public get descriptionRef(): string {
    return this.attribute("description");
  }

  /** Project of the ACL. */
  public get projectRef(): string {
    return this.attribute("project");
  }

  /** The remote to create the ACL on. */
  public get remoteRef(): string {
    return this.attribute("remote");
  }
}
