// incus_network: managed networks (bridge, macvlan, sriov, ovn, physical), schema-compatible with lxc/incus.
// Keys Incus fills in itself (a bridge's generated addresses, MTU, volatile state) never show as drift.
import type { CallOptions, IncusClient, Network } from "../../../incus";
import type { Unknown } from "../../cty";
import type { Resource, ResourceContext } from "../../framework";
import {
  callFor,
  configMap,
  ignoreNotFound,
  managedObjectLifecycle,
  mergeForPut,
  parseImportId,
  stripComputedConfig,
  userConfigOf,
} from "../common";
import { MEMBER_NETWORK_KEYS } from "../../../records";
import { isMemberPart, memberKeys, memberPartConfig, vetFoundPart, withoutMarker } from "../common/member-part";
import type { IncusProviderData } from "../provider-data";
import type { NetworkPlan, NetworkState } from "./schema";
import { networkSchema } from "./schema";

/** Keys Incus generates for networks (the official provider's list). */
export const NETWORK_COMPUTED_KEYS = [
  "bridge.mtu",
  "ipv4.address",
  "ipv4.nat",
  "ipv6.address",
  "ipv6.nat",
  "network",
  "tunnel.",
  "volatile.",
] as const;

/** Address keys that may be "auto": Incus then picks a subnet, and "auto" stays in state. */
const AUTO_KEYS = ["ipv4.address", "ipv6.address"];

type Ctx = ResourceContext<IncusProviderData>;

/**
 * After an import the user's keys are unknown: keep the values Incus would not have generated itself
 * (addresses set to "none", NAT turned off, an explicit MTU or subnet), drop generated addresses and state.
 */
function keepOnImport(key: string, value: string): boolean {
  if (key.startsWith("volatile.") || key.startsWith("tunnel.")) return false;
  if (key.endsWith(".address")) return value === "none";
  if (key.endsWith(".nat")) return value === "false";
  return true;
}

/** The live config as state: computed keys dropped unless set, and a configured "auto" address kept. */
export function networkConfigState(
  live: Record<string, string> | null | undefined,
  user: Readonly<Record<string, string>> | Unknown | null | undefined,
): Record<string, string> {
  const userConfig = userConfigOf(user);
  const out = stripComputedConfig(live, userConfig, NETWORK_COMPUTED_KEYS, keepOnImport);
  for (const key of AUTO_KEYS) {
    const liveValue = live?.[key];
    if (userConfig?.[key] === "auto" && liveValue && liveValue !== "none") out[key] = "auto";
  }
  return out;
}

function networkState(network: Network, known: NetworkPlan): NetworkState {
  const part = isMemberPart(known);
  return {
    name: network.name,
    description: part ? (known.description ?? "") : (network.description ?? ""),
    type: network.type,
    config: part
      ? memberPartConfig(network.config, known.config, MEMBER_NETWORK_KEYS)
      : networkConfigState(network.config, known.config),
    project: known.project ?? null,
    remote: known.remote ?? null,
    target: known.target ?? null,
    managed: Boolean(network.managed),
  };
}

async function readBack(client: IncusClient, known: NetworkPlan, ctx: Ctx): Promise<NetworkState | null> {
  const found = await ignoreNotFound(client.networks.get(known.name, callFor(ctx, known)));
  return found ? networkState(found.value, known) : null;
}

/** Desired config for a PUT: the user's keys ("auto" addresses keep their generated value) plus server keys. */
function putConfig(live: Record<string, string>, planned: NetworkPlan): Record<string, string> {
  const desired = configMap(planned.config);
  for (const key of AUTO_KEYS)
    if (desired[key] === "auto" && live[key] && live[key] !== "none") desired[key] = live[key];
  return mergeForPut(live, desired, NETWORK_COMPUTED_KEYS);
}

/** A member part: only its member keys are set on the member (PUT ?target=), and only when they differ. */
async function convergeMemberPart(client: IncusClient, planned: NetworkPlan, ctx: Ctx): Promise<void> {
  const call = callFor(ctx, planned);
  const current = await client.networks.get(planned.name, call);
  const desired = memberKeys(configMap(planned.config), MEMBER_NETWORK_KEYS);
  const have = memberKeys(current.value.config, MEMBER_NETWORK_KEYS);
  if (Object.entries(desired).every(([key, value]) => have[key] === value)) return;
  await client.networks.update(
    planned.name,
    { description: "", config: { ...have, ...desired } },
    { ...call, etag: current.etag },
  );
}

async function converge(client: IncusClient, planned: NetworkPlan, ctx: Ctx): Promise<void> {
  if (isMemberPart(planned)) return convergeMemberPart(client, planned, ctx);
  const call = callFor(ctx, planned);
  const current = await client.networks.get(planned.name, call);
  await client.networks.update(
    planned.name,
    { description: planned.description ?? "", config: putConfig(current.value.config ?? {}, planned) },
    { ...call, etag: current.etag },
  );
}

/**
 * Sets the description a cluster-wide create dropped: Incus 6.0 ignores the description of the create that follows
 * the members' pending parts.
 */
async function keepDescription(
  client: IncusClient,
  name: string,
  description: string,
  call: CallOptions,
): Promise<void> {
  const created = await client.networks.get(name, call);
  if (created.value.description !== description)
    await client.networks.patch(name, { description }, { ...call, etag: created.etag });
}

export const networkResource: Resource<IncusProviderData, typeof networkSchema> = {
  typeName: "incus_network",
  schema: networkSchema,

  ...managedObjectLifecycle<NetworkPlan, NetworkState>({
    kind: "incus_network",
    importIdFields: (planned) => [planned.name],
    createObject: async (client, planned, ctx) => {
      const call = callFor(ctx, planned);
      await client.networks.create(
        {
          name: planned.name,
          ...(typeof planned.type === "string" ? { type: planned.type } : {}),
          // A member-specific create takes only member keys; the description belongs to the cluster-wide one.
          ...(planned.target ? {} : { description: planned.description ?? "" }),
          config: planned.target ? withoutMarker(configMap(planned.config)) : configMap(planned.config),
        },
        call,
      );
      if (!planned.target && planned.description)
        await keepDescription(client, planned.name, planned.description, call);
    },
    getObject: async (client, planned, ctx) => {
      const found = await client.networks.get(planned.name, callFor(ctx, planned));
      vetFoundPart("network", found.value.status, planned, ctx.providerData);
      return found;
    },
    // The network is deleted cluster-wide, not only on the member it was created on.
    deleteObject: (client, prior, ctx) => client.networks.delete(prior.name, callFor(ctx, { ...prior, target: null })),
    converge,
    readBack,
    provisionalFills: (planned) => ({ config: configMap(planned.config), managed: true }),
  }),

  async importState(id) {
    const parsed = parseImportId(id, { fields: ["name"], options: ["target"], typeName: "incus_network" });
    return {
      name: parsed.fields.name,
      remote: parsed.remote,
      project: parsed.project,
      target: parsed.options.target ?? null,
    };
  },
};
