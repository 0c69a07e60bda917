// Builds a NetworkAcl's incus_network_acl from its validated rules: addresses, subnets and ranges checked, ports
// only with TCP or UDP, ICMP type and code only with ICMP.
import type { Construct, IConstruct } from "constructs";
import { IncusNetworkAclResource } from "../../bindings";
import type { IncusNetworkAclIngressConfig } from "../../bindings";
import { isToken } from "../../bindings/attributes";
import { incusOwnershipConfig } from "../../lifecycle";
import { AclAction, AclProtocol, AclRuleState } from "../model/network-acl-props";
import type { AclRule } from "../model/network-acl-props";
import { isAddressMatch, portRange } from "./addresses";
import { fail } from "./errors";
import type { IncusHostLike } from "./hosts";

const KIND = "NetworkAcl";

/** The common props of a NetworkAcl, resolved. */
export interface NetworkAclInput {
  readonly name: string;
  readonly description?: string;
  readonly ingress?: readonly AclRule[];
  readonly egress?: readonly AclRule[];
}

/** The incus_network_acl (child "Default" of `scope`); returns the reference to its name. */
export function incusNetworkAcl(scope: Construct, host: IncusHostLike, input: NetworkAclInput): string {
  const resource = new IncusNetworkAclResource(scope, "Default", {
    name: input.name,
    description: input.description,
    remote: host.remoteName,
    config: incusOwnershipConfig(scope),
    ingress: aclRules(scope, "ingress", input.ingress),
    egress: aclRules(scope, "egress", input.egress),
  });
  return resource.nameRef;
}

function aclRules(
  scope: IConstruct,
  direction: "ingress" | "egress",
  rules: readonly AclRule[] | undefined,
): IncusNetworkAclIngressConfig[] | undefined {
  if (rules === undefined) return undefined;
  if (!Array.isArray(rules)) fail(scope, KIND, direction, "must be a list of rules");
  return rules.map((rule, i) => aclRule(scope, `${direction}[${i}]`, rule));
}

function aclRule(scope: IConstruct, prop: string, rule: AclRule): IncusNetworkAclIngressConfig {
  if (!Object.values(AclAction).includes(rule.action))
    fail(scope, KIND, `${prop}.action`, `${JSON.stringify(rule.action)} is not allow, allow-stateless, drop or reject`);
  const state = rule.state ?? AclRuleState.ENABLED;
  if (!Object.values(AclRuleState).includes(state))
    fail(scope, KIND, `${prop}.state`, `${JSON.stringify(state)} is not enabled, disabled or logged`);
  if (rule.protocol !== undefined && !Object.values(AclProtocol).includes(rule.protocol))
    fail(scope, KIND, `${prop}.protocol`, `${JSON.stringify(rule.protocol)} is not tcp, udp, icmp4 or icmp6`);
  const withPorts = rule.protocol === AclProtocol.TCP || rule.protocol === AclProtocol.UDP;
  const withIcmp = rule.protocol === AclProtocol.ICMP4 || rule.protocol === AclProtocol.ICMP6;
  for (const name of ["sourcePorts", "destinationPorts"] as const) {
    if (rule[name] !== undefined && !withPorts)
      fail(
        scope,
        KIND,
        `${prop}.${name}`,
        `ports need protocol tcp or udp (the rule's protocol is ${rule.protocol ?? "any"})`,
      );
  }
  for (const name of ["icmpType", "icmpCode"] as const) {
    const value = rule[name];
    if (value === undefined) continue;
    if (!withIcmp)
      fail(
        scope,
        KIND,
        `${prop}.${name}`,
        `needs protocol icmp4 or icmp6 (the rule's protocol is ${rule.protocol ?? "any"})`,
      );
    if (!Number.isInteger(value) || value < 0 || value > 255)
      fail(scope, KIND, `${prop}.${name}`, `${JSON.stringify(value)} is not a whole number from 0 to 255`);
  }
  if (rule.icmpCode !== undefined && rule.icmpType === undefined)
    fail(scope, KIND, `${prop}.icmpCode`, "needs icmpType");
  return {
    action: rule.action,
    state,
    description: rule.description,
    protocol: rule.protocol,
    source: addressList(scope, `${prop}.source`, rule.source),
    destination: addressList(scope, `${prop}.destination`, rule.destination),
    sourcePort: portList(scope, `${prop}.sourcePorts`, rule.sourcePorts),
    destinationPort: portList(scope, `${prop}.destinationPorts`, rule.destinationPorts),
    icmpType: rule.icmpType?.toString(),
    icmpCode: rule.icmpCode?.toString(),
  };
}

/** Addresses, subnets, ranges or @references (`@internal`, `@external`, an ACL or address set name), comma-joined. */
function addressList(scope: IConstruct, prop: string, list: readonly string[] | undefined): string | undefined {
  if (list === undefined) return undefined;
  if (!Array.isArray(list) || list.length === 0)
    fail(scope, KIND, prop, "must be a non-empty list (leave it out for any)");
  for (const entry of list) {
    if (typeof entry !== "string") fail(scope, KIND, prop, `${JSON.stringify(entry)} is not a string`);
    if (isToken(entry) || entry.startsWith("@") || /^[A-Za-z][A-Za-z0-9-]*$/.test(entry)) continue;
    if (!isAddressMatch(entry))
      fail(
        scope,
        KIND,
        prop,
        `"${entry}" is not an IP address, a CIDR subnet (e.g. "10.0.0.0/24"), a range ("10.0.0.5-10.0.0.9") or a reference ("@internal", "@external", an ACL name)`,
      );
  }
  return list.join(",");
}

function portList(scope: IConstruct, prop: string, list: readonly (number | string)[] | undefined): string | undefined {
  if (list === undefined) return undefined;
  if (!Array.isArray(list) || list.length === 0)
    fail(scope, KIND, prop, "must be a non-empty list (leave it out for any)");
  for (const port of list) {
    if (portRange(port) === undefined)
      fail(scope, KIND, prop, `${JSON.stringify(port)} is not a port from 1 to 65535 or a range like "8000-8080"`);
  }
  return list.map(String).join(",");
}
