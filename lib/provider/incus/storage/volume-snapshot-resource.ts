// incus_storage_volume_snapshot: a snapshot of a custom storage volume (the official provider has none; named
// and shaped after incus_storage_volume and incus_instance_snapshot). Description and expiry change in place;
// everything else replaces it. Snapshots carry no ownership marker, so one that already exists is reported with
// the import command: `[remote:][project]/pool/volume/name`. A snapshot (or volume) already gone counts as deleted.
import type { VolumeSnapshot } from "../../../incus";
import type { Resource, ResourceContext } from "../../framework";
import { knownOrNull } from "../../framework";
import { callFor, clientFor, formatImportId, ignoreNotFound, knownOr, parseImportId } from "../common";
import type { IncusProviderData } from "../provider-data";
import type { VolumeSnapshotPlan, VolumeSnapshotState } from "./volume-snapshot-schema";
import { volumeSnapshotSchema } from "./volume-snapshot-schema";

type Ctx = ResourceContext<IncusProviderData>;

const TYPE_NAME = "incus_storage_volume_snapshot";

/** What Incus reports for a snapshot that never expires. */
const NEVER = "0001-01-01T00:00:00Z";

/** The expiry to record: null for none; the known value's own spelling when it names the same instant. */
function expiryOf(live: string | undefined, known: unknown): string | null {
  if (!live || Date.parse(live) === Date.parse(NEVER)) return null;
  return typeof known === "string" && Date.parse(known) === Date.parse(live) ? known : live;
}

function stateOf(base: VolumeSnapshotPlan, live: VolumeSnapshot): VolumeSnapshotState {
  const created = Date.parse(live.created_at ?? "");
  return {
    name: live.name,
    pool: base.pool,
    volume: base.volume,
    description: live.description ?? "",
    expires_at: expiryOf(live.expires_at, base.expires_at),
    project: base.project ?? null,
    remote: base.remote ?? null,
    created_at: Number.isNaN(created) ? 0 : Math.floor(created / 1000),
  };
}

async function readSnapshot(values: VolumeSnapshotPlan, ctx: Ctx): Promise<VolumeSnapshotState | null> {
  const live = await ignoreNotFound(
    clientFor(ctx, values).volumeSnapshots.get(values.pool, values.volume, values.name, callFor(ctx, values)),
  );
  return live ? stateOf(values, live.value) : null;
}

function importIdOf(plan: VolumeSnapshotPlan): string {
  return formatImportId({ remote: plan.remote, project: plan.project, fields: [plan.pool, plan.volume, plan.name] });
}

/** Writes description and expiry (a null expiry in the plan keeps the snapshot's own). */
async function writeModifiable(plan: VolumeSnapshotPlan, ctx: Ctx): Promise<void> {
  const client = clientFor(ctx, plan);
  const call = callFor(ctx, plan);
  const { pool, volume, name } = plan;
  const current = await client.volumeSnapshots.get(pool, volume, name, call);
  const expires = knownOrNull(plan.expires_at) ?? current.value.expires_at ?? NEVER;
  await client.volumeSnapshots.update(
    pool,
    volume,
    name,
    { description: knownOr(plan.description, ""), expires_at: expires },
    { ...call, etag: current.etag },
  );
}

export const storageVolumeSnapshotResource: Resource<IncusProviderData, typeof volumeSnapshotSchema> = {
  typeName: TYPE_NAME,
  schema: volumeSnapshotSchema,

  async create({ planned }, ctx, resp) {
    const client = clientFor(ctx, planned);
    const call = callFor(ctx, planned);
    const { pool, volume, name } = planned;
    if (await ignoreNotFound(client.volumeSnapshots.get(pool, volume, name, call))) {
      ctx.diagnostics.error(
        `${TYPE_NAME} ${JSON.stringify(`${pool}/${volume}/${name}`)} already exists`,
        "Snapshots carry no ownership marker, so it cannot be proven to be this configuration's and was left untouched. " +
          `To manage it, import it:\n  terraform import ${TYPE_NAME}.<resource name> ${importIdOf(
            planned,
          )}\nor choose another name.`,
        ["name"],
      );
      return;
    }
    const expiresAt = knownOrNull(planned.expires_at);
    await client.volumeSnapshots.create(pool, volume, name, { ...call, ...(expiresAt ? { expiresAt } : {}) });
    resp.state = await readSnapshot(planned, ctx);
    if (resp.state === null)
      throw new Error(`Snapshot ${name} of storage volume ${pool}/${volume} vanished right after it was created.`);
    // The description is not part of the create request.
    if (knownOr(planned.description, "") !== "") {
      await writeModifiable(planned, ctx);
      resp.state = await readSnapshot(planned, ctx);
    }
  },

  read: async ({ state }, ctx) => readSnapshot(state, ctx),

  async update({ planned }, ctx, resp) {
    await writeModifiable(planned, ctx);
    resp.state = await readSnapshot(planned, ctx);
  },

  async delete({ prior }, ctx) {
    await ignoreNotFound(
      clientFor(ctx, prior).volumeSnapshots.delete(prior.pool, prior.volume, prior.name, callFor(ctx, prior)),
    );
  },

  async importState(id) {
    const parsed = parseImportId(id, { fields: ["pool", "volume", "name"], typeName: TYPE_NAME });
    return { ...parsed.fields, project: parsed.project, remote: parsed.remote };
  },
};
