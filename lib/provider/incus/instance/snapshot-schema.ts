// The incus_instance_snapshot schema (lxc/incus compatible), with the models resource code reads.
import type { ApplyModel, Schema, StateModel } from "../../framework";
import { bool, lengthBetween, num, regex, requiresReplace, str } from "../../framework";

export const instanceSnapshotSchema = {
  description: "A snapshot of an Incus instance.",
  attributes: {
    name: str({
      required: true,
      validators: [regex(/^[^/]+$/, "a snapshot name without '/'")],
      planModifiers: [requiresReplace()],
    }),
    instance: str({ required: true, validators: [lengthBetween(1, 63)], planModifiers: [requiresReplace()] }),
    stateful: bool({ optional: true, computed: true, default: false, planModifiers: [requiresReplace()] }),
    project: str({ optional: true, validators: [lengthBetween(1, 63)], planModifiers: [requiresReplace()] }),
    remote: str({ optional: true, planModifiers: [requiresReplace()] }),
    created_at: num({ computed: true, description: "Creation time, seconds since the Unix epoch (UTC)." }),
  },
} satisfies Schema;

/** An incus_instance_snapshot as state holds it. */
export type InstanceSnapshotState = StateModel<typeof instanceSnapshotSchema>;
/** An incus_instance_snapshot as create gets it. */
export type InstanceSnapshotPlan = ApplyModel<typeof instanceSnapshotSchema>;
