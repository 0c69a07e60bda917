// The incus_network_peer schema (lxc/incus v1.1.1 compatible): a peering from an OVN network to another OVN
// network (type "local") or to a network integration (type "remote").
import type { ApplyModel, Schema, StateModel } from "../../framework";
import { lengthBetween, mapOf, requiresReplace, str } from "../../framework";
import { configValueChecks, objectName } from "../common";

const replacedWhenSet = { optional: true, computed: true, planModifiers: [requiresReplace()] } as const;

export const networkPeerSchema = {
  description: "An Incus network peering between OVN networks, or from an OVN network to an integration.",
  attributes: {
    name: str({
      required: true,
      description: "Name of the peering on the local network.",
      validators: [objectName("network peer")],
      planModifiers: [requiresReplace()],
    }),
    description: str({ optional: true, computed: true, default: "", description: "Description of the peering." }),
    config: mapOf("string", {
      optional: true,
      computed: true,
      description: "Peering configuration (user.* keys).",
      validators: [configValueChecks()],
    }),
    target_project: str({
      ...replacedWhenSet,
      description: "Project of the target network (local peerings).",
      validators: [lengthBetween(1, 63)],
    }),
    network: str({
      optional: true,
      description: "Name of the local (OVN) network.",
      validators: [lengthBetween(1, 63)],
      planModifiers: [requiresReplace()],
    }),
    target_network: str({
      ...replacedWhenSet,
      description: "Network to peer with (local peerings).",
      validators: [lengthBetween(1, 63)],
    }),
    type: str({
      ...replacedWhenSet,
      description: "Type of peering: local (another OVN network) or remote (an integration).",
      validators: [lengthBetween(1, 63)],
    }),
    target_integration: str({
      ...replacedWhenSet,
      description: "Network integration to peer with (remote peerings).",
      validators: [lengthBetween(1, 63)],
    }),
    project: str({
      optional: true,
      description: "Project of the local network.",
      validators: [lengthBetween(1, 63)],
      planModifiers: [requiresReplace()],
    }),
    remote: str({
      optional: true,
      description: "The remote to create the peering on.",
      planModifiers: [requiresReplace()],
    }),
    status: str({ computed: true, description: "Created once both sides point at each other, Pending until then." }),
  },
} satisfies Schema;

/** An incus_network_peer as state holds it. */
export type NetworkPeerState = StateModel<typeof networkPeerSchema>;
/** An incus_network_peer as create and update get it. */
export type NetworkPeerPlan = ApplyModel<typeof networkPeerSchema>;
