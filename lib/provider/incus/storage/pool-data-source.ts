// data "incus_storage_pool": an existing pool by name.
import type { DataSource } from "../../framework";
import { mapOf, str } from "../../framework";
import { callFor, clientFor } from "../common";
import type { IncusProviderData } from "../provider-data";

export const storagePoolDataSource: DataSource<IncusProviderData> = {
  typeName: "incus_storage_pool",
  schema: {
    description: "Reads an existing storage pool.",
    attributes: {
      name: str({ required: true, description: "Name of the pool." }),
      remote: str({ optional: true, description: "The remote to read from." }),
      target: str({ optional: true, description: "Cluster member." }),
      description: str({ optional: true, computed: true, description: "Description of the pool." }),
      config: mapOf("string", { computed: true, description: "Driver configuration." }),
      status: str({ optional: true, computed: true, description: "Status of the pool." }),
      driver: str({ optional: true, computed: true, description: "Storage driver." }),
    },
  },
  async read(config, ctx) {
    const p = (await clientFor(ctx, config).storagePools.get(config.name, callFor(ctx, config))).value;
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
