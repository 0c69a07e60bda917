// incus_storage_bucket: an S3 bucket in a storage pool, schema-compatible with lxc/incus, created empty or from a
// backup tarball (source_file). Keys Incus generates (volatile.*, block.*) never show as drift.
import type { IncusClient, StorageBucket } from "../../../incus";
import { STORAGE_BUCKET_BACKUP_EXTENSION, STORAGE_BUCKETS_EXTENSION } from "../../../incus/storage-buckets";
import type { Resource, ResourceContext } from "../../framework";
import {
  callFor,
  configMap,
  expandHome,
  ignoreNotFound,
  knownOr,
  managedObjectLifecycle,
  mergeForPut,
  optionalString,
  parseImportId,
  stripComputedConfig,
  userConfigOf,
} from "../common";
import { checkApiExtensionsAtPlan, requireApiExtensions } from "../common/api-extension";
import type { IncusProviderData } from "../provider-data";
import { bucketCreateError } from "./minio";
import { checkBucketRemoval, mayDeleteBucket } from "./removal";
import type { StorageBucketPlan, StorageBucketState } from "./schema";
import { storageBucketSchema } from "./schema";

type Ctx = ResourceContext<IncusProviderData>;

const TYPE = "incus_storage_bucket";

/** Keys Incus generates for buckets (the official provider's list). */
export const BUCKET_COMPUTED_KEYS = ["block.filesystem", "block.mount_options", "volatile."] as const;

function requiredExtensions(planned: { readonly source_file: unknown }): string[] {
  return planned.source_file === null
    ? [STORAGE_BUCKETS_EXTENSION]
    : [STORAGE_BUCKETS_EXTENSION, STORAGE_BUCKET_BACKUP_EXTENSION];
}

function bucketState(bucket: StorageBucket, known: StorageBucketPlan, clustered: boolean): StorageBucketState {
  return {
    name: bucket.name,
    description: bucket.description ?? "",
    pool: known.pool,
    project: known.project ?? null,
    remote: known.remote ?? null,
    // As upstream: the member outside "none" (a standalone server), else "".
    target: clustered || bucket.location !== "none" ? bucket.location : "",
    config: stripComputedConfig(bucket.config, userConfigOf(knownOr(known.config, null)), BUCKET_COMPUTED_KEYS),
    source_file: known.source_file ?? null,
    location: bucket.location,
  };
}

async function readBack(client: IncusClient, known: StorageBucketPlan, ctx: Ctx): Promise<StorageBucketState | null> {
  const found = await ignoreNotFound(client.storageBuckets.get(known.pool, known.name, callFor(ctx, known)));
  if (!found) return null;
  const server = (await client.server.get({ signal: ctx.signal })).value;
  return bucketState(found.value, known, Boolean(server.environment?.server_clustered));
}

async function converge(client: IncusClient, planned: StorageBucketPlan, ctx: Ctx): Promise<void> {
  const call = callFor(ctx, planned);
  const current = await client.storageBuckets.get(planned.pool, planned.name, call);
  await client.storageBuckets.update(
    planned.pool,
    planned.name,
    {
      description: knownOr(planned.description, ""),
      config: mergeForPut(current.value.config, configMap(planned.config), BUCKET_COMPUTED_KEYS),
    },
    { ...call, etag: current.etag },
  );
}

async function createBucket(client: IncusClient, planned: StorageBucketPlan, ctx: Ctx): Promise<void> {
  await requireApiExtensions(client, TYPE, requiredExtensions(planned), { signal: ctx.signal });
  const call = callFor(ctx, planned);
  const sourceFile = optionalString(planned.source_file);
  try {
    if (sourceFile) await client.storageBuckets.importFile(planned.pool, planned.name, expandHome(sourceFile), call);
    else
      await client.storageBuckets.create(
        planned.pool,
        { name: planned.name, description: knownOr(planned.description, ""), config: configMap(planned.config) },
        call,
      );
  } catch (err) {
    throw bucketCreateError(err, TYPE, planned.pool, planned.name);
  }
}

const lifecycle = managedObjectLifecycle<StorageBucketPlan, StorageBucketState>({
  kind: TYPE,
  importIdFields: (planned) => [planned.pool, planned.name],
  createObject: createBucket,
  getObject: (client, planned, ctx) => client.storageBuckets.get(planned.pool, planned.name, callFor(ctx, planned)),
  // The bucket is addressed without the member it was created on (as upstream).
  deleteObject: (client, prior, ctx) =>
    client.storageBuckets.delete(prior.pool, prior.name, callFor(ctx, { ...prior, target: null })),
  converge,
  readBack,
});

export const storageBucketResource: Resource<IncusProviderData, typeof storageBucketSchema> = {
  typeName: TYPE,
  schema: storageBucketSchema,

  async modifyPlan(req, ctx) {
    if (req.prior && (!req.planned || req.requiresReplace.length > 0))
      checkBucketRemoval(req.prior, req.planned !== null, ctx.diagnostics);
    if (req.planned && !req.prior)
      await checkApiExtensionsAtPlan(ctx, req.planned, TYPE, requiredExtensions(req.planned));
    return { planned: req.planned };
  },

  ...lifecycle,

  async delete(req, ctx) {
    if (mayDeleteBucket(req.prior, ctx.diagnostics)) await lifecycle.delete(req, ctx);
  },

  async importState(id) {
    const parsed = parseImportId(id, { fields: ["pool", "name"], typeName: TYPE });
    return { pool: parsed.fields.pool, name: parsed.fields.name, remote: parsed.remote, project: parsed.project };
  },
};
