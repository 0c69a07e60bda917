// The incus_network_zone_record schema (lxc/incus compatible), with the models resource code reads.
import type { ApplyModel, Schema, StateModel } from "../../framework";
import { custom, mapOf, num, oneOf, requiresReplace, setBlock, str } from "../../framework";
import { nonEmpty } from "../common/non-empty";

const atLeastOne = custom(
  (value) => (typeof value === "number" && value < 1 ? `must be at least 1, got ${value}` : undefined),
  "at least 1",
);

export const networkZoneRecordSchema = {
  description: "A record in an Incus network zone.",
  attributes: {
    name: str({
      required: true,
      description: "Name of the record (relative to the zone, e.g. www).",
      planModifiers: [requiresReplace()],
    }),
    zone: str({ required: true, description: "Name of the zone.", planModifiers: [requiresReplace()] }),
    description: str({ optional: true, computed: true, default: "", description: "Description of the record." }),
    project: str({
      optional: true,
      description: "Project of the zone.",
      validators: [nonEmpty()],
      planModifiers: [requiresReplace()],
    }),
    remote: str({
      optional: true,
      description: "The remote the zone is on.",
      planModifiers: [requiresReplace()],
    }),
    config: mapOf("string", { optional: true, computed: true, description: "Record configuration (user.*)." }),
  },
  blocks: {
    entry: setBlock(
      {
        type: str({
          required: true,
          description: "Record entry type",
          validators: [oneOf(["A", "AAAA", "CNAME", "TXT"])],
        }),
        value: str({ required: true, description: "Record entry value" }),
        ttl: num({
          optional: true,
          computed: true,
          default: 300,
          description: "Record entry TTL",
          validators: [atLeastOne],
        }),
      },
      { description: "Network zone record entry" },
    ),
  },
} satisfies Schema;

/** An incus_network_zone_record as state holds it. */
export type NetworkZoneRecordState = StateModel<typeof networkZoneRecordSchema>;
/** An incus_network_zone_record as create and update get it. */
export type NetworkZoneRecordPlan = ApplyModel<typeof networkZoneRecordSchema>;
