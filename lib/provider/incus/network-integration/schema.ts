// The incus_network_integration schema (lxc/incus compatible), with the models resource code reads.
import type { ApplyModel, Schema, StateModel } from "../../framework";
import { mapOf, oneOf, requiresReplace, str } from "../../framework";
import { nonEmpty } from "../common/non-empty";

export const networkIntegrationSchema = {
  description: "An Incus network integration: a link to an OVN interconnect that network peers can use.",
  attributes: {
    name: str({
      required: true,
      description: "Name of the network integration.",
      validators: [nonEmpty()],
      planModifiers: [requiresReplace()],
    }),
    type: str({
      required: true,
      description: "Type of the integration (ovn).",
      validators: [oneOf(["ovn"])],
      planModifiers: [requiresReplace()],
    }),
    description: str({
      optional: true,
      computed: true,
      default: "",
      description: "Description of the network integration.",
    }),
    remote: str({
      optional: true,
      description: "The remote to create the integration on.",
      planModifiers: [requiresReplace()],
    }),
    project: str({
      optional: true,
      description: "Accepted for compatibility; integrations are server-wide.",
      validators: [nonEmpty()],
      planModifiers: [requiresReplace()],
    }),
    config: mapOf("string", {
      optional: true,
      computed: true,
      default: {},
      description: "Integration configuration (ovn.northbound_connection, ovn.ca_cert, ovn.client_cert, ...).",
      secretKeys: ["ovn.client_key"],
    }),
  },
} satisfies Schema;

/** An incus_network_integration as state holds it. */
export type NetworkIntegrationState = StateModel<typeof networkIntegrationSchema>;
/** An incus_network_integration as create and update get it. */
export type NetworkIntegrationPlan = ApplyModel<typeof networkIntegrationSchema>;
