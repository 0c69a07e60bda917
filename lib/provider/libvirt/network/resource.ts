// libvirt_network (0.9.x shape): isolated, nat, route, open and bridge networks. A create defines and starts the
// network (a network that fails to start is undefined again, so a retry does not trip over it). Attributes libvirt
// can only apply by restarting the network are replacements (schema.ts); an update redefines the persistent network
// and changes static DHCP/DNS hosts on the running one (hosts-in-place.ts). Unlike the official provider, a
// metadata change is pushed to libvirt, not silently dropped. The state holds what libvirt stored, in the spelling
// the configuration used (prefix or netmask, family only when given).
import type { Resource, ResourceContext } from "../../framework";
import type { NetworkDnsSpec, NetworkForwardMode, NetworkInfo, NetworkIpSpec, NetworkSpec } from "../../../libvirt";
import { parseNetworkXml } from "../../../libvirt";
import { sameXmlContent } from "../../../libvirt/metadata";
import { adoptOrFail, clientOf, ignoreNotFound, knownList, knownObject, knownString, wholeNumber } from "../common";
import type { LibvirtProviderData } from "../provider-data";
import { checkNetworkConfig } from "./checks";
import { liveHostChanges } from "./hosts-in-place";
import { networkSchema } from "./schema";
import type { NetworkPlan, NetworkState } from "./schema";

type Ctx = ResourceContext<LibvirtProviderData>;
type IpState = NonNullable<NetworkState["ips"]>[number];

const orNull = <T>(value: T | undefined): T | null => value ?? null;
const listOrNull = <T>(items: readonly T[] | undefined): T[] | null =>
  items === undefined || items.length === 0 ? null : [...items];

function networkState(network: NetworkInfo, known: NetworkPlan): NetworkState {
  const knownXml = knownString(knownObject(known.metadata)?.xml);
  const xml = network.metadataXml;
  const knownForward = knownObject(known.forward);
  // forward = {} means nat to libvirt; keep the configuration's null mode rather than report a change.
  const mode = network.forwardMode === "nat" && knownForward && knownForward.mode === null ? null : network.forwardMode;
  return {
    name: network.name,
    autostart: network.autostart,
    bridge: { name: network.bridge ?? null },
    forward: network.forwardMode === undefined ? null : { mode: orNull(mode), dev: orNull(network.forwardDev) },
    ips: listOrNull(network.ips.map(ipState)),
    domain: network.domain ? { name: network.domain.name, local_only: orNull(network.domain.localOnly) } : null,
    dns: network.dns ? dnsState(network.dns) : null,
    mtu: network.mtu !== undefined ? { size: network.mtu } : null,
    metadata: !xml ? null : { xml: knownXml !== undefined && sameXmlContent(knownXml, xml) ? knownXml : xml },
    id: orNull(network.uuid),
    uuid: orNull(network.uuid),
  };
}

function ipState(ip: NetworkIpSpec): IpState {
  const ranges = ip.dhcpRanges ?? [];
  const hosts = ip.dhcpHosts ?? [];
  return {
    address: ip.address,
    prefix: orNull(ip.prefix),
    netmask: orNull(ip.netmask),
    family: orNull(ip.family),
    dhcp:
      ranges.length + hosts.length === 0
        ? null
        : {
            ranges: listOrNull(ranges.map((r) => ({ start: r.start, end: r.end }))),
            hosts: listOrNull(hosts.map((h) => ({ mac: orNull(h.mac), name: orNull(h.name), ip: orNull(h.ip) }))),
          },
  };
}

function dnsState(dns: NetworkDnsSpec): NonNullable<NetworkState["dns"]> {
  return {
    enable: orNull(dns.enable),
    forward_plain_names: orNull(dns.forwardPlainNames),
    forwarders: listOrNull((dns.forwarders ?? []).map((f) => ({ addr: orNull(f.addr), domain: orNull(f.domain) }))),
    host: listOrNull(
      (dns.hosts ?? []).map((h) => ({
        ip: h.ip,
        hostnames: listOrNull(h.hostnames.map((hostname) => ({ hostname }))),
      })),
    ),
  };
}

const optional = (value: string | null | undefined): string | undefined => value ?? undefined;

