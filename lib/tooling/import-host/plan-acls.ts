// The import plan of network ACLs: a NetworkAcl per ACL with its rules typed (AclAction, AclProtocol, …), adopted
// with the ACL's name. ACL config is named in a warning (the construct keeps only its ownership marker there).
import type { NetworkACL, NetworkACLRule } from "../../incus";
import { namedImportId } from "./import-ids";
import type { DefaultProjectKind } from "./plan-warnings";
import { outsideDefaultProject, warnUnmodelledConfig } from "./plan-warnings";
import { Code } from "./source-text";
import type { Ref, Value } from "./source-text";

/** What the ACL planner needs of the plan: declaring a construct and warning. */
export interface AclPlanContext {
  readonly host: Ref;
  declare(className: "NetworkAcl", props: Value, importId: string, name: string, suffix: string): Ref;
  warn(message: string): void;
}

const ACTIONS: { readonly [action: string]: string } = {
  allow: "ALLOW",
  "allow-stateless": "ALLOW_STATELESS",
  drop: "DROP",
  reject: "REJECT",
};
const STATES: { readonly [state: string]: string } = { enabled: "ENABLED", disabled: "DISABLED", logged: "LOGGED" };
const PROTOCOLS: { readonly [protocol: string]: string } = {
  tcp: "TCP",
  udp: "UDP",
  icmp4: "ICMP4",
  icmp6: "ICMP6",
};

const ACL: DefaultProjectKind = { kind: "network ACL", construct: "NetworkAcl", plural: "ACLs", noun: "ACL" };

/** Declares the ACLs of the default project; ACLs of other projects are warned about. */
export function planAcls(acls: readonly NetworkACL[], context: AclPlanContext): void {
  for (const acl of acls) {
    if (outsideDefaultProject(ACL, acl, context.warn)) continue;
    warnUnmodelledConfig(ACL, acl.name, acl.config ?? {}, () => false, context.warn);
    const rules = (direction: string, list: readonly NetworkACLRule[] | null) =>
      list && list.length > 0
        ? list.map((rule, i) => aclRule(rule, `network ACL "${acl.name}" ${direction}[${i}]`, context.warn))
        : undefined;
    context.declare(
      "NetworkAcl",
      {
        host: context.host,
        name: acl.name,
        description: acl.description || undefined,
        ingress: rules("ingress", acl.ingress),
        egress: rules("egress", acl.egress),
      },
      namedImportId(acl.name),
      acl.name,
      "Acl",
    );
  }
}

function aclRule(rule: NetworkACLRule, where: string, warn: (message: string) => void): Value {
  const icmp = (text: string | undefined) => (text ? Number(text) : undefined);
  return {
    action: member("AclAction", ACTIONS, rule.action, `${where}.action`, warn),
    source: list(rule.source),
    destination: list(rule.destination),
    protocol: rule.protocol ? member("AclProtocol", PROTOCOLS, rule.protocol, `${where}.protocol`, warn) : undefined,
    sourcePorts: ports(rule.source_port),
    destinationPorts: ports(rule.destination_port),
    icmpType: icmp(rule.icmp_type),
    icmpCode: icmp(rule.icmp_code),
    // ENABLED is the construct's default: left out.
    state:
      rule.state && rule.state !== "enabled"
        ? member("AclRuleState", STATES, rule.state, `${where}.state`, warn)
        : undefined,
    description: rule.description || undefined,
  };
}

/** An enum member (`AclAction.DROP`), or the plain string with a warning when the construct's enum lacks it. */
function member(
  enumName: string,
  members: { readonly [value: string]: string },
  value: string,
  where: string,
  warn: (message: string) => void,
): Value {
  const name = members[value];
  if (name) return new Code(`${enumName}.${name}`, enumName);
  warn(`${where}: "${value}" is not a member of ${enumName}; it is written as a string and will not type-check`);
  return value;
}

/** A comma-separated list as the construct's array; Incus stores it as it was given, so the join restores it. */
function list(text: string | undefined): Value {
  return text ? text.split(",") : undefined;
}

/** Ports as numbers, ranges ("8000-8080") as strings. */
function ports(text: string | undefined): Value {
  return text ? text.split(",").map((p) => (/^[1-9][0-9]*$/.test(p) ? Number(p) : p)) : undefined;
}
