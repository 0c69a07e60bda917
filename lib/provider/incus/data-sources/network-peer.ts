// data "incus_network_peer": an existing peering of a network with another network or an integration.
import type { Schema } from "../../framework";
import { mapOf, str } from "../../framework";
import type { DataSource } from "../../framework";
import { callFor, clientFor } from "../common";
import type { IncusProviderData } from "../provider-data";
import { readObject } from "./lookup";
import { notEmpty } from "./not-empty";

export const networkPeerDataSourceSchema = {
  description: "Reads an existing Incus network peer.",
  attributes: {
    name: str({ required: true, description: "Name of the network peer." }),
    network: str({ required: true, description: "Name of the network." }),
    project: str({ optional: true, validators: [notEmpty], description: "Project of the network." }),
    remote: str({ optional: true, description: "The remote to read from." }),
    description: str({ optional: true, computed: true, description: "Description of the network peer." }),
    config: mapOf("string", { computed: true, description: "Network peer configuration." }),
    status: str({ optional: true, computed: true, description: "Created, Pending or Errored." }),
    target_project: str({ optional: true, computed: true, description: "Project of the peered network." }),
    target_network: str({ optional: true, computed: true, description: "The peered network." }),
    target_integration: str({ optional: true, computed: true, description: "The peered network integration." }),
    type: str({ optional: true, computed: true, description: "local or remote." }),
  },
} satisfies Schema;

export const networkPeerDataSource: DataSource<IncusProviderData, typeof networkPeerDataSourceSchema> = {
  typeName: "incus_network_peer",
  schema: networkPeerDataSourceSchema,
  async read(config, ctx) {
    const found = {
      kind: "network peer",
      name: config.name,
      nameAttribute: "name",
      parent: `network ${JSON.stringify(config.network)}`,
      apiExtension: "network_peer",
    };
    const peer = (
      await readObject(ctx, config, found, () =>
        clientFor(ctx, config).networkPeers.get(config.network, config.name, callFor(ctx, config)),
      )
    ).value;
    return {
      name: peer.name,
      network: config.network,
      project: config.project ?? null,
      remote: config.remote ?? null,
      description: peer.description ?? "",
      config: peer.config ?? {},
      status: peer.status ?? "",
      target_project: peer.target_project ?? "",
      target_network: peer.target_network ?? "",
      target_integration: peer.target_integration ?? "",
      type: peer.type ?? "",
    };
  },
};
