// incus_network_acl, schema-compatible with lxc/incus: the ACL's description, config and rule sets, replaced
// as a whole on update (PUT). Rules read back with every field, "" for the ones Incus leaves empty.
import type { IncusClient, NetworkACL, NetworkACLRule } from "../../../incus";
import type { Resource, ResourceContext } from "../../framework";
import {
  callFor,
  configMap,
  ignoreNotFound,
  knownOr,
  managedObjectLifecycle,
  parseImportId,
  requiringApiExtension,
  stripComputedConfig,
  userConfigOf,
} from "../common";
import type { IncusProviderData } from "../provider-data";
import type { NetworkAclPlan, NetworkAclState } from "./schema";
import { networkAclSchema } from "./schema";

type Ctx = ResourceContext<IncusProviderData>;
type RuleState = NonNullable<NetworkAclState["egress"]>[number];

const RULE_FIELDS = [
  "action",
  "destination",
  "destination_port",
  "protocol",
  "description",
  "state",
  "source",
  "source_port",
  "icmp_type",
  "icmp_code",
] as const;

/** The rules as Incus takes them: fields not known yet (computed, left unset) are sent empty. */
export function rulesFromPlan(rules: unknown): NetworkACLRule[] {
  const list = knownOr(rules as readonly Record<string, unknown>[] | null, []);
  return list.map((rule) => {
    const out: Record<string, string> = {};
    for (const field of RULE_FIELDS) out[field] = knownOr(rule[field] as string | null, "");
    return out as unknown as NetworkACLRule;
  });
}

/** The rules as state: every field present; no rules are null unless the configuration says `[]`. */
export function rulesState(live: readonly NetworkACLRule[] | null | undefined, known: unknown): RuleState[] | null {
  if (!live || live.length === 0) return Array.isArray(known) && known.length === 0 ? [] : null;
  return live.map((rule) => {
    const out: Record<string, string> = {};
    for (const field of RULE_FIELDS) out[field] = rule[field] ?? "";
    return out as unknown as RuleState;
  });
}

function aclState(acl: NetworkACL, known: NetworkAclPlan): NetworkAclState {
  return {
    name: acl.name,
    description: acl.description ?? "",
    project: known.project ?? null,
    remote: known.remote ?? null,
    config: stripComputedConfig(acl.config, userConfigOf(known.config)),
    egress: rulesState(acl.egress, known.egress),
    ingress: rulesState(acl.ingress, known.ingress),
  };
}

async function readBack(client: IncusClient, known: NetworkAclPlan, ctx: Ctx): Promise<NetworkAclState | null> {
  const found = await ignoreNotFound(client.networkACLs.get(known.name, callFor(ctx, known)));
  return found ? aclState(found.value, known) : null;
}

function body(planned: NetworkAclPlan) {
  return {
    description: planned.description ?? "",
    config: configMap(planned.config),
    egress: rulesFromPlan(planned.egress),
    ingress: rulesFromPlan(planned.ingress),
  };
}

async function converge(client: IncusClient, planned: NetworkAclPlan, ctx: Ctx): Promise<void> {
  const call = callFor(ctx, planned);
  const current = await client.networkACLs.get(planned.name, call);
  await client.networkACLs.update(planned.name, body(planned), { ...call, etag: current.etag });
}

const resource: Resource<IncusProviderData, typeof networkAclSchema> = {
  typeName: "incus_network_acl",
  schema: networkAclSchema,

  ...managedObjectLifecycle<NetworkAclPlan, NetworkAclState>({
    kind: "incus_network_acl",
    importIdFields: (planned) => [planned.name],
    createObject: (client, planned, ctx) =>
      client.networkACLs.create({ name: planned.name, ...body(planned) }, callFor(ctx, planned)),
    getObject: (client, planned, ctx) => client.networkACLs.get(planned.name, callFor(ctx, planned)),
    deleteObject: (client, prior, ctx) => client.networkACLs.delete(prior.name, callFor(ctx, prior)),
    converge,
    readBack,
  }),

  async importState(id) {
    const parsed = parseImportId(id, { fields: ["name"], typeName: "incus_network_acl" });
    return { name: parsed.fields.name, remote: parsed.remote, project: parsed.project };
  },
};

export const networkAclResource = requiringApiExtension("network_acl", resource);
