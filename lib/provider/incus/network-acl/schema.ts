// The incus_network_acl schema (lxc/incus v1.1.1 compatible): rules are set-nested attributes, unordered as
// Incus applies them.
import type { ApplyModel, Schema, StateModel } from "../../framework";
import { custom, lengthBetween, mapOf, nested, oneOf, requiresReplace, str } from "../../framework";
import { configValueChecks, objectName } from "../common";

const ICMP_PROTOCOLS = ["icmp4", "icmp6"];

/** ICMP type and code only mean something for ICMP rules; Incus refuses them on any other. */
const icmpOnly = custom((value, req) => {
  const protocol = req.config.protocol;
  if (value === "" || typeof protocol !== "string" || ICMP_PROTOCOLS.includes(protocol)) return undefined;
  return `ICMP type and code apply only to icmp4 and icmp6 rules; this rule's protocol is ${JSON.stringify(protocol || "any")}.`;
}, "only for icmp4 and icmp6 rules");

function ruleAttributes() {
  return {
    action: str({
      required: true,
      description: "allow, allow-stateless, drop or reject.",
      validators: [oneOf(["allow", "allow-stateless", "drop", "reject"])],
    }),
    destination: str({
      optional: true,
      computed: true,
      description: "Comma-separated destination addresses, ranges, subnets or @references.",
    }),
    destination_port: str({ optional: true, computed: true, description: "Destination ports or ranges." }),
    protocol: str({ optional: true, computed: true, description: "icmp4, icmp6, tcp, udp, or empty for any." }),
    description: str({ optional: true, computed: true, description: "Description of the rule." }),
    state: str({
      required: true,
      description: "enabled, disabled or logged.",
      validators: [oneOf(["enabled", "disabled", "logged"])],
    }),
    source: str({
      optional: true,
      computed: true,
      description: "Comma-separated source addresses, ranges, subnets or @references.",
    }),
    source_port: str({ optional: true, computed: true, description: "Source ports or ranges." }),
    icmp_type: str({
      optional: true,
      computed: true,
      description: "ICMP message type (icmp4 and icmp6 rules).",
      validators: [icmpOnly],
    }),
    icmp_code: str({
      optional: true,
      computed: true,
      description: "ICMP message code (icmp4 and icmp6 rules).",
      validators: [icmpOnly],
    }),
  };
}

export const networkAclSchema = {
  description: "An Incus network ACL: ingress and egress rules that networks and NICs refer to by name.",
  attributes: {
    name: str({
      required: true,
      description: "Name of the ACL.",
      validators: [objectName("network ACL")],
      planModifiers: [requiresReplace()],
    }),
    description: str({ optional: true, computed: true, default: "", description: "Description of the ACL." }),
    project: str({
      optional: true,
      description: "Project of the ACL.",
      validators: [lengthBetween(1, 63)],
      planModifiers: [requiresReplace()],
    }),
    remote: str({
      optional: true,
      description: "The remote to create the ACL on.",
      planModifiers: [requiresReplace()],
    }),
    config: mapOf("string", {
      optional: true,
      computed: true,
      default: {},
      description: "ACL configuration (user.* keys).",
      validators: [configValueChecks()],
    }),
    egress: nested("set", ruleAttributes(), {
      optional: true,
      computed: true,
      default: null,
      description: "Rules for traffic leaving the instances the ACL applies to.",
    }),
    ingress: nested("set", ruleAttributes(), {
      optional: true,
      computed: true,
      default: null,
      description: "Rules for traffic reaching the instances the ACL applies to.",
    }),
  },
} satisfies Schema;

/** An incus_network_acl as state holds it. */
export type NetworkAclState = StateModel<typeof networkAclSchema>;
/** An incus_network_acl as create and update get it. */
export type NetworkAclPlan = ApplyModel<typeof networkAclSchema>;
