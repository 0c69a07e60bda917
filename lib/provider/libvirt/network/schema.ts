// libvirt_network's schema (0.9.x shape, subset: isolated networks). A new bridge name or subnet replaces the
// network; metadata and autostart change in place.
import type { ApplyModel, PlanModel, Schema, StateModel } from "../../framework";
import {
  bool,
  nested,
  num,
  objectValue,
  requiresReplace,
  requiresReplaceIf,
  str,
  useStateForUnknown,
} from "../../framework";

export const networkSchema = {
  description:
    "An isolated libvirt network: a bridge with no forwarding; optionally an IPv4 subnet with DHCP for guests.",
  attributes: {
    name: str({ required: true, description: "Name of the network.", planModifiers: [requiresReplace()] }),
    autostart: bool({ optional: true, default: false, description: "Start the network when libvirtd starts." }),
    bridge: nested(
      "single",
      { name: str({ optional: true, computed: true, description: "Bridge device name. Default: virbrN." }) },
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
      { mode: str({ optional: true, description: "Forwarding mode." }) },
      {
        optional: true,
        description: "Not supported by the bundled provider: its networks are isolated.",
      },
    ),
    ips: nested(
      "list",
      {
        address: str({ required: true, description: "The host's IPv4 address on the bridge, e.g. 10.213.7.1." }),
        prefix: num({ required: true, description: "Prefix length of the subnet, e.g. 24." }),
        dhcp: nested(
          "single",
          {
            ranges: nested(
              "list",
              {
                start: str({ required: true, description: "First address handed out." }),
                end: str({ required: true, description: "Last address handed out." }),
              },
              { required: true, description: "Address ranges." },
            ),
          },
          { optional: true, description: "DHCP (dnsmasq) on the subnet. Unset: no DHCP server." },
        ),
      },
      {
        optional: true,
        description: "At most one IPv4 subnet (no forwarding: it routes nowhere). Changing it replaces the network.",
        planModifiers: [requiresReplace()],
      },
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
  },
} satisfies Schema;

/** A libvirt_network as state holds it. */
export type NetworkState = StateModel<typeof networkSchema>;
/** A libvirt_network as create and update get it. */
export type NetworkPlan = ApplyModel<typeof networkSchema>;
/** A libvirt_network's configuration. */
export type NetworkConfig = PlanModel<typeof networkSchema>;
