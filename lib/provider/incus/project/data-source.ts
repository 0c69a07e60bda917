// data "incus_project": a project's description and config by name.
import type { DataSource } from "../../framework";
import { clientFor } from "../common";
import type { IncusProviderData } from "../provider-data";
import { projectDataSourceSchema } from "./schema";

export const projectDataSource: DataSource<IncusProviderData, typeof projectDataSourceSchema> = {
  typeName: "incus_project",
  schema: projectDataSourceSchema,
  async read(config, ctx) {
    const project = (await clientFor(ctx, config).projects.get(config.name, { signal: ctx.signal })).value;
    return {
      name: project.name,
      remote: config.remote ?? null,
      description: project.description ?? "",
      config: project.config ?? {},
    };
  },
};
