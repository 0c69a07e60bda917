// The incus_storage_bucket schema (lxc/incus compatible), with the models resource code reads.
import type { ApplyModel, CtyValue, PlanModifier, Schema, StateModel } from "../../framework";
import { mapOf, requiresReplace, requiresReplaceIf, str } from "../../framework";
import { nonEmpty } from "../common/non-empty";

/**
 * Plans `value` when neither the attribute nor any of `others` is configured (upstream's
 * SetDefaultStringIfAllUndefined / SetDefaultMapIfAllUndefined): a bucket restored from a backup takes the
 * backup's description and config instead.
 */
export function defaultUnlessConfigured(value: CtyValue, others: readonly string[]): PlanModifier {
  return {
    description: `Defaults to ${JSON.stringify(value)} unless one of ${others.join(", ")} is set.`,
    modify(req, resp) {
      if (req.configValue !== null) return;
      if (others.some((name) => (req.config[name] ?? null) !== null)) return;
      resp.planValue = value;
    },
  };
}

export const storageBucketSchema = {
  description: "An S3-compatible storage bucket in an Incus storage pool.",
  attributes: {
    name: str({ required: true, description: "Name of the bucket.", planModifiers: [requiresReplace()] }),
    description: str({
      optional: true,
      computed: true,
      description: "Description of the bucket.",
      conflictsWith: ["source_file"],
      planModifiers: [defaultUnlessConfigured("", ["source_file"])],
    }),
    pool: str({ required: true, description: "Storage pool of the bucket.", planModifiers: [requiresReplace()] }),
    project: str({
      optional: true,
      description: "Project of the bucket.",
      validators: [nonEmpty()],
      planModifiers: [requiresReplace()],
    }),
    remote: str({
      optional: true,
      description: "The remote to create the bucket on.",
      planModifiers: [requiresReplace()],
    }),
    target: str({
      optional: true,
      computed: true,
      description: "Cluster member to create the bucket on.",
      validators: [nonEmpty()],
      planModifiers: [requiresReplaceIf((req) => req.configValue !== null, "A new target replaces the bucket.")],
    }),
    config: mapOf("string", {
      optional: true,
      computed: true,
      description: "Bucket configuration (size, user.*).",
      conflictsWith: ["source_file"],
      planModifiers: [defaultUnlessConfigured({}, ["source_file"])],
    }),
    source_file: str({
      optional: true,
      description: "A bucket backup tarball (incus storage bucket export) to create the bucket from.",
      validators: [nonEmpty()],
      planModifiers: [requiresReplace()],
    }),
    location: str({ computed: true, description: "Cluster member the bucket is on." }),
  },
} satisfies Schema;

/** An incus_storage_bucket as state holds it. */
export type StorageBucketState = StateModel<typeof storageBucketSchema>;
/** An incus_storage_bucket as create and update get it. */
export type StorageBucketPlan = ApplyModel<typeof storageBucketSchema>;
