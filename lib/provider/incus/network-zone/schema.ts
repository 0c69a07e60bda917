// The incus_network_zone schema (lxc/incus compatible), with the models resource code reads.
import type { ApplyModel, Schema, StateModel } from "../../framework";
import { mapOf, requiresReplace, str } from "../../framework";
import { nonEmpty } from "../common/non-empty";

export const networkZoneSchema = {
  description: "An Incus network zone: a DNS zone Incus serves records of its networks in.",
  attributes: {
    name: str({
      required: true,
      description: "Name of the zone (the DNS zone, e.g. example.org).",
      planModifiers: [requiresReplace()],
    }),
    description: str({ optional: true, computed: true, default: "", description: "Description of the zone." }),
    project: str({
      optional: true,
      description: "Project of the zone.",
      validators: [nonEmpty()],
      planModifiers: [requiresReplace()],
    }),
    remote: str({
      optional: true,
      description: "The remote to create the zone on.",
      planModifiers: [requiresReplace()],
    }),
    config: mapOf("string", {
      optional: true,
      computed: true,
      description: "Zone configuration (dns.nameservers, peers.*, user.*).",
    }),
  },
} satisfies Schema;

/** An incus_network_zone as state holds it. */
export type NetworkZoneState = StateModel<typeof networkZoneSchema>;
/** An incus_network_zone as create and update get it. */
export type NetworkZonePlan = ApplyModel<typeof networkZoneSchema>;
