// data "incus_profile": an existing profile's config and devices.
import type { DataSource } from "../../framework";
import { mapOf, setBlock, str } from "../../framework";
import { callFor, clientFor, devicesToBlocks } from "../common";
import type { IncusProviderData } from "../provider-data";

export const profileDataSource: DataSource<IncusProviderData> = {
  typeName: "incus_profile",
  schema: {
    description: "Reads an existing Incus profile.",
    attributes: {
      name: str({ required: true, description: "Name of the profile." }),
      project: str({ optional: true, description: "Project of the profile." }),
      remote: str({ optional: true, description: "The remote to read from." }),
      description: str({ optional: true, computed: true, description: "Description of the profile." }),
      config: mapOf("string", { computed: true, description: "Instance configuration applied by the profile." }),
    },
    blocks: {
      device: setBlock(
        {
          name: str({ computed: true, description: "Device name." }),
          type: str({ computed: true, description: "Device type." }),
          properties: mapOf("string", { computed: true, description: "Device settings." }),
        },
        { description: "Devices of the profile." },
      ),
    },
  },
  async read(config, ctx) {
    const p = (await clientFor(ctx, config).profiles.get(config.name, callFor(ctx, config))).value;
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
