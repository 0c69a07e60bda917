// data "incus_instance": an existing container or virtual machine by name, with its own config and devices (not
// the ones its profiles add).
import type { Schema } from "../../framework";
import { bool, listOf, mapOf, setBlock, str } from "../../framework";
import type { DataSource } from "../../framework";
import { callFor, clientFor, devicesToBlocks } from "../common";
import type { IncusProviderData } from "../provider-data";
import { readObject } from "./lookup";
import { notEmpty } from "./not-empty";

export const instanceDataSourceSchema = {
  description: "Reads an existing Incus instance.",
  attributes: {
    name: str({ required: true, description: "Name of the instance." }),
    project: str({ optional: true, validators: [notEmpty], description: "Project of the instance." }),
    remote: str({ optional: true, description: "The remote to read from." }),
    description: str({ optional: true, computed: true, description: "Description of the instance." }),
    config: mapOf("string", { computed: true, description: "The instance's own configuration." }),
    status: str({ optional: true, computed: true, description: "Running, Stopped, Frozen or Error." }),
    location: str({ optional: true, computed: true, description: "Cluster member the instance runs on." }),
    type: str({ optional: true, computed: true, description: "container or virtual-machine." }),
    architecture: str({ optional: true, computed: true, description: "Architecture name." }),
    ephemeral: bool({ optional: true, computed: true, description: "Whether the instance is deleted on shutdown." }),
    profiles: listOf("string", { optional: true, computed: true, description: "Profiles applied, in order." }),
    stateful: bool({ optional: true, computed: true, description: "Whether the instance is stateful." }),
  },
  blocks: {
    device: setBlock(
      {
        name: str({ computed: true, description: "Device name." }),
        type: str({ computed: true, description: "Device type." }),
        properties: mapOf("string", { computed: true, description: "Device settings." }),
      },
      { description: "The instance's own devices." },
    ),
  },
} satisfies Schema;

export const instanceDataSource: DataSource<IncusProviderData, typeof instanceDataSourceSchema> = {
  typeName: "incus_instance",
  schema: instanceDataSourceSchema,
  async read(config, ctx) {
    const found = { kind: "instance", name: config.name, nameAttribute: "name" };
    const i = (
      await readObject(ctx, config, found, () =>
        clientFor(ctx, config).instances.get(config.name, callFor(ctx, config)),
      )
    ).value;
    return {
      name: i.name,
      project: config.project ?? null,
      remote: config.remote ?? null,
      description: i.description ?? "",
      config: i.config ?? {},
      status: i.status ?? "",
      location: i.location ?? "",
      type: i.type,
      architecture: i.architecture ?? "",
      ephemeral: Boolean(i.ephemeral),
      profiles: i.profiles ?? [],
      stateful: Boolean(i.stateful),
      device: devicesToBlocks(i.devices),
    };
  },
};
