// data "incus_network_acl": an existing network ACL and its rules.
import type { NetworkACLRule } from "../../../incus/network-acls";
import type { CtyType } from "../../cty";
import type { Schema } from "../../framework";
import { listOf, mapOf, str } from "../../framework";
import type { DataSource } from "../../framework";
import { callFor, clientFor } from "../common";
import type { IncusProviderData } from "../provider-data";
import { readObject } from "./lookup";
import { notEmpty } from "./not-empty";

const RULE = [
  "object",
  {
    action: "string",
    source: "string",
    destination: "string",
    protocol: "string",
    source_port: "string",
    destination_port: "string",
    icmp_type: "string",
    icmp_code: "string",
    description: "string",
    state: "string",
  },
] satisfies CtyType;

export const networkAclDataSourceSchema = {
  description: "Reads an existing Incus network ACL.",
  attributes: {
    name: str({ required: true, description: "Name of the network ACL." }),
    project: str({ optional: true, validators: [notEmpty], description: "Project of the network ACL." }),
    remote: str({ optional: true, description: "The remote to read from." }),
    description: str({ optional: true, computed: true, description: "Description of the network ACL." }),
    config: mapOf("string", { computed: true, description: "Network ACL configuration." }),
    egress: listOf(RULE, { optional: true, computed: true, description: "Egress rules, in order." }),
    ingress: listOf(RULE, { optional: true, computed: true, description: "Ingress rules, in order." }),
  },
} satisfies Schema;

function rule(r: NetworkACLRule) {
  return {
    action: r.action ?? null,
    source: r.source ?? null,
    destination: r.destination ?? null,
    protocol: r.protocol ?? null,
    source_port: r.source_port ?? null,
    destination_port: r.destination_port ?? null,
    icmp_type: r.icmp_type ?? null,
    icmp_code: r.icmp_code ?? null,
    description: r.description ?? null,
    state: r.state ?? null,
  };
}

export const networkAclDataSource: DataSource<IncusProviderData, typeof networkAclDataSourceSchema> = {
  typeName: "incus_network_acl",
  schema: networkAclDataSourceSchema,
  async read(config, ctx) {
    const found = { kind: "network ACL", name: config.name, nameAttribute: "name", apiExtension: "network_acl" };
    const acl = (
      await readObject(ctx, config, found, () =>
        clientFor(ctx, config).networkACLs.get(config.name, callFor(ctx, config)),
      )
    ).value;
    return {
      name: acl.name,
      project: config.project ?? null,
      remote: config.remote ?? null,
      description: acl.description ?? "",
      config: acl.config ?? {},
      egress: (acl.egress ?? []).map(rule),
      ingress: (acl.ingress ?? []).map(rule),
    };
  },
};
