// data "incus_cluster": whether the remote is a cluster, and its members by name.
import type { ClusterMember } from "../../../incus/cluster";
import type { Schema } from "../../framework";
import { bool, mapOf, str } from "../../framework";
import type { DataSource } from "../../framework";
import { clientFor } from "../common";
import type { IncusProviderData } from "../provider-data";

export const clusterDataSourceSchema = {
  description: "Reads whether an Incus remote is clustered, and its cluster members.",
  attributes: {
    remote: str({ optional: true, description: "The remote to read from." }),
    is_clustered: bool({ computed: true, description: "Whether the server is part of a cluster." }),
    members: mapOf(
      [
        "object",
        {
          address: "string",
          architecture: "string",
          description: "string",
          failure_domain: "string",
          groups: ["list", "string"],
          roles: ["list", "string"],
          status: "string",
        },
      ],
      { computed: true, description: "Cluster members by name; null on a standalone server." },
    ),
  },
} satisfies Schema;

function member(m: ClusterMember) {
  return {
    address: m.url ?? "",
    architecture: m.architecture ?? "",
    description: m.description ?? "",
    failure_domain: m.failure_domain ?? "",
    groups: m.groups ?? [],
    roles: m.roles ?? [],
    status: m.status ?? "",
  };
}

export const clusterDataSource: DataSource<IncusProviderData, typeof clusterDataSourceSchema> = {
  typeName: "incus_cluster",
  schema: clusterDataSourceSchema,
  async read(config, ctx) {
    const client = clientFor(ctx, config);
    const cluster = (await client.cluster.get({ signal: ctx.signal })).value;
    const members = cluster.enabled ? await client.cluster.listMembers({ signal: ctx.signal }) : undefined;
    return {
      remote: config.remote ?? null,
      is_clustered: Boolean(cluster.enabled),
      members: members ? Object.fromEntries(members.map((m) => [m.server_name, member(m)])) : null,
    };
  },
};
