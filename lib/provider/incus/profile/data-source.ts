// data "incus_profile": an existing profile's config and devices.
import type { DataSource } from "../../framework";
import { callFor, clientFor, devicesToBlocks } from "../common";
import { readObject } from "../data-sources/lookup";
import type { IncusProviderData } from "../provider-data";
import { profileDataSourceSchema } from "./schema";

export const profileDataSource: DataSource<IncusProviderData, typeof profileDataSourceSchema> = {
  typeName: "incus_profile",
  schema: profileDataSourceSchema,
  async read(config, ctx) {
    const found = { kind: "profile", name: config.name, nameAttribute: "name" };
    const p = (
      await readObject(ctx, config, found, () => clientFor(ctx, config).profiles.get(config.name, callFor(ctx, config)))
    ).value;
    return {
      name: p.name,
      project: config.project ?? null,
      remote: config.remote ?? null,
      description: p.description ?? "",
      config: p.config ?? {},
      device: devicesToBlocks(p.devices),
    };
  },
};
