// libvirt_network's schema (0.9.x shape, subset: forward modes nat, route, open, bridge or none, subnets with
// DHCP ranges and hosts, DNS, domain, MTU). What libvirt can only change by restarting the network — and so by
// cutting every guest off it — is planned as a replacement; static DHCP and DNS hosts, metadata and autostart
// change in place (hosts-in-place.ts).
import type { ApplyModel, PlanModel, Schema, StateModel } from "../../framework";
import {
  bool,
  nested,
  num,
  objectValue,
  oneOf,
  requiresReplace,
  requiresReplaceIf,
  str,
  useStateForUnknown,
} from "../../framework";
import { replaceUnlessOnlyHostsChange } from "./hosts-in-place";

export const networkSchema = {
  description:
    "A libvirt virtual network: isolated (no forward), nat, route, open or bridge (an existing host bridge), with IPv4/IPv6 subnets, DHCP and DNS served by libvirt's dnsmasq.",
  attributes: {
    name: str({ required: true, description: "Name of the network.", planModifiers: [requiresReplace()] }),
    autostart: bool({ optional: true, default: false, description: "Start the network when libvirtd starts." }),
    bridge: nested(
      "single",
      {
        name: str({
          optional: true,
          computed: true,
          description: 'Bridge device name. Default: virbrN. For forward mode "bridge": the existing host bridge.',
        }),
      },
      {
        optional: true,
        computed: true,
        description: "The host bridge.",
        planModifiers: [
          requiresReplaceIf((req) => {
            const name = objectValue(req.configValue)?.name;
            return typeof name === "string" && name !== "";
          }, "Renaming the bridge replaces the network."),
        ],
      },
    ),
    forward: nested(
      "single",
      {
        mode: str({
          optional: true,
          description: "nat (default when forward is set), route, open or bridge. Unset forward: an isolated network.",
        }),
        dev: str({ optional: true, description: "Host interface the traffic may leave by (nat, route)." }),
      },
      {
        optional: true,
        description: "Forwarding of the guests' traffic off the host. Changing it replaces the network.",
        planModifiers: [requiresReplace()],
      },
    ),
    ips: nested(
      "list",
      {
        address: str({ required: true, description: "The host's address on the bridge, e.g. 10.213.7.1." }),
        prefix: num({ optional: true, description: "Prefix length of the subnet, e.g. 24 (or give netmask)." }),
        netmask: str({ optional: true, description: "IPv4 netmask of the subnet, e.g. 255.255.255.0." }),
        family: str({
          optional: true,
          description: 'Address family: "ipv4" (default) or "ipv6".',
        }),
        dhcp: nested(
          "single",
          {
            ranges: nested(
              "list",
              {
                start: str({ required: true, description: "First address handed out." }),
                end: str({ required: true, description: "Last address handed out." }),
              },
              { optional: true, description: "Address ranges." },
            ),
            hosts: nested(
              "list",
              {
                mac: str({ optional: true, description: "The guest's MAC address." }),
                name: str({ optional: true, description: "The guest's host name." }),
                ip: str({ optional: true, description: "The address it gets." }),
              },
              { optional: true, description: "Fixed addresses (changed in place, also on the running network)." },
            ),
          },
          { optional: true, description: "DHCP (dnsmasq) on the subnet. Unset: no DHCP server." },
        ),
      },
      {
        optional: true,
        description:
          "Subnets (one IPv4 and one IPv6 with DHCP at most). Changing anything but dhcp.hosts replaces the network.",
        planModifiers: [replaceUnlessOnlyHostsChange("ips")],
      },
    ),
    domain: nested(
      "single",
      {
        name: str({ required: true, description: "DNS domain of the guests, e.g. lab.internal." }),
        local_only: str({
          optional: true,
          description: '"yes": names in the domain are never forwarded upstream.',
          validators: [oneOf(["yes", "no"])],
        }),
      },
      { optional: true, description: "The guests' DNS domain.", planModifiers: [requiresReplace()] },
    ),
    dns: nested(
      "single",
      {
        enable: str({
          optional: true,
          description: '"no": libvirt runs no DNS server on the network.',
          validators: [oneOf(["yes", "no"])],
        }),
        forward_plain_names: str({
          optional: true,
          description: '"no": names without a dot are answered locally only.',
          validators: [oneOf(["yes", "no"])],
        }),
        forwarders: nested(
          "list",
          {
            addr: str({ optional: true, description: "Upstream server address." }),
            domain: str({ optional: true, description: "Only for names in this domain." }),
          },
          { optional: true, description: "Upstream DNS servers." },
        ),
        host: nested(
          "list",
          {
            ip: str({ required: true, description: "The address the names resolve to." }),
            hostnames: nested(
              "list",
              { hostname: str({ required: true, description: "A name." }) },
              { optional: true, description: "Its names." },
            ),
          },
          { optional: true, description: "Static DNS entries (changed in place, also on the running network)." },
        ),
      },
      {
        optional: true,
        description: "DNS served by dnsmasq. Changing anything but host replaces the network.",
        planModifiers: [replaceUnlessOnlyHostsChange("dns")],
      },
    ),
    mtu: nested(
      "single",
      { size: num({ required: true, description: "MTU of the bridge in bytes." }) },
      { optional: true, description: "The bridge's MTU.", planModifiers: [requiresReplace()] },
    ),
    metadata: nested(
      "single",
      { xml: str({ required: true, description: "Inner XML of <metadata>; carries the ownership marker." }) },
      {
        optional: true,
        computed: true,
        description: "Custom metadata.",
      },
    ),
    id: str({ computed: true, description: "The network's UUID.", planModifiers: [useStateForUnknown()] }),
    uuid: str({ computed: true, description: "The network's UUID (as id).", planModifiers: [useStateForUnknown()] }),
  },
} satisfies Schema;

/** A libvirt_network as state holds it. */
export type NetworkState = StateModel<typeof networkSchema>;
/** A libvirt_network as create and update get it. */
export type NetworkPlan = ApplyModel<typeof networkSchema>;
/** A libvirt_network's configuration. */
export type NetworkConfig = PlanModel<typeof networkSchema>;
