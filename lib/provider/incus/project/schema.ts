// The incus_project schema (lxc/incus compatible) and the data source's, with the models resource code reads.
import type { ApplyModel, Schema, StateModel } from "../../framework";
import { bool, mapOf, requiresReplace, str } from "../../framework";
import { configValueChecks, objectName } from "../common";

export const projectSchema = {
  description: "An Incus project.",
  attributes: {
    name: str({
      required: true,
      description: "Name of the project.",
      validators: [objectName("project")],
      planModifiers: [requiresReplace()],
    }),
    description: str({ optional: true, computed: true, default: "", description: "Description of the project." }),
    // limits.cpu of a project is a total number of CPUs, not a CPU set: left to Incus.
    config: mapOf("string", {
      optional: true,
      computed: true,
      default: {},
      description: "Project configuration.",
      validators: [configValueChecks(["limits.cpu"])],
    }),
    remote: str({
      optional: true,
      description: "The remote to create the project on.",
      planModifiers: [requiresReplace()],
    }),
    force_destroy: bool({
      optional: true,
      computed: true,
      default: false,
      description: "Delete the project together with everything in it.",
    }),
  },
} satisfies Schema;

/** An incus_project as state holds it. */
export type ProjectState = StateModel<typeof projectSchema>;
/** An incus_project as create and update get it. */
export type ProjectPlan = ApplyModel<typeof projectSchema>;

export const projectDataSourceSchema = {
  description: "Reads an existing Incus project.",
  attributes: {
    name: str({ required: true, description: "Name of the project." }),
    remote: str({ optional: true, description: "The remote to read from." }),
    description: str({ optional: true, computed: true, description: "Description of the project." }),
    config: mapOf("string", { computed: true, description: "Project configuration." }),
  },
} satisfies Schema;
