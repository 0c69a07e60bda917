// The incus_storage_volume schema (lxc/incus compatible). Its plan rules are in volume-plan.ts.
import type { ApplyModel, PlanModel, PlanModifier, Schema, StateModel } from "../../framework";
import { configValueChecks, objectName } from "../common";
import { fileBlock } from "../instance/files";
import { custom, isUnknown, mapOf, nested, oneOf, requiresReplace, requiresReplaceIf, str } from "../../framework";

/** Replace only when the user configured a new value (a computed value filled by the server never replaces). */
const requiresReplaceIfConfigured: PlanModifier = requiresReplaceIf(
  (req) => req.configValue !== null && !isUnknown(req.configValue),
  "Changing the configured value replaces the volume.",
);

/**
 * Incus refuses POST .../volumes/{container,virtual-machine,image} ("Currently not allowed to create storage volumes of
 * type ..."): those volumes come and go with their instances and images. Say so at plan time, at the attribute.
 */
const customVolumeType = custom((value) => {
  if (typeof value !== "string" || value === "custom") return undefined;
  const owned = ["container", "virtual-machine", "image"].includes(value)
    ? ` ${value} volumes are created and removed with their ${value === "image" ? "images" : "instances"}; read one with data "incus_storage_volume".`
    : "";
  return `Incus creates only custom storage volumes; type is ${JSON.stringify(value)}. Remove type or set it to "custom".${owned}`;
}, 'must be "custom"');

export const volumeSchema = {
  description: "A custom storage volume (filesystem, block or ISO).",
  attributes: {
    name: str({
      required: true,
      description: "Name of the volume.",
      validators: [objectName("storage volume")],
      planModifiers: [requiresReplace()],
    }),
    pool: str({ required: true, description: "Storage pool of the volume.", planModifiers: [requiresReplace()] }),
    description: str({ optional: true, computed: true, description: "Description of the volume." }),
    type: str({
      optional: true,
      computed: true,
      default: "custom",
      description:
        'Volume type. The official provider passes any value on to Incus, which creates only "custom" volumes; other values are refused here at plan time instead of failing on apply.',
      validators: [customVolumeType],
      planModifiers: [requiresReplace()],
    }),
    content_type: str({
      optional: true,
      computed: true,
      description: "filesystem (default) or block.",
      validators: [oneOf(["filesystem", "block"])],
      planModifiers: [requiresReplace()],
    }),
    config: mapOf("string", {
      optional: true,
      computed: true,
      description: "Volume configuration; the size goes in config.size.",
      validators: [configValueChecks()],
    }),
    project: str({ optional: true, description: "Project of the volume.", planModifiers: [requiresReplace()] }),
    remote: str({
      optional: true,
      description: "The remote to create the volume on.",
      planModifiers: [requiresReplace()],
    }),
    target: str({
      optional: true,
      computed: true,
      description: "Cluster member.",
      planModifiers: [requiresReplaceIfConfigured],
    }),
    source_volume: nested(
      "single",
      {
        pool: str({ required: true, description: "Pool of the volume to copy." }),
        name: str({ required: true, description: "Name of the volume to copy." }),
        remote: str({
          optional: true,
          description:
            "Remote of the volume to copy. Default: the volume's own remote; another Incus remote must have an https:// address, which the volume's remote pulls from.",
        }),
      },
      {
        optional: true,
        description: "Create the volume as a copy of another custom volume.",
        planModifiers: [requiresReplace()],
        conflictsWith: ["source_file"],
      },
    ),
    source_file: str({
      optional: true,
      description:
        "Create the volume from a local file: an .iso becomes an ISO volume, anything else is imported as a volume backup.",
      planModifiers: [requiresReplace()],
      conflictsWith: ["source_volume"],
    }),
    location: str({ computed: true, description: 'Cluster member the volume is on ("none" when not clustered).' }),
  },
  blocks: { file: fileBlock("the volume") },
} satisfies Schema;

/** An incus_storage_volume as state holds it. */
export type VolumeState = StateModel<typeof volumeSchema>;
/** An incus_storage_volume as create and update get it (description, config and content type may be the server's to fill). */
export type VolumePlan = ApplyModel<typeof volumeSchema>;
/** An incus_storage_volume's configuration, or its plan before apply. */
export type VolumePlanModel = PlanModel<typeof volumeSchema>;
/** Where a volume is. */
export type VolumeAddress = Pick<VolumeState, "remote" | "project" | "pool" | "name">;

export const volumeDataSourceSchema = {
  description: "Reads an existing storage volume.",
  attributes: {
    name: str({ required: true, description: "Name of the volume." }),
    type: str({ required: true, description: "Volume type: custom, container, virtual-machine or image." }),
    storage_pool: str({ required: true, description: "Pool of the volume." }),
    project: str({ optional: true, description: "Project of the volume." }),
    remote: str({ optional: true, description: "The remote to read from." }),
    target: str({ optional: true, description: "Cluster member." }),
    description: str({ optional: true, computed: true, description: "Description of the volume." }),
    config: mapOf("string", { computed: true, description: "Volume configuration." }),
    location: str({ optional: true, computed: true, description: "Cluster member the volume is on." }),
    content_type: str({ optional: true, computed: true, description: "filesystem, block or iso." }),
  },
} satisfies Schema;
