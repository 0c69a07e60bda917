// data "incus_network": an existing network (managed or not) by name.
import type { DataSource } from "../../framework";
import { bool, listOf, mapOf, str } from "../../framework";
import { callFor, clientFor } from "../common";
import type { IncusProviderData } from "../provider-data";

export const networkDataSource: DataSource<IncusProviderData> = {
  typeName: "incus_network",
  schema: {
    description: "Reads an existing Incus network.",
    attributes: {
      name: str({ required: true, description: "Name of the network." }),
      project: str({ optional: true, description: "Project of the network." }),
      remote: str({ optional: true, description: "The remote to read from." }),
      target: str({ optional: true, description: "Cluster member." }),
      description: str({ optional: true, computed: true, description: "Description of the network." }),
      config: mapOf("string", { computed: true, description: "Network configuration." }),
      status: str({ optional: true, computed: true, description: "Status of the network." }),
      locations: listOf("string", { optional: true, computed: true, description: "Cluster members the network exists on." }),
      type: str({ optional: true, computed: true, description: "Network type." }),
      managed: bool({ optional: true, computed: true, description: "Whether Incus manages the network." }),
    },
  },
  async read(config, ctx) {
    const n = (await clientFor(ctx, config).networks.get(config.name, callFor(ctx, config))).value;
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
