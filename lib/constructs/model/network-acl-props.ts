// What a network ACL is to the rest of the library (INetworkAcl: what networks and instance NICs refer to) and the
// props of a NetworkAcl: typed ingress and egress rules, Incus only.
import type { IConstruct } from "constructs";
import type { IHost, IncusOnly } from "./host";

/** What a rule does with the traffic it matches. */
export enum AclAction {
  /** Let it through, and the replies of the connection it opens. */
  ALLOW = "allow",
  /** Let it through without connection tracking (replies need their own rule). */
  ALLOW_STATELESS = "allow-stateless",
  /** Drop it silently. */
  DROP = "drop",
  /** Refuse it (TCP reset, ICMP unreachable). */
  REJECT = "reject",
}

/** Whether a rule applies. */
export enum AclRuleState {
  ENABLED = "enabled",
  DISABLED = "disabled",
  /** Applies, and the matches are logged. */
  LOGGED = "logged",
}

/** The protocols a rule can match. */
export enum AclProtocol {
  TCP = "tcp",
  UDP = "udp",
  ICMP4 = "icmp4",
  ICMP6 = "icmp6",
}

/** One rule of an ACL. Unset matches mean "any". */
export interface AclRule {
  readonly action: AclAction;
  /**
   * Where the traffic comes from: IPv4/IPv6 addresses, CIDR subnets, ranges ("10.0.0.5-10.0.0.9") or Incus
   * references ("@internal", "@external", another ACL's name).
   * @default any source
   */
  readonly source?: readonly string[];
  /** Where the traffic goes (same forms as `source`). @default any destination */
  readonly destination?: readonly string[];
  /** @default any protocol */
  readonly protocol?: AclProtocol;
  /** Source ports: numbers or "from-to" ranges; needs protocol TCP or UDP. @default any port */
  readonly sourcePorts?: readonly (number | string)[];
  /** Destination ports: numbers or "from-to" ranges; needs protocol TCP or UDP. @default any port */
  readonly destinationPorts?: readonly (number | string)[];
  /** ICMP type (0-255); needs protocol ICMP4 or ICMP6. @default any type */
  readonly icmpType?: number;
  /** ICMP code (0-255); needs `icmpType`. @default any code */
  readonly icmpCode?: number;
  /** @default AclRuleState.ENABLED */
  readonly state?: AclRuleState;
  /** @default none */
  readonly description?: string;
}

/** An ACL networks and instance NICs can refer to. */
export interface INetworkAcl<H extends IHost = IHost> extends IConstruct {
  readonly host: H;
  /** The ACL name (a reference to the ACL resource when it is managed here). */
  readonly aclName: string;
}

export interface NetworkAclProps<H extends IHost = IHost> {
  /** An IncusHost: ACLs are Incus objects (a compile error on a LibvirtHost, a synth error on a host typed IHost). */
  readonly host: IncusOnly<H, H>;
  /** Letters, digits and "-", at most 63 characters. @default derived from the construct path */
  readonly name?: string;
  /** @default none */
  readonly description?: string;
  /** Rules for traffic reaching the instances the ACL applies to. @default none (with the ACL applied: refused) */
  readonly ingress?: readonly AclRule[];
  /** Rules for traffic leaving those instances. @default none (with the ACL applied: refused) */
  readonly egress?: readonly AclRule[];
}
