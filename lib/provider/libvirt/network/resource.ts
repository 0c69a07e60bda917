// libvirt_network (0.9.x shape, subset: isolated networks). Never a <forward>: nothing a guest sends is routed off
// the host. Without `ips` libvirt creates only a bridge; with one (and dhcp ranges) the host has that address on the
// bridge and dnsmasq answers DHCP there, so guests get addresses the host can reach. Unlike the official provider, a metadata
// change is pushed to libvirt (a redefinition), not silently dropped.
import type { Resource, ResourceContext } from "../../framework";
import type { NetworkInfo, NetworkIpSpec } from "../../../libvirt";
import { sameXmlContent } from "../../../libvirt/metadata";
import {
  adoptOrFail,
  checkName,
  checkWholeNumber,
  clientOf,
  ignoreNotFound,
  knownList,
  knownObject,
  knownString,
  validateMetadataXml,
} from "../common";
import type { LibvirtProviderData } from "../provider-data";
import { networkSchema } from "./schema";
import type { NetworkPlan, NetworkState } from "./schema";

type Ctx = ResourceContext<LibvirtProviderData>;

function networkState(network: NetworkInfo, known: NetworkPlan): NetworkState {
  const knownXml = knownString(knownObject(known.metadata)?.xml);
  const xml = network.metadataXml;
  return {
    name: network.name,
    autostart: network.autostart,
    bridge: { name: network.bridge ?? null },
    forward: null,
    ips: network.ips.length === 0 ? null : network.ips.map(ipState),
    metadata: !xml ? null : { xml: knownXml !== undefined && sameXmlContent(knownXml, xml) ? knownXml : xml },
    id: network.uuid ?? null,
  };
}

function ipState(ip: NetworkIpSpec): NonNullable<NetworkState["ips"]>[number] {
  const ranges = ip.dhcpRanges ?? [];
  return {
    address: ip.address,
    prefix: ip.prefix,
    dhcp: ranges.length === 0 ? null : { ranges: ranges.map((r) => ({ start: r.start, end: r.end })) },
  };
}

function ipsFrom(planned: NetworkPlan): NetworkIpSpec[] {
  return knownList(planned.ips).map((ip) => ({
    address: ip.address,
    prefix: Number(ip.prefix),
    dhcpRanges: (ip.dhcp?.ranges ?? []).map((r) => ({ start: r.start, end: r.end })),
  }));
}

async function readBack(known: NetworkPlan, ctx: Ctx): Promise<NetworkState | null> {
  const { client, call } = clientOf(ctx);
  const network = await client.networks.find(known.name, call);
  return network ? networkState(network, known) : null;
}

function specFrom(planned: NetworkPlan, uuid?: string) {
  return {
    name: planned.name,
    uuid,
    bridge: knownString(knownObject(planned.bridge)?.name),
    metadataXml: knownString(knownObject(planned.metadata)?.xml),
    ips: ipsFrom(planned),
  };
}

async function converge(current: NetworkInfo, planned: NetworkPlan, ctx: Ctx): Promise<void> {
  const { client, call } = clientOf(ctx);
  const wantedXml = knownString(knownObject(planned.metadata)?.xml);
  if (wantedXml !== undefined && !sameXmlContent(wantedXml, current.metadataXml)) {
    await client.networks.define({ ...specFrom(planned, current.uuid), bridge: current.bridge }, call);
  }
  if (!current.active) await client.networks.start(planned.name, call);
  const autostart = planned.autostart === true;
  if (autostart !== current.autostart) await client.networks.setAutostart(planned.name, autostart, call);
}

export const networkResource: Resource<LibvirtProviderData, typeof networkSchema> = {
  typeName: "libvirt_network",
  schema: networkSchema,

  validateConfig(config, ctx) {
    const unsupported =
      "The bundled libvirt provider manages isolated networks only (no forwarding), so no traffic can leave the host. Remove it, or use the official provider for routed networks.";
    if (config.forward !== null) ctx.diagnostics.error("forward is not supported", unsupported, ["forward"]);
    checkName(config.name, ["name"], "network", ctx.diagnostics);
    const ips = knownList(config.ips);
    if (ips.length > 1) ctx.diagnostics.error("Too many subnets", "Give at most one IPv4 subnet in ips.", ["ips"]);
    ips.forEach((ip, i) => {
      if (typeof ip.address === "string" && !/^\d{1,3}(\.\d{1,3}){3}$/.test(ip.address)) {
        ctx.diagnostics.error("Invalid address", `"${ip.address}" is not an IPv4 address.`, ["ips", i, "address"]);
      }
      checkWholeNumber(ip.prefix, ["ips", i, "prefix"], 8, 30, ctx.diagnostics);
    });
    validateMetadataXml(config, ctx.diagnostics);
  },

  async create({ planned }, ctx, resp) {
    const { client, call } = clientOf(ctx);
    const existing = await client.networks.find(planned.name, call);
    if (existing) {
      if (
        !adoptOrFail({
          kind: "libvirt_network",
          planned,
          existingMarker: existing.ownerMarker,
          diagnostics: ctx.diagnostics,
        })
      )
        return;
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
