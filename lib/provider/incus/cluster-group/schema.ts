// The incus_cluster_group schema (lxc/incus compatible), with the models resource code reads.
import type { ApplyModel, Schema, StateModel } from "../../framework";
import { custom, mapOf, requiresReplace, setOf, str } from "../../framework";

const noEmptyMember = custom((value) => {
  if (!Array.isArray(value)) return undefined;
  return value.some((v) => v === "") ? "must not contain an empty member name" : undefined;
}, "no empty elements");

export const clusterGroupSchema = {
  description: 'A group of Incus cluster members, for placing instances and volumes with target = "@<group>".',
  attributes: {
    name: str({ required: true, description: "Name of the cluster group.", planModifiers: [requiresReplace()] }),
    description: str({
      optional: true,
      computed: true,
      default: "",
      description: "Description of the cluster group.",
    }),
    remote: str({
      optional: true,
      description: "The remote (a cluster) to create the group on.",
      planModifiers: [requiresReplace()],
    }),
    config: mapOf("string", {
      optional: true,
      computed: true,
      default: {},
      description: "Cluster group configuration (needs the API extension clustering_groups_config).",
    }),
    members: setOf("string", {
      optional: true,
      description: "Names of the cluster members in the group.",
      validators: [noEmptyMember],
    }),
  },
} satisfies Schema;

/** An incus_cluster_group as state holds it. */
export type ClusterGroupState = StateModel<typeof clusterGroupSchema>;
/** An incus_cluster_group as create and update get it. */
export type ClusterGroupPlan = ApplyModel<typeof clusterGroupSchema>;
