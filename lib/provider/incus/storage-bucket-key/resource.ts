// incus_storage_bucket_key: an S3 access key of a bucket, schema-compatible with lxc/incus. Incus generates the
// key pair; updates keep it (only the description changes in place, a new role replaces the key, as upstream).
// A key has no config to carry an ownership marker: a create that finds a key of its name adopts it when the bucket
// carries one (not released), since a key inside a bucket we own was made by an earlier run that died; in any other
// bucket the key is left untouched and the error names the import command.
import type { IncusClient, StorageBucket, StorageBucketKey } from "../../../incus";
import { isReleased } from "../../../records";
import { STORAGE_BUCKETS_EXTENSION } from "../../../incus/storage-buckets";
import type { Resource, ResourceContext } from "../../framework";
import { DiagnosticError } from "../../framework";
import { OWNER_KEY, callFor, clientFor, formatImportId, ignoreNotFound, knownOr, parseImportId } from "../common";
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
async function requireBucket(client: IncusClient, planned: StorageBucketKeyPlan, ctx: Ctx): Promise<StorageBucket> {
  const found = await client.storageBuckets.find(planned.pool, planned.storage_bucket, callFor(ctx, planned));
  if (found) return found.value;
  throw new DiagnosticError(
    `${TYPE}: storage bucket ${JSON.stringify(planned.storage_bucket)} does not exist`,
    `There is no bucket ${JSON.stringify(planned.storage_bucket)} in pool ${JSON.stringify(planned.pool)}` +
      `${planned.project ? ` of project ${JSON.stringify(planned.project)}` : ""} on ${client.endpoint}, so key ` +
      `${JSON.stringify(planned.name)} cannot be created. Create the bucket first (incus_storage_bucket, referenced ` +
      "so that Terraform orders the two).",
    ["storage_bucket"],
  );
}

/** Refuses to adopt an existing key unless its bucket carries an ownership marker that was not released. */
function refuseForeignKey(bucket: StorageBucket, planned: StorageBucketKeyPlan): void {
  const owner = bucket.config?.[OWNER_KEY];
  if (owner && !isReleased(owner)) return;
  const id = formatImportId({
    remote: planned.remote,
    project: planned.project,
    fields: [planned.pool, planned.storage_bucket, planned.name],
  });
  const why = owner
    ? `Its bucket was released (marked ${JSON.stringify(owner)}), so the key is not this configuration's.`
    : `Its bucket carries no ${OWNER_KEY} marker, so the key was not created by this configuration.`;
  throw new DiagnosticError(
    `${TYPE} ${JSON.stringify(`${planned.pool}/${planned.storage_bucket}/${planned.name}`)} already exists`,
    `${why} It was left untouched. To manage it with this configuration, import it first:\n` +
      `  terraform import ${TYPE}.<resource name> ${id}\nor choose another name.`,
    ["name"],
  );
}

/** Makes the existing key match the plan, keeping its key pair. */
async function converge(client: IncusClient, planned: StorageBucketKeyPlan, ctx: Ctx): Promise<void> {
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
    const bucket = await requireBucket(client, planned, ctx);
    try {
      await client.storageBucketKeys.create(
        planned.pool,
        planned.storage_bucket,
        { name: planned.name, description: knownOr(planned.description, ""), role: knownOr(planned.role, "read-only") },
        callFor(ctx, planned),
      );
    } catch (err) {
      // Incus's status for "already exists" varies per endpoint: whether the key is there now is what counts.
      const existing = await readBack(client, planned, ctx).catch(() => null);
      if (!existing) throw bucketCreateError(err, TYPE, planned.pool, planned.storage_bucket);
      refuseForeignKey(bucket, planned);
      await converge(client, planned, ctx);
    }
    resp.state = await readBack(client, planned, ctx);
  },

  async read({ state }, ctx) {
    return readBack(clientFor(ctx, state), state, ctx);
  },

  async update({ planned }, ctx, resp) {
    const client = clientFor(ctx, planned);
    await converge(client, planned, ctx);
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
