// Isolated virtual networks (formatnetwork.html): no <forward> and no <ip>, so libvirt creates only a bridge, runs
// no dnsmasq and nothing can leave the host. The parser reads any network to tell isolated ones from the rest.
import { checkLibvirtName } from "./names";
import { extractMetadataXml, metadataElement, metadataXmlProblem } from "./metadata";
import { findOwnerMarker } from "./owner";
import { attr, child, children, el, parseRoot, renderXml, text } from "./xml";

export interface NetworkSpec {
  readonly name: string;
  /** Keeps the network's identity when it is redefined. @default assigned by libvirt */
  readonly uuid?: string;
  /** Host bridge device name. @default assigned by libvirt (virbrN) */
  readonly bridge?: string;
  /** Inner XML of <metadata>, written verbatim. */
  readonly metadataXml?: string;
  /** Ownership marker, added to <metadata> unless metadataXml already carries one. */
  readonly ownerMarker?: string;
}

/** A network as libvirt reports it (net-dumpxml). */
export interface NetworkXmlInfo {
  readonly name: string;
  readonly uuid?: string;
  readonly bridge?: string;
  /** The <forward mode>, or undefined for an isolated network. */
  readonly forwardMode?: string;
  readonly hasIpConfig: boolean;
  /** True when the network has neither <forward> nor <ip>. */
  readonly isolated: boolean;
  /** Inner XML of <metadata> as libvirt stored it; undefined when there is none. */
  readonly metadataXml?: string;
  readonly ownerMarker?: string;
}

export function buildNetworkXml(spec: NetworkSpec): string {
  checkLibvirtName(spec.name, "network");
  if (spec.bridge !== undefined && !/^[A-Za-z0-9_.-]{1,15}$/.test(spec.bridge)) {
    throw new Error(`network ${spec.name}: bridge '${spec.bridge}' is not a valid interface name (1-15 of A-Z a-z 0-9 _ . -)`);
  }
  const rawMetadata = spec.metadataXml?.trim();
  const metadataProblem = rawMetadata ? metadataXmlProblem(rawMetadata) : undefined;
  if (metadataProblem) throw new Error(`network ${spec.name}: metadata XML cannot be stored: ${metadataProblem}`);
  return renderXml(
    el(
      "network",
      {},
      el("name", {}, spec.name),
      spec.uuid !== undefined && el("uuid", {}, spec.uuid),
      metadataElement(spec.metadataXml, spec.ownerMarker),
      spec.bridge !== undefined && el("bridge", { name: spec.bridge }),
    ),
  );
}

export function parseNetworkXml(xml: string): NetworkXmlInfo {
  const network = parseRoot(xml, "network", "network XML");
  const name = text(network, "name");
  if (!name) throw new Error("network XML: <name> is missing");
  const forward = child(network, "forward");
  const forwardMode = forward ? (attr(forward, "mode") ?? "nat") : undefined;
  const hasIpConfig = children(network, "ip").length > 0;
  return {
    name,
    uuid: text(network, "uuid"),
    bridge: attr(child(network, "bridge"), "name"),
    forwardMode,
    hasIpConfig,
    isolated: forwardMode === undefined && !hasIpConfig,
    metadataXml: extractMetadataXml(xml),
    ownerMarker: findOwnerMarker(child(network, "metadata")),
  };
}
