// data "incus_storage_bucket": an existing S3 bucket of a storage pool.
import type { Schema } from "../../framework";
import { mapOf, str } from "../../framework";
import type { DataSource } from "../../framework";
import { callFor, clientFor } from "../common";
import type { IncusProviderData } from "../provider-data";
import { readObject } from "./lookup";
import { notEmpty } from "./not-empty";

export const storageBucketDataSourceSchema = {
  description: "Reads an existing Incus storage bucket.",
  attributes: {
    name: str({ required: true, description: "Name of the bucket." }),
    storage_pool: str({ required: true, description: "Storage pool of the bucket." }),
    project: str({ optional: true, validators: [notEmpty], description: "Project of the bucket." }),
    remote: str({ optional: true, description: "The remote to read from." }),
    target: str({ optional: true, validators: [notEmpty], description: "Cluster member." }),
    description: str({ optional: true, computed: true, description: "Description of the bucket." }),
    config: mapOf("string", { computed: true, description: "Bucket configuration." }),
    location: str({ optional: true, computed: true, description: "Cluster member the bucket is on." }),
    s3_url: str({ optional: true, computed: true, description: "The bucket's S3 URL." }),
  },
} satisfies Schema;

export const storageBucketDataSource: DataSource<IncusProviderData, typeof storageBucketDataSourceSchema> = {
  typeName: "incus_storage_bucket",
  schema: storageBucketDataSourceSchema,
  async read(config, ctx) {
    const found = {
      kind: "storage bucket",
      name: config.name,
      nameAttribute: "name",
      parent: `storage pool ${JSON.stringify(config.storage_pool)}`,
      apiExtension: "storage_buckets",
    };
    const bucket = (
      await readObject(ctx, config, found, () =>
        clientFor(ctx, config).storageBuckets.get(config.storage_pool, config.name, callFor(ctx, config)),
      )
    ).value;
    return {
      name: bucket.name,
      storage_pool: config.storage_pool,
      project: config.project ?? null,
      remote: config.remote ?? null,
      target: config.target ?? null,
      description: bucket.description ?? "",
      config: bucket.config ?? {},
      location: bucket.location ?? "",
      s3_url: bucket.s3_url ?? "",
    };
  },
};
