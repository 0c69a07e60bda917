// The incus_storage_volume_snapshot schema, with the models resource code reads.
import type { ApplyModel, Schema, StateModel } from "../../framework";
import { custom, num, requiresReplace, str } from "../../framework";
import { objectName } from "../common";

const rfc3339 = custom(
  (value) =>
    Number.isNaN(Date.parse(String(value)))
      ? `${JSON.stringify(value)} is not an RFC 3339 time such as "2030-01-31T12:00:00Z"`
      : undefined,
  "an RFC 3339 time",
);

export const volumeSnapshotSchema = {
  description: "A snapshot of a custom storage volume.",
  attributes: {
    name: str({
      required: true,
      description: "Name of the snapshot.",
      validators: [objectName("snapshot")],
      planModifiers: [requiresReplace()],
    }),
    pool: str({ required: true, description: "Storage pool of the volume.", planModifiers: [requiresReplace()] }),
    volume: str({
      required: true,
      description: "Name of the custom volume to snapshot.",
      planModifiers: [requiresReplace()],
    }),
    description: str({ optional: true, computed: true, default: "", description: "Description of the snapshot." }),
    expires_at: str({
      optional: true,
      computed: true,
      description:
        'When Incus deletes the snapshot (RFC 3339, e.g. "2030-01-31T12:00:00Z"); changes in place. ' +
        "Default: from the volume's snapshots.expiry, else never (null).",
      validators: [rfc3339],
    }),
    project: str({ optional: true, description: "Project of the volume.", planModifiers: [requiresReplace()] }),
    remote: str({ optional: true, description: "The remote the volume is on.", planModifiers: [requiresReplace()] }),
    created_at: num({ computed: true, description: "Creation time, seconds since the Unix epoch (UTC)." }),
  },
} satisfies Schema;

/** An incus_storage_volume_snapshot as state holds it. */
export type VolumeSnapshotState = StateModel<typeof volumeSnapshotSchema>;
/** An incus_storage_volume_snapshot as create and update get it. */
export type VolumeSnapshotPlan = ApplyModel<typeof volumeSnapshotSchema>;
