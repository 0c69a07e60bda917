// data "incus_network_forward": an existing forward of a network, by its listen address.
import type { NetworkForwardPort } from "../../../incus/network-forwards";
import type { Schema } from "../../framework";
import { listOf, mapOf, str } from "../../framework";
import type { DataSource } from "../../framework";
import { callFor, clientFor } from "../common";
import type { IncusProviderData } from "../provider-data";
import { readObject } from "./lookup";
import { notEmpty } from "./not-empty";

export const networkForwardDataSourceSchema = {
  description: "Reads an existing Incus network forward.",
  attributes: {
    listen_address: str({ required: true, description: "The address the forward listens on." }),
    network: str({ required: true, description: "Name of the network." }),
    project: str({ optional: true, validators: [notEmpty], description: "Project of the network." }),
    remote: str({ optional: true, description: "The remote to read from." }),
    target: str({ optional: true, validators: [notEmpty], description: "Cluster member." }),
    description: str({ optional: true, computed: true, description: "Description of the forward." }),
    config: mapOf("string", { computed: true, description: "Forward configuration." }),
    location: str({ optional: true, computed: true, description: "Cluster member the forward is on." }),
    ports: listOf(
      [
        "object",
        {
          description: "string",
          protocol: "string",
          listen_port: "string",
          target_port: "string",
          target_address: "string",
          snat: "bool",
        },
      ],
      { optional: true, computed: true, description: "Forwarded ports." },
    ),
  },
} satisfies Schema;

function port(p: NetworkForwardPort) {
  return {
    description: p.description ?? null,
    protocol: p.protocol ?? null,
    listen_port: p.listen_port ?? null,
    target_port: p.target_port ?? null,
    target_address: p.target_address ?? null,
    snat: p.snat ?? null,
  };
}

export const networkForwardDataSource: DataSource<IncusProviderData, typeof networkForwardDataSourceSchema> = {
  typeName: "incus_network_forward",
  schema: networkForwardDataSourceSchema,
  async read(config, ctx) {
    const found = {
      kind: "network forward",
      name: config.listen_address,
      nameAttribute: "listen_address",
      parent: `network ${JSON.stringify(config.network)}`,
      apiExtension: "network_forward",
    };
    const forward = (
      await readObject(ctx, config, found, () =>
        clientFor(ctx, config).networkForwards.get(config.network, config.listen_address, callFor(ctx, config)),
      )
    ).value;
    return {
      listen_address: forward.listen_address,
      network: config.network,
      project: config.project ?? null,
      remote: config.remote ?? null,
      target: config.target ?? null,
      description: forward.description ?? "",
      config: forward.config ?? {},
      location: forward.location ?? "",
      ports: (forward.ports ?? []).map(port),
    };
  },
};
