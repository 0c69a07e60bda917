// Plan-time checks of a libvirt_network configuration, each on the attribute that is wrong: what libvirt would
// refuse at net-define (an IPv4 address in an IPv6 subnet, a prefix and a netmask, two DHCP subnets of a family)
// and what it would accept but never work (a bridge-mode network with subnets or DNS, which libvirt ignores).
import type { AttrPath, Diagnostics } from "../../framework";
import { formatAttrPath } from "../../framework";
import { isIpv4, isIpv6, NETWORK_FORWARD_MODES, netmaskPrefix } from "../../../libvirt";
import { checkName, checkWholeNumber, knownList, knownObject, validateMetadataXml } from "../common";
import type { NetworkConfig } from "./schema";

/** Set in the configuration (null and a missing key both mean unset). */
const isSet = (value: unknown): boolean => value !== null && value !== undefined;

export function checkNetworkConfig(config: NetworkConfig, all: Diagnostics): void {
  // The detail starts with the attribute's path, as the user writes it (terraform shows only the resource's line).
  const diagnostics = {
    error: (summary: string, detail: string, path: AttrPath) =>
      all.error(summary, `${formatAttrPath(path).replace(/^\./, "")}: ${detail}`, path),
  };
  checkName(config.name, ["name"], "network", all);
  validateMetadataXml(config, all);
  const forward = knownObject(config.forward);
  const ips = knownList(config.ips);
  if (typeof forward?.mode === "string" && !(NETWORK_FORWARD_MODES as readonly string[]).includes(forward.mode))
    diagnostics.error(
      "Unsupported forward mode",
      `"${forward.mode}": the bundled provider builds ${NETWORK_FORWARD_MODES.join(", ")} networks, or isolated ones (no forward).`,
      ["forward", "mode"],
    );
  if (forward?.mode === "bridge") {
    const bridge = knownObject(config.bridge);
    if (!isSet(config.bridge) || (bridge && !isSet(bridge.name)))
      diagnostics.error(
        "Missing bridge name",
        'forward mode "bridge" attaches guests to an existing host bridge: give bridge = { name = "br0" }.',
        ["bridge"],
      );
    for (const attribute of ["ips", "dns", "domain"] as const) {
      if (isSet(config[attribute]))
        diagnostics.error(
          `${attribute} has no effect in forward mode "bridge"`,
          "The host bridge is not libvirt's: it takes no address there and runs no DHCP or DNS. Remove it.",
          [attribute],
        );
    }
  }
  const dhcpSubnets = { ipv4: 0, ipv6: 0 };
  ips.forEach((ip, i) => {
    if (typeof ip.family === "string" && ip.family !== "ipv4" && ip.family !== "ipv6")
      diagnostics.error("Invalid family", `"${ip.family}" must be "ipv4" or "ipv6".`, ["ips", i, "family"]);
    const family = ip.family === "ipv6" ? "ipv6" : "ipv4";
    const v6 = family === "ipv6";
    if (typeof ip.address === "string" && !(v6 ? isIpv6(ip.address) : isIpv4(ip.address)))
      diagnostics.error(
        "Invalid address",
        `"${ip.address}" is not an ${v6 ? "IPv6" : "IPv4"} address${v6 ? "" : ' (set family = "ipv6" for IPv6)'}.`,
        ["ips", i, "address"],
      );
    if (isSet(ip.prefix) && isSet(ip.netmask))
      diagnostics.error("Conflicting attributes", "Give prefix or netmask, not both.", ["ips", i, "netmask"]);
    if (!isSet(ip.prefix) && !isSet(ip.netmask))
      diagnostics.error("Missing prefix", "Give the subnet's prefix (e.g. 24) or netmask.", ["ips", i, "prefix"]);
    if (typeof ip.netmask === "string") {
      const bits = netmaskPrefix(ip.netmask);
      if (v6) diagnostics.error("Invalid netmask", "An IPv6 subnet takes a prefix.", ["ips", i, "netmask"]);
      else if (bits === undefined || bits < 8 || bits > 30)
        diagnostics.error("Invalid netmask", `"${ip.netmask}" is not a netmask from 255.0.0.0 to 255.255.255.252.`, [
          "ips",
          i,
          "netmask",
        ]);
    }
    checkWholeNumber(ip.prefix, ["ips", i, "prefix"], 8, v6 ? 128 : 30, all);
    const dhcp = knownObject(ip.dhcp);
    const valid = v6 ? isIpv6 : isIpv4;
    knownList(dhcp?.ranges).forEach((r, j) => {
      for (const end of ["start", "end"] as const) {
        const value = r[end];
        if (typeof value === "string" && !valid(value))
          diagnostics.error("Invalid address", `"${value}" is not an address of this ${family} subnet.`, [
            "ips",
            i,
            "dhcp",
            "ranges",
            j,
            end,
          ]);
      }
    });
    knownList(dhcp?.hosts).forEach((h, j) => {
      if (!isSet(h.mac) && !isSet(h.name))
        diagnostics.error("Incomplete DHCP host", "Give the host's mac or name.", ["ips", i, "dhcp", "hosts", j]);
      if (typeof h.ip === "string" && !valid(h.ip))
        diagnostics.error("Invalid address", `"${h.ip}" is not an address of this ${family} subnet.`, [
          "ips",
          i,
          "dhcp",
          "hosts",
          j,
          "ip",
        ]);
    });
    if (knownList(dhcp?.ranges).length + knownList(dhcp?.hosts).length > 0) dhcpSubnets[family]++;
  });
  for (const family of ["ipv4", "ipv6"] as const) {
    if (dhcpSubnets[family] > 1)
      diagnostics.error(
        "Too many DHCP subnets",
        `libvirt serves DHCP on one ${family} subnet per network; ${dhcpSubnets[family]} have dhcp.`,
        ["ips"],
      );
  }
  knownList(knownObject(config.dns)?.host).forEach((h, i) => {
    if (typeof h.ip === "string" && !isIpv4(h.ip) && !isIpv6(h.ip))
      diagnostics.error("Invalid address", `"${h.ip}" is not an IP address.`, ["dns", "host", i, "ip"]);
    if (isSet(h.hostnames) && knownList(h.hostnames).length === 0)
      diagnostics.error("Missing hostnames", "A DNS host needs at least one hostname.", [
        "dns",
        "host",
        i,
        "hostnames",
      ]);
  });
  checkWholeNumber(knownObject(config.mtu)?.size, ["mtu", "size"], 68, 65535, all);
}
