// Static DHCP hosts (ips[].dhcp.hosts) and DNS hosts (dns.host) are the parts of a network libvirt changes on the
// running network (`net-update --live`) without restarting it; everything else in `ips` and `dns` only takes effect
// on a restart, which detaches every guest, so such a change is planned as a replacement. The update redefines the
// persistent network and then adds and deletes the hosts that differ on the live one.
import type { CtyValue } from "../../cty";
import { ctyEqual, isUnknown } from "../../cty";
import type { PlanModifier } from "../../framework";
import { objectValue, requiresReplaceIf } from "../../framework";
import type { NetworkDhcpHost, NetworkDnsHost, NetworkIpSpec, NetworkSpec } from "../../../libvirt";
import { dhcpHostXml, dnsHostXml } from "../../../libvirt";

/** The value with the host lists set to null, so that two values can be compared on everything else. */
function withoutHosts(value: CtyValue, attribute: "ips" | "dns"): CtyValue {
  if (isUnknown(value) || value === null) return value;
  if (attribute === "dns") {
    const dns = objectValue(value);
    return dns ? { ...dns, host: null } : value;
  }
  if (!Array.isArray(value)) return value;
  return value.map((ip) => {
    const subnet = objectValue(ip);
    const dhcp = objectValue(subnet?.dhcp);
    return subnet && dhcp ? { ...subnet, dhcp: { ...dhcp, hosts: null } } : ip;
  });
}

/** Replaces the network when `ips` or `dns` changes in anything but its static hosts. */
export function replaceUnlessOnlyHostsChange(attribute: "ips" | "dns"): PlanModifier {
  return requiresReplaceIf(
    (req) => !ctyEqual(withoutHosts(req.planValue, attribute), withoutHosts(req.stateValue, attribute), req.type),
    `Changing ${attribute} replaces the network, except for its static ${attribute === "ips" ? "DHCP" : "DNS"} hosts.`,
  );
}

/** One live change: add or delete one host element. */
export interface LiveHostChange {
  readonly command: "add-last" | "delete";
  readonly section: "ip-dhcp-host" | "dns-host";
  readonly xml: string;
}

const dhcpKey = (h: NetworkDhcpHost) => dhcpHostXml(h);
const dnsKey = (h: NetworkDnsHost) => dnsHostXml(h);

function diff<T>(before: readonly T[], after: readonly T[], key: (item: T) => string) {
  const beforeKeys = new Set(before.map(key));
  const afterKeys = new Set(after.map(key));
  return {
    removed: before.filter((item) => !afterKeys.has(key(item))),
    added: after.filter((item) => !beforeKeys.has(key(item))),
  };
}

function dhcpHostsOf(ips: readonly NetworkIpSpec[] | undefined): NetworkDhcpHost[] {
  return (ips ?? []).flatMap((ip) => ip.dhcpHosts ?? []);
}

/** The net-update calls that turn the live network's hosts of `current` into those of `wanted`: deletes first. */
export function liveHostChanges(
  current: Pick<NetworkSpec, "ips" | "dns">,
  wanted: Pick<NetworkSpec, "ips" | "dns">,
): LiveHostChange[] {
  const dhcp = diff(dhcpHostsOf(current.ips), dhcpHostsOf(wanted.ips), dhcpKey);
  const dns = diff(current.dns?.hosts ?? [], wanted.dns?.hosts ?? [], dnsKey);
  return [
    ...dhcp.removed.map((h) => ({ command: "delete" as const, section: "ip-dhcp-host" as const, xml: dhcpKey(h) })),
    ...dns.removed.map((h) => ({ command: "delete" as const, section: "dns-host" as const, xml: dnsKey(h) })),
    ...dhcp.added.map((h) => ({ command: "add-last" as const, section: "ip-dhcp-host" as const, xml: dhcpKey(h) })),
    ...dns.added.map((h) => ({ command: "add-last" as const, section: "dns-host" as const, xml: dnsKey(h) })),
  ];
}
