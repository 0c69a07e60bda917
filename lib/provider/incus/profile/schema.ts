// The incus_profile schema (lxc/incus compatible) and the data source's, with the models resource code reads.
import type { ApplyModel, Schema, StateModel } from "../../framework";
import { mapOf, requiresReplace, setBlock, str } from "../../framework";
import { SECRET_INSTANCE_CONFIG_KEYS, configValueChecks, deviceBlock, objectName } from "../common";

export const profileSchema = {
  description: "An Incus profile: config and devices shared by the instances that use it.",
  attributes: {
    name: str({
      required: true,
      description: "Name of the profile.",
      validators: [objectName("profile")],
      planModifiers: [requiresReplace()],
    }),
    description: str({ optional: true, computed: true, default: "", description: "Description of the profile." }),
    project: str({
      optional: true,
      computed: true,
      default: "default",
      description: "Project of the profile.",
      planModifiers: [requiresReplace()],
    }),
    remote: str({
      optional: true,
      description: "The remote to create the profile on.",
      planModifiers: [requiresReplace()],
    }),
    config: mapOf("string", {
      optional: true,
      computed: true,
      default: {},
      description: "Instance configuration applied by the profile.",
      secretKeys: SECRET_INSTANCE_CONFIG_KEYS,
      validators: [configValueChecks()],
    }),
  },
  blocks: { device: deviceBlock() },
} satisfies Schema;

/** An incus_profile as state holds it. */
export type ProfileState = StateModel<typeof profileSchema>;
/** An incus_profile as create and update get it. */
export type ProfilePlan = ApplyModel<typeof profileSchema>;

export const profileDataSourceSchema = {
  description: "Reads an existing Incus profile.",
  attributes: {
    name: str({ required: true, description: "Name of the profile." }),
    project: str({ optional: true, description: "Project of the profile." }),
    remote: str({ optional: true, description: "The remote to read from." }),
    description: str({ optional: true, computed: true, description: "Description of the profile." }),
    config: mapOf("string", { computed: true, description: "Instance configuration applied by the profile." }),
  },
  blocks: {
    device: setBlock(
      {
        name: str({ computed: true, description: "Device name." }),
        type: str({ computed: true, description: "Device type." }),
        properties: mapOf("string", { computed: true, description: "Device settings." }),
      },
      { description: "Devices of the profile." },
    ),
  },
} satisfies Schema;
