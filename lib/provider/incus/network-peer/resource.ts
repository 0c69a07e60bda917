// incus_network_peer, schema-compatible with lxc/incus: addressed by network and name; only the description and
// config change in place (PUT), every target attribute replaces the peering. Incus supports peers on OVN
// networks only: its refusal on any other network is reported at `network`.
import type { IncusClient, NetworkPeer } from "../../../incus";
import type { Resource, ResourceContext } from "../../framework";
import { isUnknown } from "../../framework";
import {
  callFor,
  checkNetworkTypeAtPlan,
  configMap,
  ignoreNotFound,
  managedObjectLifecycle,
  parseImportId,
  reportDriverRefusal,
  requiringApiExtension,
  stripComputedConfig,
  userConfigOf,
} from "../common";
import type { IncusProviderData } from "../provider-data";
import type { NetworkPeerPlan, NetworkPeerState } from "./schema";
import { networkPeerSchema } from "./schema";

type Ctx = ResourceContext<IncusProviderData>;

/** The local network; validateConfig makes sure the configuration names one. */
const networkOf = (values: { readonly network: string | null }): string => values.network ?? "";

function peerState(peer: NetworkPeer, known: NetworkPeerPlan): NetworkPeerState {
  return {
    name: peer.name,
    description: peer.description ?? "",
    config: stripComputedConfig(peer.config, userConfigOf(known.config)),
    target_project: peer.target_project ?? "",
    network: known.network ?? null,
    target_network: peer.target_network ?? "",
    type: peer.type ?? "",
    target_integration: peer.target_integration ?? "",
    project: known.project ?? null,
    remote: known.remote ?? null,
    status: peer.status ?? "",
  };
}

async function readBack(client: IncusClient, known: NetworkPeerPlan, ctx: Ctx): Promise<NetworkPeerState | null> {
  const found = await ignoreNotFound(client.networkPeers.get(networkOf(known), known.name, callFor(ctx, known)));
  return found ? peerState(found.value, known) : null;
}

async function converge(client: IncusClient, planned: NetworkPeerPlan, ctx: Ctx): Promise<void> {
  const call = callFor(ctx, planned);
  const current = await client.networkPeers.get(networkOf(planned), planned.name, call);
  await client.networkPeers.update(
    networkOf(planned),
    planned.name,
    { description: planned.description ?? "", config: configMap(planned.config) },
    { ...call, etag: current.etag },
  );
}

const resource: Resource<IncusProviderData, typeof networkPeerSchema> = {
  typeName: "incus_network_peer",
  schema: networkPeerSchema,

  async modifyPlan(req, ctx) {
    await checkNetworkTypeAtPlan(
      req.planned,
      req.prior,
      "incus_network_peer",
      ["ovn"],
      "Network peers need an OVN network.",
      ctx,
    );
    return { planned: req.planned };
  },

  validateConfig(config, ctx) {
    // Optional in the official schema, but every peering lives on a network: say so before Incus does.
    if (config.network === null)
      ctx.diagnostics.error(
        "Missing network",
        "A network peering belongs to a local OVN network: set network to its name.",
        ["network"],
      );
  },

  ...managedObjectLifecycle<NetworkPeerPlan, NetworkPeerState>({
    kind: "incus_network_peer",
    importIdFields: (planned) => [networkOf(planned), planned.name],
    createObject: (client, planned, ctx) => {
      const targets: Record<string, string> = {};
      for (const key of ["target_project", "target_network", "type", "target_integration"] as const) {
        const value = planned[key];
        if (typeof value === "string" && !isUnknown(value) && value !== "") targets[key] = value;
      }
      return reportDriverRefusal("incus_network_peer", networkOf(planned), "Network peers need an OVN network.", () =>
        client.networkPeers.create(
          networkOf(planned),
          {
            name: planned.name,
            description: planned.description ?? "",
            config: configMap(planned.config),
            ...targets,
          },
          callFor(ctx, planned),
        ),
      );
    },
    getObject: (client, planned, ctx) =>
      client.networkPeers.get(networkOf(planned), planned.name, callFor(ctx, planned)),
    deleteObject: (client, prior, ctx) => client.networkPeers.delete(networkOf(prior), prior.name, callFor(ctx, prior)),
    converge,
    readBack,
    provisionalFills: (planned) => ({ config: configMap(planned.config) }),
  }),

  // The official provider has no import for peers: `[remote:][project]/network/name`.
  async importState(id) {
    const parsed = parseImportId(id, { fields: ["network", "name"], typeName: "incus_network_peer" });
    return { network: parsed.fields.network, name: parsed.fields.name, remote: parsed.remote, project: parsed.project };
  },
};

export const networkPeerResource = requiringApiExtension("network_peer", resource);
