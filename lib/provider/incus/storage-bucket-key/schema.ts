// The incus_storage_bucket_key schema (lxc/incus compatible), with the models resource code reads. The access
// and secret keys are credentials: sensitive, so Terraform never prints them.
import type { ApplyModel, Schema, StateModel } from "../../framework";
import { oneOf, requiresReplace, str } from "../../framework";
import { nonEmpty } from "../common/non-empty";

export const storageBucketKeySchema = {
  description: "An access key of an Incus storage bucket.",
  attributes: {
    name: str({ required: true, description: "Name of the key.", planModifiers: [requiresReplace()] }),
    description: str({ optional: true, computed: true, default: "", description: "Description of the key." }),
    pool: str({ required: true, description: "Storage pool of the bucket.", planModifiers: [requiresReplace()] }),
    storage_bucket: str({ required: true, description: "Name of the bucket.", planModifiers: [requiresReplace()] }),
    role: str({
      optional: true,
      computed: true,
      default: "read-only",
      description: "admin or read-only.",
      validators: [oneOf(["admin", "read-only"])],
      planModifiers: [requiresReplace()],
    }),
    project: str({
      optional: true,
      description: "Project of the bucket.",
      validators: [nonEmpty()],
      planModifiers: [requiresReplace()],
    }),
    remote: str({ optional: true, description: "The remote the bucket is on.", planModifiers: [requiresReplace()] }),
    access_key: str({ computed: true, sensitive: true, description: "The S3 access key." }),
    secret_key: str({ computed: true, sensitive: true, description: "The S3 secret key." }),
  },
} satisfies Schema;

/** An incus_storage_bucket_key as state holds it. */
export type StorageBucketKeyState = StateModel<typeof storageBucketKeySchema>;
/** An incus_storage_bucket_key as create and update get it. */
export type StorageBucketKeyPlan = ApplyModel<typeof storageBucketKeySchema>;
