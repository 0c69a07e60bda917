// data "incus_network_integration": an existing network integration (server-wide, not in a project).
import type { Schema } from "../../framework";
import { mapOf, str } from "../../framework";
import type { DataSource } from "../../framework";
import { callFor, clientFor } from "../common";
import type { IncusProviderData } from "../provider-data";
import { readObject } from "./lookup";

export const networkIntegrationDataSourceSchema = {
  description: "Reads an existing Incus network integration.",
  attributes: {
    name: str({ required: true, description: "Name of the network integration." }),
    remote: str({ optional: true, description: "The remote to read from." }),
    description: str({ optional: true, computed: true, description: "Description of the network integration." }),
    config: mapOf("string", { computed: true, description: "Network integration configuration." }),
    type: str({ optional: true, computed: true, description: "Integration type, e.g. ovn." }),
  },
} satisfies Schema;

export const networkIntegrationDataSource: DataSource<IncusProviderData, typeof networkIntegrationDataSourceSchema> = {
  typeName: "incus_network_integration",
  schema: networkIntegrationDataSourceSchema,
  async read(config, ctx) {
    const found = {
      kind: "network integration",
      name: config.name,
      nameAttribute: "name",
      inProject: false,
      apiExtension: "network_integrations",
    };
    const integration = (
      await readObject(ctx, config, found, () =>
        clientFor(ctx, config).networkIntegrations.get(config.name, callFor(ctx, config)),
      )
    ).value;
    return {
      name: integration.name,
      remote: config.remote ?? null,
      description: integration.description ?? "",
      config: integration.config ?? {},
      type: integration.type ?? "",
    };
  },
};
