// The incus_network_forward schema (lxc/incus v1.1.1 compatible): one listen address on a network, forwarded
// per port (`ports`) or as a whole (config `target_address`).
import type { ApplyModel, Schema, StateModel } from "../../framework";
import { lengthBetween, mapOf, nested, oneOf, requiresReplace, str } from "../../framework";
import { configValueChecks, ipAddress, objectName } from "../common";

export const networkForwardSchema = {
  description: "An Incus network forward: DNAT from a listen address to addresses inside the network.",
  attributes: {
    network: str({
      required: true,
      description: "Name of the network the forward belongs to.",
      validators: [objectName("network")],
      planModifiers: [requiresReplace()],
    }),
    listen_address: str({
      required: true,
      validators: [ipAddress],
      description: "The IP address the forward listens on.",
      planModifiers: [requiresReplace()],
    }),
    description: str({ optional: true, computed: true, default: "", description: "Description of the forward." }),
    project: str({
      optional: true,
      description: "Project of the network.",
      validators: [lengthBetween(1, 63)],
      planModifiers: [requiresReplace()],
    }),
    remote: str({
      optional: true,
      description: "The remote to create the forward on.",
      planModifiers: [requiresReplace()],
    }),
    config: mapOf("string", {
      optional: true,
      computed: true,
      description: "Forward configuration, e.g. target_address (the default target for ports not listed).",
      validators: [configValueChecks()],
    }),
    ports: nested(
      "set",
      {
        description: str({ optional: true, description: "Port description." }),
        protocol: str({
          optional: true,
          computed: true,
          default: "tcp",
          description: "Port protocol: tcp or udp.",
          validators: [oneOf(["tcp", "udp"])],
        }),
        listen_port: str({ required: true, description: "Listen port(s) to forward, e.g. 80 or 8000-8010." }),
        target_port: str({ required: true, description: "Target port(s) to forward the listen ports to." }),
        target_address: str({ required: true, description: "Target address to forward the listen ports to." }),
      },
      { optional: true, computed: true, default: null, description: "Port forwards." },
    ),
  },
} satisfies Schema;

/** An incus_network_forward as state holds it. */
export type NetworkForwardState = StateModel<typeof networkForwardSchema>;
/** An incus_network_forward as create and update get it. */
export type NetworkForwardPlan = ApplyModel<typeof networkForwardSchema>;
