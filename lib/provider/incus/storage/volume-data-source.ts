// data "incus_storage_volume": an existing volume by pool, type and name.
import type { DataSource } from "../../framework";
import { callFor, clientFor } from "../common";
import { readObject } from "../data-sources/lookup";
import type { IncusProviderData } from "../provider-data";
import { volumeDataSourceSchema } from "./volume-schema";

export const storageVolumeDataSource: DataSource<IncusProviderData, typeof volumeDataSourceSchema> = {
  typeName: "incus_storage_volume",
  schema: volumeDataSourceSchema,
  async read(config, ctx) {
    const client = clientFor(ctx, config);
    const found = {
      kind: "storage volume",
      name: config.name,
      nameAttribute: "name",
      parent: `storage pool ${JSON.stringify(config.storage_pool)} (type ${JSON.stringify(config.type)})`,
    };
    const v = (
      await readObject(ctx, config, found, () =>
        client.storageVolumes.getOfType(config.storage_pool, config.type, config.name, callFor(ctx, config)),
      )
    ).value;
    return {
      name: v.name,
      type: v.type,
      storage_pool: config.storage_pool,
      project: config.project ?? null,
      remote: config.remote ?? null,
      target: config.target ?? null,
      description: v.description ?? "",
      config: v.config ?? {},
      location: v.location ?? "",
      content_type: v.content_type,
    };
  },
};
