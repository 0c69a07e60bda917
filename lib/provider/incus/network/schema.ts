// The incus_network schema (lxc/incus compatible) and the data source's, with the models resource code reads.
import type { ApplyModel, Schema, StateModel } from "../../framework";
import { bool, custom, listOf, mapOf, requiresReplace, str, useStateForUnknown } from "../../framework";
import { configValueChecks, objectName } from "../common";

const noTargetDescription = custom((_value, req) => {
  if (req.config.target && req.config.description)
    return "description cannot be set together with target: set it on the cluster-wide network instead.";
  return undefined;
}, "description and target are exclusive");

export const networkSchema = {
  description: "An Incus network.",
  attributes: {
    name: str({
      required: true,
      description: "Name of the network.",
      validators: [objectName("network")],
      planModifiers: [requiresReplace()],
    }),
    description: str({
      optional: true,
      computed: true,
      default: "",
      description: "Description of the network.",
      validators: [noTargetDescription],
    }),
    type: str({
      optional: true,
      computed: true,
      description: "bridge (server default), macvlan, sriov, ovn or physical.",
      planModifiers: [useStateForUnknown(), requiresReplace()],
    }),
    config: mapOf("string", {
      optional: true,
      computed: true,
      description: "Network configuration.",
      validators: [configValueChecks()],
    }),
    project: str({ optional: true, description: "Project of the network.", planModifiers: [requiresReplace()] }),
    remote: str({
      optional: true,
      description: "The remote to create the network on.",
      planModifiers: [requiresReplace()],
    }),
    target: str({
      optional: true,
      description: "Cluster member to create the member-specific part on.",
      planModifiers: [requiresReplace()],
    }),
    managed: bool({ computed: true, description: "Whether Incus manages the network." }),
  },
} satisfies Schema;

/** An incus_network as state holds it. */
export type NetworkState = StateModel<typeof networkSchema>;
/** An incus_network as create and update get it (the type and config may be unknown until the server chose them). */
export type NetworkPlan = ApplyModel<typeof networkSchema>;

export const networkDataSourceSchema = {
  description: "Reads an existing Incus network.",
  attributes: {
    name: str({ required: true, description: "Name of the network." }),
    project: str({ optional: true, description: "Project of the network." }),
    remote: str({ optional: true, description: "The remote to read from." }),
    target: str({ optional: true, description: "Cluster member." }),
    description: str({ optional: true, computed: true, description: "Description of the network." }),
    config: mapOf("string", { computed: true, description: "Network configuration." }),
    status: str({ optional: true, computed: true, description: "Status of the network." }),
    locations: listOf("string", {
      optional: true,
      computed: true,
      description: "Cluster members the network exists on.",
    }),
    type: str({ optional: true, computed: true, description: "Network type." }),
    managed: bool({ optional: true, computed: true, description: "Whether Incus manages the network." }),
  },
} satisfies Schema;
