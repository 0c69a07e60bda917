// data "incus_project": a project's description and config by name.
import type { DataSource } from "../../framework";
import { mapOf, str } from "../../framework";
import { clientFor } from "../common";
import type { IncusProviderData } from "../provider-data";

export const projectDataSource: DataSource<IncusProviderData> = {
  typeName: "incus_project",
  schema: {
    description: "Reads an existing Incus project.",
    attributes: {
      name: str({ required: true, description: "Name of the project." }),
      remote: str({ optional: true, description: "The remote to read from." }),
      description: str({ optional: true, computed: true, description: "Description of the project." }),
      config: mapOf("string", { computed: true, description: "Project configuration." }),
    },
  },
  async read(config, ctx) {
    const project = (await clientFor(ctx, config).projects.get(config.name, { signal: ctx.signal })).value;
    return { name: project.name, remote: config.remote ?? null, description: project.description ?? "", config: project.config ?? {} };
  },
};
