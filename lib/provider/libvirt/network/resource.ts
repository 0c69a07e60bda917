// libvirt_network (0.9.x shape, subset: isolated networks). No <forward> and no <ip>: libvirt creates only a
// bridge, runs no dnsmasq, and nothing a guest sends leaves the host. Unlike the official provider, a metadata
// change is pushed to libvirt (a redefinition), not silently dropped.
import type { Resource, ResourceContext, State, Values } from "../../framework";
import { bool, nested, num, requiresReplace, requiresReplaceIf, str, useStateForUnknown } from "../../framework";
import type { NetworkInfo } from "../../../libvirt";
import { sameXmlContent } from "../../../libvirt";
import { adoptOrFail, clientOf, ignoreNotFound, knownObject, knownString, validateMetadataXml } from "../common";
import type { LibvirtProviderData } from "../provider-data";

type Ctx = ResourceContext<LibvirtProviderData>;

const schema = {
  description: "An isolated libvirt network: a bridge with no forwarding and no addresses.",
  attributes: {
    name: str({ required: true, description: "Name of the network.", planModifiers: [requiresReplace()] }),
    autostart: bool({ optional: true, default: false, description: "Start the network when libvirtd starts." }),
    bridge: nested("single", { name: str({ optional: true, computed: true, description: "Bridge device name. Default: virbrN." }) }, {
      optional: true,
      computed: true,
      description: "The host bridge.",
      planModifiers: [
        requiresReplaceIf(
          (req) => knownString(knownObject(req.configValue)?.name) !== undefined,
          "Renaming the bridge replaces the network.",
        ),
      ],
    }),
    forward: nested("single", { mode: str({ optional: true, description: "Forwarding mode." }) }, {
      optional: true,
      description: "Not supported by the bundled provider: its networks are isolated.",
    }),
    ips: nested("list", { address: str({ optional: true }), prefix: num({ optional: true }) }, {
      optional: true,
      description: "Not supported by the bundled provider: its networks are isolated.",
    }),
    metadata: nested("single", { xml: str({ required: true, description: "Inner XML of <metadata>; carries the ownership marker." }) }, {
      optional: true,
      computed: true,
      description: "Custom metadata.",
    }),
    id: str({ computed: true, description: "The network's UUID.", planModifiers: [useStateForUnknown()] }),
  },
};

function networkState(network: NetworkInfo, known: Values): State {
  const knownXml = knownString(knownObject(known.metadata)?.xml);
  const xml = network.metadataXml;
  return {
    name: network.name,
    autostart: network.autostart,
    bridge: { name: network.bridge ?? null },
    forward: null,
    ips: null,
    metadata: !xml ? null : { xml: knownXml !== undefined && sameXmlContent(knownXml, xml) ? knownXml : xml },
    id: network.uuid ?? null,
  };
}

async function readBack(known: Values, ctx: Ctx): Promise<State | null> {
  const { client, call } = clientOf(ctx);
  const network = await client.networks.find(known.name, call);
  return network ? networkState(network, known) : null;
}

function specFrom(planned: Values, uuid?: string) {
  return {
    name: String(planned.name),
    uuid,
    bridge: knownString(knownObject(planned.bridge)?.name),
    metadataXml: knownString(knownObject(planned.metadata)?.xml),
  };
}

async function converge(current: NetworkInfo, planned: Values, ctx: Ctx): Promise<void> {
  const { client, call } = clientOf(ctx);
  const wantedXml = knownString(knownObject(planned.metadata)?.xml);
  if (wantedXml !== undefined && !sameXmlContent(wantedXml, current.metadataXml)) {
    await client.networks.define({ ...specFrom(planned, current.uuid), bridge: current.bridge }, call);
  }
  if (!current.active) await client.networks.start(planned.name, call);
  const autostart = planned.autostart === true;
  if (autostart !== current.autostart) await client.networks.setAutostart(planned.name, autostart, call);
}

export const networkResource: Resource<LibvirtProviderData> = {
  typeName: "libvirt_network",
  schema,

  validateConfig(config, ctx) {
    const unsupported = "The bundled libvirt provider manages isolated networks only (no forwarding, no addresses), so no traffic can leave the host. Remove it, or use the official provider for routed networks.";
    if (config.forward !== null) ctx.diagnostics.error("forward is not supported", unsupported, ["forward"]);
    if (Array.isArray(config.ips) && config.ips.length > 0) ctx.diagnostics.error("ips is not supported", unsupported, ["ips"]);
    validateMetadataXml(config, ctx.diagnostics);
  },

  async create({ planned }, ctx, resp) {
    const { client, call } = clientOf(ctx);
    const existing = await client.networks.find(planned.name, call);
    if (existing) {
      if (!adoptOrFail({ kind: "libvirt_network", planned, existingMarker: existing.ownerMarker, diagnostics: ctx.diagnostics })) return;
      resp.state = networkState(existing, planned);
      await converge(existing, planned, ctx);
    } else {
      const defined = await client.networks.define(specFrom(planned), call);
      resp.state = networkState(defined, planned);
      await converge(defined, planned, ctx);
    }
    resp.state = (await readBack(planned, ctx)) ?? resp.state;
  },

  async read({ state }, ctx) {
    return readBack(state, ctx);
  },

  async update({ prior, planned }, ctx, resp) {
    const { client, call } = clientOf(ctx);
    await converge(await client.networks.info(prior.name, call), planned, ctx);
    resp.state = await readBack(planned, ctx);
  },

  async delete({ prior }, ctx) {
    const { client, call } = clientOf(ctx);
    await ignoreNotFound(client.networks.delete(prior.name, call), "network");
  },

  async importState(id) {
    if (id.trim() === "") throw new Error("The import ID is empty: give the network's name.");
    return { name: id };
  },
};
