// data "incus_network_load_balancer": an existing load balancer of a network, by its listen address.
import type { NetworkLoadBalancerBackend, NetworkLoadBalancerPort } from "../../../incus/network-load-balancers";
import type { Schema } from "../../framework";
import { listOf, mapOf, str } from "../../framework";
import type { DataSource } from "../../framework";
import { callFor, clientFor } from "../common";
import type { IncusProviderData } from "../provider-data";
import { readObject } from "./lookup";
import { notEmpty } from "./not-empty";

export const networkLoadBalancerDataSourceSchema = {
  description: "Reads an existing Incus network load balancer.",
  attributes: {
    listen_address: str({ required: true, description: "The address the load balancer listens on." }),
    network: str({ required: true, description: "Name of the network." }),
    project: str({ optional: true, validators: [notEmpty], description: "Project of the network." }),
    remote: str({ optional: true, description: "The remote to read from." }),
    description: str({ optional: true, computed: true, description: "Description of the load balancer." }),
    config: mapOf("string", { computed: true, description: "Load balancer configuration." }),
    location: str({ optional: true, computed: true, description: "Cluster member the load balancer is on." }),
    backends: listOf(
      ["object", { name: "string", description: "string", target_port: "string", target_address: "string" }],
      { optional: true, computed: true, description: "Backends traffic is balanced across." },
    ),
    ports: listOf(
      [
        "object",
        { description: "string", protocol: "string", listen_port: "string", target_backend: ["list", "string"] },
      ],
      { optional: true, computed: true, description: "Ports and the backends they go to." },
    ),
  },
} satisfies Schema;

function backend(b: NetworkLoadBalancerBackend) {
  return {
    name: b.name ?? null,
    description: b.description ?? null,
    target_port: b.target_port ?? null,
    target_address: b.target_address ?? null,
  };
}

function port(p: NetworkLoadBalancerPort) {
  return {
    description: p.description ?? null,
    protocol: p.protocol ?? null,
    listen_port: p.listen_port ?? null,
    target_backend: [...(p.target_backend ?? [])],
  };
}

export const networkLoadBalancerDataSource: DataSource<IncusProviderData, typeof networkLoadBalancerDataSourceSchema> =
  {
    typeName: "incus_network_load_balancer",
    schema: networkLoadBalancerDataSourceSchema,
    async read(config, ctx) {
      const found = {
        kind: "network load balancer",
        name: config.listen_address,
        nameAttribute: "listen_address",
        parent: `network ${JSON.stringify(config.network)}`,
        apiExtension: "network_load_balancer",
      };
      const lb = (
        await readObject(ctx, config, found, () =>
          clientFor(ctx, config).networkLoadBalancers.get(config.network, config.listen_address, callFor(ctx, config)),
        )
      ).value;
      return {
        listen_address: lb.listen_address,
        network: config.network,
        project: config.project ?? null,
        remote: config.remote ?? null,
        description: lb.description ?? "",
        config: lb.config ?? {},
        location: lb.location ?? "",
        backends: (lb.backends ?? []).map(backend),
        ports: (lb.ports ?? []).map(port),
      };
    },
  };
