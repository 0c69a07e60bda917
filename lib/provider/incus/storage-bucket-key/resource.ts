// incus_storage_bucket_key: an S3 access key of a bucket, schema-compatible with lxc/incus. Incus generates the
// key pair; updates keep it (only the description changes in place, a new role replaces the key, as upstream).
import type { IncusClient, StorageBucketKey } from "../../../incus";
import { STORAGE_BUCKETS_EXTENSION } from "../../../incus/storage-buckets";
import type { Resource, ResourceContext } from "../../framework";
import { DiagnosticError } from "../../framework";
import { callFor, clientFor, ignoreNotFound, knownOr, parseImportId } from "../common";
import { checkApiExtensionsAtPlan, requireApiExtensions } from "../common/api-extension";
import type { IncusProviderData } from "../provider-data";
import { bucketCreateError } from "../storage-bucket/minio";
import type { StorageBucketKeyPlan, StorageBucketKeyState } from "./schema";
import { storageBucketKeySchema } from "./schema";

type Ctx = ResourceContext<IncusProviderData>;

const TYPE = "incus_storage_bucket_key";

function keyState(key: StorageBucketKey, known: StorageBucketKeyPlan): StorageBucketKeyState {
  return {
    name: key.name,
    description: key.description ?? "",
    pool: known.pool,
    storage_bucket: known.storage_bucket,
    role: key.role,
    project: known.project ?? null,
    remote: known.remote ?? null,
    access_key: key["access-key"],
    secret_key: key["secret-key"],
  };
}

async function readBack(
  client: IncusClient,
  known: StorageBucketKeyPlan,
  ctx: Ctx,
): Promise<StorageBucketKeyState | null> {
  const found = await ignoreNotFound(
    client.storageBucketKeys.get(known.pool, known.storage_bucket, known.name, callFor(ctx, known)),
  );
  return found ? keyState(found.value, known) : null;
}

/** A key needs its bucket: say so by name instead of passing on incusd's 404. */
async function requireBucket(client: IncusClient, planned: StorageBucketKeyPlan, ctx: Ctx): Promise<void> {
  if (await client.storageBuckets.find(planned.pool, planned.storage_bucket, callFor(ctx, planned))) return;
  throw new DiagnosticError(
    `${TYPE}: storage bucket ${JSON.stringify(planned.storage_bucket)} does not exist`,
    `There is no bucket ${JSON.stringify(planned.storage_bucket)} in pool ${JSON.stringify(planned.pool)}` +
      `${planned.project ? ` of project ${JSON.stringify(planned.project)}` : ""} on ${client.endpoint}, so key ` +
      `${JSON.stringify(planned.name)} cannot be created. Create the bucket first (incus_storage_bucket, referenced ` +
      "so that Terraform orders the two).",
    ["storage_bucket"],
  );
}

export const storageBucketKeyResource: Resource<IncusProviderData, typeof storageBucketKeySchema> = {
  typeName: TYPE,
  schema: storageBucketKeySchema,

  async modifyPlan(req, ctx) {
    if (req.planned && !req.prior) await checkApiExtensionsAtPlan(ctx, req.planned, TYPE, [STORAGE_BUCKETS_EXTENSION]);
    return { planned: req.planned };
  },

  async create({ planned }, ctx, resp) {
    const client = clientFor(ctx, planned);
    await requireApiExtensions(client, TYPE, [STORAGE_BUCKETS_EXTENSION], { signal: ctx.signal });
    await requireBucket(client, planned, ctx);
    try {
      await client.storageBucketKeys.create(
        planned.pool,
        planned.storage_bucket,
        { name: planned.name, description: knownOr(planned.description, ""), role: knownOr(planned.role, "read-only") },
        callFor(ctx, planned),
      );
    } catch (err) {
      throw bucketCreateError(err, TYPE, planned.pool, planned.storage_bucket);
    }
    resp.state = await readBack(client, planned, ctx);
  },

  async read({ state }, ctx) {
    return readBack(clientFor(ctx, state), state, ctx);
  },

  async update({ planned }, ctx, resp) {
    const client = clientFor(ctx, planned);
    const call = callFor(ctx, planned);
    const current = await client.storageBucketKeys.get(planned.pool, planned.storage_bucket, planned.name, call);
    await client.storageBucketKeys.update(
      planned.pool,
      planned.storage_bucket,
      planned.name,
      {
        description: knownOr(planned.description, ""),
        role: knownOr(planned.role, current.value.role),
        // The same pair again: an empty one would make Incus generate new credentials.
        "access-key": current.value["access-key"],
        "secret-key": current.value["secret-key"],
      },
      { ...call, etag: current.etag },
    );
    resp.state = await readBack(client, planned, ctx);
  },

  async delete({ prior }, ctx) {
    await ignoreNotFound(
      clientFor(ctx, prior).storageBucketKeys.delete(prior.pool, prior.storage_bucket, prior.name, callFor(ctx, prior)),
    );
  },

  async importState(id) {
    const parsed = parseImportId(id, { fields: ["pool", "storage_bucket", "name"], typeName: TYPE });
    return {
      pool: parsed.fields.pool,
      storage_bucket: parsed.fields.storage_bucket,
      name: parsed.fields.name,
      remote: parsed.remote,
      project: parsed.project,
    };
  },
};
