// The incus_network_lb schema (lxc/incus v1.1.1 compatible): a load balancer on an OVN network, with `backend`
// and `port` set blocks.
import type { ApplyModel, Schema, StateModel } from "../../framework";
import { lengthBetween, mapOf, oneOf, requiresReplace, setBlock, setOf, sizeBetween, str } from "../../framework";
import { configValueChecks, ipAddress, objectName } from "../common";

export const networkLbSchema = {
  description: "An Incus network load balancer (OVN networks): listen ports spread over named backends.",
  attributes: {
    network: str({
      required: true,
      description: "Name of the (OVN) network the load balancer belongs to.",
      validators: [objectName("network")],
      planModifiers: [requiresReplace()],
    }),
    listen_address: str({
      required: true,
      validators: [ipAddress],
      description: "The IP address the load balancer listens on.",
      planModifiers: [requiresReplace()],
    }),
    description: str({
      optional: true,
      computed: true,
      default: "",
      description: "Description of the load balancer.",
    }),
    project: str({
      optional: true,
      description: "Project of the network.",
      validators: [lengthBetween(1, 63)],
      planModifiers: [requiresReplace()],
    }),
    remote: str({
      optional: true,
      description: "The remote to create the load balancer on.",
      planModifiers: [requiresReplace()],
    }),
    config: mapOf("string", {
      optional: true,
      computed: true,
      description: "Load balancer configuration (user.* keys, health checks).",
      validators: [configValueChecks()],
    }),
  },
  blocks: {
    backend: setBlock(
      {
        name: str({ required: true, description: "LB backend name." }),
        description: str({ optional: true, computed: true, default: "", description: "LB backend description." }),
        target_address: str({ required: true, description: "LB backend target address." }),
        target_port: str({ optional: true, description: "LB backend target port." }),
      },
      { description: "Network load balancer backend." },
    ),
    port: setBlock(
      {
        description: str({ optional: true, computed: true, default: "", description: "Port description." }),
        protocol: str({
          optional: true,
          computed: true,
          default: "tcp",
          description: "Port protocol: tcp or udp.",
          validators: [oneOf(["tcp", "udp"])],
        }),
        listen_port: str({ required: true, description: "Port to listen to." }),
        target_backend: setOf("string", {
          required: true,
          description: "List of target LB backends.",
          validators: [sizeBetween(1, Number.MAX_SAFE_INTEGER)],
        }),
      },
      { description: "Network load balancer port." },
    ),
  },
} satisfies Schema;

/** An incus_network_lb as state holds it. */
export type NetworkLbState = StateModel<typeof networkLbSchema>;
/** An incus_network_lb as create and update get it. */
export type NetworkLbPlan = ApplyModel<typeof networkLbSchema>;
