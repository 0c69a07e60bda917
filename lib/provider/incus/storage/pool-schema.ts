// The incus_storage_pool schema (lxc/incus compatible) and the data source's, with the models resource code reads.
import type { ApplyModel, Schema, StateModel } from "../../framework";
import { custom, mapOf, requiresReplace, str } from "../../framework";
import { configValueChecks, objectName } from "../common";

const noTargetDescription = custom((_value, req) => {
  if (req.config.target && req.config.description)
    return "description cannot be set together with target: set it on the cluster-wide pool instead.";
  return undefined;
}, "description and target are exclusive");

export const storagePoolSchema = {
  description: "An Incus storage pool.",
  attributes: {
    name: str({
      required: true,
      description: "Name of the pool.",
      validators: [objectName("storage pool")],
      planModifiers: [requiresReplace()],
    }),
    driver: str({
      required: true,
      description: "dir, zfs, lvm, lvmcluster, btrfs, ceph, cephfs, cephobject, linstor or truenas.",
      planModifiers: [requiresReplace()],
    }),
    description: str({
      optional: true,
      computed: true,
      default: "",
      description: "Description of the pool.",
      validators: [noTargetDescription],
    }),
    config: mapOf("string", {
      optional: true,
      computed: true,
      default: {},
      description: "Driver configuration.",
      validators: [configValueChecks()],
    }),
    project: str({
      optional: true,
      description: "Project (pools are global; kept for compatibility).",
      planModifiers: [requiresReplace()],
    }),
    remote: str({
      optional: true,
      description: "The remote to create the pool on.",
      planModifiers: [requiresReplace()],
    }),
    target: str({
      optional: true,
      description: "Cluster member to create the member-specific part on.",
      planModifiers: [requiresReplace()],
    }),
  },
} satisfies Schema;

/** An incus_storage_pool as state holds it. */
export type StoragePoolState = StateModel<typeof storagePoolSchema>;
/** An incus_storage_pool as create and update get it. */
export type StoragePoolPlan = ApplyModel<typeof storagePoolSchema>;

export const storagePoolDataSourceSchema = {
  description: "Reads an existing storage pool.",
  attributes: {
    name: str({ required: true, description: "Name of the pool." }),
    remote: str({ optional: true, description: "The remote to read from." }),
    target: str({ optional: true, description: "Cluster member." }),
    description: str({ optional: true, computed: true, description: "Description of the pool." }),
    config: mapOf("string", { computed: true, description: "Driver configuration." }),
    status: str({ optional: true, computed: true, description: "Status of the pool." }),
    driver: str({ optional: true, computed: true, description: "Storage driver." }),
  },
} satisfies Schema;
