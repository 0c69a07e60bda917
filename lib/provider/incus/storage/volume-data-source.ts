// data "incus_storage_volume": an existing volume by pool, type and name.
import type { DataSource } from "../../framework";
import { mapOf, str } from "../../framework";
import { callFor, clientFor } from "../common";
import type { IncusProviderData } from "../provider-data";

export const storageVolumeDataSource: DataSource<IncusProviderData> = {
  typeName: "incus_storage_volume",
  schema: {
    description: "Reads an existing storage volume.",
    attributes: {
      name: str({ required: true, description: "Name of the volume." }),
      type: str({ required: true, description: "Volume type: custom, container, virtual-machine or image." }),
      storage_pool: str({ required: true, description: "Pool of the volume." }),
      project: str({ optional: true, description: "Project of the volume." }),
      remote: str({ optional: true, description: "The remote to read from." }),
      target: str({ optional: true, description: "Cluster member." }),
      description: str({ optional: true, computed: true, description: "Description of the volume." }),
      config: mapOf("string", { computed: true, description: "Volume configuration." }),
      location: str({ optional: true, computed: true, description: "Cluster member the volume is on." }),
      content_type: str({ optional: true, computed: true, description: "filesystem, block or iso." }),
    },
  },
  async read(config, ctx) {
    const client = clientFor(ctx, config);
    const v = (await client.storageVolumes.getOfType(config.storage_pool, config.type, config.name, callFor(ctx, config))).value;
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
