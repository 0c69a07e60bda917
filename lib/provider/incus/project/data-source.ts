// data "incus_project": a project's description and config by name.
import type { DataSource } from "../../framework";
import { clientFor } from "../common";
import { readObject } from "../data-sources/lookup";
import type { IncusProviderData } from "../provider-data";
import { projectDataSourceSchema } from "./schema";

export const projectDataSource: DataSource<IncusProviderData, typeof projectDataSourceSchema> = {
  typeName: "incus_project",
  schema: projectDataSourceSchema,
  async read(config, ctx) {
    const found = { kind: "project", name: config.name, nameAttribute: "name", inProject: false };
    const project = (
      await readObject(ctx, config, found, () =>
        clientFor(ctx, config).projects.get(config.name, { signal: ctx.signal }),
      )
    ).value;
    return {
      name: project.name,
      remote: config.remote ?? null,
      description: project.description ?? "",
      config: project.config ?? {},
    };
  },
};
