// data "incus_storage_pool": an existing pool by name.
import type { DataSource } from "../../framework";
import { callFor, clientFor } from "../common";
import { readObject } from "../data-sources/lookup";
import type { IncusProviderData } from "../provider-data";
import { storagePoolDataSourceSchema } from "./pool-schema";

export const storagePoolDataSource: DataSource<IncusProviderData, typeof storagePoolDataSourceSchema> = {
  typeName: "incus_storage_pool",
  schema: storagePoolDataSourceSchema,
  async read(config, ctx) {
    const found = { kind: "storage pool", name: config.name, nameAttribute: "name", inProject: false };
    const p = (
      await readObject(ctx, config, found, () =>
        clientFor(ctx, config).storagePools.get(config.name, callFor(ctx, config)),
      )
    ).value;
    return {
      name: p.name,
      remote: config.remote ?? null,
      target: config.target ?? null,
      description: p.description ?? "",
      config: p.config ?? {},
      status: p.status ?? "",
      driver: p.driver,
    };
  },
};