function ipsFrom(planned: NetworkPlan): NetworkIpSpec[] {
  return knownList(planned.ips).map((ip) => ({
    address: ip.address,
    prefix: wholeNumber(ip.prefix, "ips.prefix"),
    netmask: optional(ip.netmask),
    family: optional(ip.family),
    dhcpRanges: knownList(ip.dhcp?.ranges).map((r) => ({ start: r.start, end: r.end })),
    dhcpHosts: knownList(ip.dhcp?.hosts).map((h) => ({
      mac: optional(h.mac),
      name: optional(h.name),
      ip: optional(h.ip),
    })),
  }));
}

function dnsFrom(planned: NetworkPlan): NetworkDnsSpec | undefined {
  const dns = knownObject(planned.dns);
  if (!dns) return undefined;
  return {
    enable: optional(dns.enable),
    forwardPlainNames: optional(dns.forward_plain_names),
    forwarders: knownList(dns.forwarders).map((f) => ({ addr: optional(f.addr), domain: optional(f.domain) })),
    hosts: knownList(dns.host).map((h) => ({ ip: h.ip, hostnames: knownList(h.hostnames).map((n) => n.hostname) })),
  };
}

/** The network the plan describes; `current` keeps libvirt's identity (uuid, bridge, MAC) on a redefinition. */
function specFrom(planned: NetworkPlan, current?: NetworkInfo): NetworkSpec {
  const forward = knownObject(planned.forward);
  const domain = knownObject(planned.domain);
  return {
    name: planned.name,
    uuid: current?.uuid,
    mac: current?.mac,
    bridge: knownString(knownObject(planned.bridge)?.name) ?? current?.bridge,
    forward: forward ? { mode: (forward.mode ?? "nat") as NetworkForwardMode, dev: optional(forward.dev) } : undefined,
    domain: domain ? { name: domain.name, localOnly: optional(domain.local_only) } : undefined,
    mtu: wholeNumber(knownObject(planned.mtu)?.size, "mtu.size"),
    dns: dnsFrom(planned),
    metadataXml: knownString(knownObject(planned.metadata)?.xml),
    ips: ipsFrom(planned),
  };
}

async function readBack(known: NetworkPlan, ctx: Ctx): Promise<NetworkState | null> {
  const { client, call } = clientOf(ctx);
  const network = await client.networks.find(known.name, call);
  return network ? networkState(network, known) : null;
}

/** Starts the network if it is not running and sets autostart as planned. */
async function startAndAutostart(current: NetworkInfo, planned: NetworkPlan, ctx: Ctx): Promise<void> {
  const { client, call } = clientOf(ctx);
  if (!current.active) await client.networks.start(planned.name, call);
  const autostart = planned.autostart === true;
  if (autostart !== current.autostart) await client.networks.setAutostart(planned.name, autostart, call);
}

/** Redefines the persistent network as planned and brings the running one's static hosts in line. */
async function redefine(current: NetworkInfo, planned: NetworkPlan, ctx: Ctx): Promise<void> {
  const { client, call } = clientOf(ctx);
  const wanted = specFrom(planned, current);
  const wantedXml = knownString(knownObject(planned.metadata)?.xml);
  // Metadata left unset keeps what libvirt holds (e.g. the ownership marker of an adopted network).
  await client.networks.define(
    { ...wanted, metadataXml: wantedXml ?? current.metadataXml, ownerMarker: undefined },
    call,
  );
  if (!current.active) return;
  const live = parseNetworkXml(await client.networks.dumpxml(planned.name, call, { live: true }));
  for (const change of liveHostChanges(live, wanted)) {
    await client.networks.updateLive(planned.name, change.command, change.section, change.xml, call);
  }
}

export const networkResource: Resource<LibvirtProviderData, typeof networkSchema> = {
  typeName: "libvirt_network",
  schema: networkSchema,

  validateConfig(config, ctx) {
    checkNetworkConfig(config, ctx.diagnostics);
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
      await redefine(existing, planned, ctx);
      await startAndAutostart(existing, planned, ctx);
    } else {
      const defined = await client.networks.define(specFrom(planned), call);
      try {
        await startAndAutostart(defined, planned, ctx);
      } catch (err) {
        await ignoreNotFound(client.networks.delete(planned.name, call), "network");
        throw err;
      }
      resp.state = networkState(defined, planned);
    }
    resp.state = (await readBack(planned, ctx)) ?? resp.state;
  },

  async read({ state }, ctx) {
    return readBack(state, ctx);
  },

  async update({ prior, planned }, ctx, resp) {
    const { client, call } = clientOf(ctx);
    const current = await client.networks.info(prior.name, call);
    await redefine(current, planned, ctx);
    await startAndAutostart(current, planned, ctx);
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
