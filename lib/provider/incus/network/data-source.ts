// data "incus_network": an existing network (managed or not) by name.
import type { DataSource } from "../../framework";
import { callFor, clientFor } from "../common";
import { readObject } from "../data-sources/lookup";
import type { IncusProviderData } from "../provider-data";
import { networkDataSourceSchema } from "./schema";

export const networkDataSource: DataSource<IncusProviderData, typeof networkDataSourceSchema> = {
  typeName: "incus_network",
  schema: networkDataSourceSchema,
  async read(config, ctx) {
    const found = { kind: "network", name: config.name, nameAttribute: "name" };
    const n = (
      await readObject(ctx, config, found, () => clientFor(ctx, config).networks.get(config.name, callFor(ctx, config)))
    ).value;
    return {
      name: n.name,
      project: config.project ?? null,
      remote: config.remote ?? null,
      target: config.target ?? null,
      description: n.description ?? "",
      config: n.config ?? {},
      status: n.status ?? "",
      locations: n.locations ?? [],
      type: n.type,
      managed: Boolean(n.managed),
    };
  },
};
