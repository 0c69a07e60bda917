// Network: an isolated bridge by default (Incus: ipv4.address=none, ipv6.address=none; libvirt: no forward, no
// addresses), so nothing an instance sends leaves the host unless the config says so.
import { Construct } from "constructs";
import type { IConstruct } from "constructs";
import { IncusNetworkResource, LibvirtNetworkResource } from "../bindings";
import { incusOwnershipConfig, libvirtOwnerMetadataXml, OWNER_CONFIG_KEY } from "../lifecycle";
import type { IHost } from "./host";
import { knownHost } from "./private/backend";
import { MEMBER_NETWORK_KEYS, memberPartMarker, splitMemberConfig } from "./private/member-parts";
import { resolveObjectName } from "./private/name-registry";
import { INCUS_NETWORK_NAME, LIBVIRT_NETWORK_NAME } from "./private/names";
import { rejectManagedKeys, rejectOn } from "./private/placement";

/** A network instances can be plugged into. */
export interface INetwork extends IConstruct {
  readonly host: IHost;
  /** The network name (a reference to the network resource when it is managed here). */
  readonly networkName: string;
}

export interface NetworkProps {
  readonly host: IHost;
  /**
   * Incus networks are host interfaces: at most 15 characters.
   * @default derived from the construct path (shortened with a hash when too long)
   */
  readonly name?: string;
  /** Incus only. @default none */
  readonly description?: string;
  /** Incus network type. @default "bridge" */
  readonly type?: string;
  /**
   * Incus network config, merged over the isolated defaults (`ipv4.address: none`, `ipv6.address: none`); give
   * e.g. `{"ipv4.address": "10.10.0.1/24", "ipv4.nat": "false"}` for a routed subnet. On a cluster (IncusHost
   * `clusterMembers`) the network is created pending on every member with the member keys
   * (`bridge.external_interfaces`, `parent`, `bgp.ipv4.nexthop`, `bgp.ipv6.nexthop`), then cluster-wide with the rest.
   * @default isolated: no addresses, no NAT
   */
  readonly config?: { readonly [key: string]: string };
}

export class Network extends Construct implements INetwork {
  /** A network that exists already and is not managed by this stack. */
  public static fromName(scope: Construct, id: string, host: IHost, name: string): INetwork {
    class ImportedNetwork extends Construct implements INetwork {
      public readonly host = host;
      public readonly networkName = name;
    }
    return new ImportedNetwork(scope, id);
  }

  public readonly host: IHost;
  public readonly networkName: string;

  public constructor(scope: Construct, id: string, props: NetworkProps) {
    super(scope, id);
    const kind = "Network";
    const host = knownHost(this, kind, props.host);
    this.host = props.host;
    const rule = host.hostKind === "incus" ? INCUS_NETWORK_NAME : LIBVIRT_NETWORK_NAME;
    const name = resolveObjectName(this, kind, rule, [host.node.path], props.name);
    rejectOn(this, kind, host, "libvirt", { description: props.description, type: props.type, config: props.config });

    if (host.hostKind === "incus") {
      rejectManagedKeys(this, kind, props.config, { [OWNER_CONFIG_KEY]: "it carries the ownership marker" });
      const type = props.type ?? "bridge";
      const config: { [key: string]: string } = { "ipv4.address": "none", "ipv6.address": "none", ...props.config };
      const split = splitMemberConfig(config, MEMBER_NETWORK_KEYS);
      // A cluster creates a network in two steps: pending on every member with the member's own keys (e.g. the
      // parent interface), then cluster-wide with the rest. The marker lets a resumed run adopt each part.
      const memberParts = (host.clusterMembers ?? []).map(
        (member) =>
          new IncusNetworkResource(this, `Member-${member}`, {
            name,
            type,
            remote: host.remoteName,
            target: member,
            config: { ...split.member, ...memberPartMarker(this, host) },
          }),
      );
      const resource = new IncusNetworkResource(this, "Default", {
        name,
        description: props.description,
        type,
        remote: host.remoteName,
        config: { ...(memberParts.length ? split.clusterWide : config), ...incusOwnershipConfig(this) },
        ...(memberParts.length ? { dependsOn: memberParts } : {}),
      });
      this.networkName = resource.nameRef;
    } else {
      const resource = new LibvirtNetworkResource(this, "Default", {
        name,
        metadata: { xml: libvirtOwnerMetadataXml(this) },
        provider: host._provider(),
      });
      this.networkName = resource.nameRef;
    }
  }
}
