// incus_storage_volume: custom volumes (filesystem, block, ISO), schema-compatible with lxc/incus. Keys a
// volume inherits from its pool (`volume.size` on the pool → `size` on the volume) and driver keys never show
// as drift; a volume that is already gone counts as deleted.
import type { IncusClient, StorageVolume } from "../../../incus";
import type { Resource, ResourceContext } from "../../framework";
import {
  callFor,
  configMap,
  ignoreNotFound,
  managedObjectLifecycle,
  mergeForPut,
  optionalString,
  parseImportId,
  serverOf,
  stripComputedConfig,
  userConfigOf,
} from "../common";
import type { IncusProviderData } from "../provider-data";
import { storagePoolOf } from "./pool-config";
import { recordedFiles } from "../instance/files";
import type { VolumePlan, VolumeState } from "./volume-schema";
import { volumeSchema } from "./volume-schema";
import { hasSource, planVolume } from "./volume-plan";
import { reattachDetached } from "./detached-devices";
import { removeVolume, validatePolicyKeys } from "./volume-removal";
import { createVolume } from "./volume-source";
import {
  checkVolumeFilesApi,
  createWithFiles,
  planVolumeFiles,
  updateWithFiles,
  validateVolumeFiles,
} from "./volume-files";

type Ctx = ResourceContext<IncusProviderData>;

const VOLUME_COMPUTED_KEYS = ["block.filesystem", "block.mount_options", "volatile."];

/** Computed keys of a volume on a pool with `poolConfig`: the fixed ones plus every `volume.X` default as `X`. */
export function volumeComputedKeys(poolConfig: Record<string, string> | null | undefined): string[] {
  const inherited = Object.keys(poolConfig ?? {})
    .filter((k) => k.startsWith("volume."))
    .map((k) => k.slice("volume.".length));
  return [...VOLUME_COMPUTED_KEYS, ...inherited];
}

function volumeState(volume: StorageVolume, computed: readonly string[], known: VolumePlan): VolumeState {
  return {
    name: volume.name,
    pool: known.pool,
    description: volume.description ?? "",
    type: "custom",
    content_type: volume.content_type,
    config: stripComputedConfig(volume.config, userConfigOf(known.config), computed),
    project: known.project ?? null,
    remote: known.remote ?? null,
    target: typeof known.target === "string" ? known.target : null,
    source_volume: known.source_volume ?? null,
    source_file: known.source_file ?? null,
    location: volume.location ?? "",
    file: Array.isArray(known.file) ? recordedFiles(known.file) : [],
  };
}

async function readBack(client: IncusClient, known: VolumePlan, ctx: Ctx): Promise<VolumeState | null> {
  const call = callFor(ctx, known);
  const [volume, pool] = await Promise.all([
    ignoreNotFound(client.storageVolumes.get(known.pool, known.name, call)),
    storagePoolOf(client, known.pool, ctx.signal),
  ]);
  if (!volume) return null;
  return volumeState(volume.value, volumeComputedKeys(pool?.config), known);
}

async function converge(client: IncusClient, planned: VolumePlan, ctx: Ctx): Promise<void> {
  const call = callFor(ctx, planned);
  const [current, pool] = await Promise.all([
    client.storageVolumes.get(planned.pool, planned.name, call),
    // A pool that is not there fails the plain read, with its usual error.
    storagePoolOf(client, planned.pool, ctx.signal).then(
      async (p) => p ?? (await client.storagePools.get(planned.pool, { signal: ctx.signal })).value,
    ),
  ]);
  const computed = volumeComputedKeys(pool.config);
  const description = typeof planned.description === "string" ? planned.description : current.value.description;
  // A null config (a copy or import whose config the server decides) keeps what is there.
  const config =
    planned.config === null
      ? current.value.config
      : mergeForPut(current.value.config, configMap(planned.config), computed);
  await client.storageVolumes.update(
    planned.pool,
    planned.name,
    { description, config },
    { ...call, etag: current.etag },
  );
}

/**
 * The state of a volume this create has just made empty (no source) on a server that is not clustered: what the read
 * back would find, without reading it (one GET per volume on every apply). Incus keeps the config as it was sent
 * (the pool's volume.* defaults it adds are computed keys, not state) and reports the location "none". A copy or an
 * import takes its content type and config from the source, and on a cluster a member decides the location: those
 * are read back.
 */
async function createdVolumeState(
  client: IncusClient,
  planned: VolumePlan,
  ctx: Ctx,
): Promise<VolumeState | undefined> {
  if (hasSource(planned) || planned.config === null || typeof planned.description !== "string") return undefined;
  if (planned.content_type !== "filesystem" && planned.content_type !== "block") return undefined;
  const server = await serverOf(client, ctx.signal).catch(() => undefined);
  if (server?.environment?.server_clustered !== false) return undefined;
  const created = {
    name: planned.name,
    description: planned.description,
    content_type: planned.content_type,
    config: configMap(planned.config),
    location: "none",
  } as StorageVolume;
  return volumeState(created, VOLUME_COMPUTED_KEYS, planned);
}

/** A volume created again in the apply that deleted it (a replacement) goes back to the instances it was detached from. */
async function giveDevicesBack(client: IncusClient, planned: VolumePlan, ctx: Ctx): Promise<void> {
  const remote = ctx.providerData.remoteName(optionalString(planned.remote));
  const project = optionalString(planned.project);
  for (const { instance, devices } of await reattachDetached(
    client,
    remote,
    project,
    planned.pool,
    planned.name,
    ctx.signal,
  )) {
    ctx.log.info("re-attached a replaced volume to the instance it was detached from", {
      volume: `${planned.pool}/${planned.name}`,
      instance,
      devices,
    });
  }
}

const lifecycle = managedObjectLifecycle<VolumePlan, VolumeState>({
  kind: "incus_storage_volume",
  importIdFields: (planned) => [planned.pool, planned.name],
  createObject: async (client, planned, ctx) => {
    await createVolume(client, planned, callFor(ctx, planned), ctx.providerData);
    await giveDevicesBack(client, planned, ctx);
  },
  getObject: (client, planned, ctx) => client.storageVolumes.get(planned.pool, planned.name, callFor(ctx, planned)),
  deleteObject: (client, prior, ctx) => removeVolume(client, prior, ctx),
  converge,
  readBack,
  createdState: createdVolumeState,
  provisionalFills: () => ({ file: [] }),
});

export const storageVolumeResource: Resource<IncusProviderData, typeof volumeSchema> = {
  typeName: "incus_storage_volume",
  schema: volumeSchema,

  validateConfig(config, ctx) {
    validatePolicyKeys(configMap(config.config), ctx.diagnostics);
    validateVolumeFiles(config, ctx.diagnostics);
  },

  async modifyPlan(req, ctx) {
    const planned = planVolume(req, ctx.diagnostics).planned;
    await checkVolumeFilesApi(planned, req.prior, ctx);
    return { planned: planned && req.config ? planVolumeFiles(planned, req.config) : planned };
  },

  ...lifecycle,
  create: createWithFiles(lifecycle.create),
  update: updateWithFiles(lifecycle.update),

  async importState(id) {
    const parsed = parseImportId(id, { fields: ["pool", "name"], typeName: "incus_storage_volume" });
    return {
      pool: parsed.fields.pool,
      name: parsed.fields.name,
      remote: parsed.remote,
      project: parsed.project,
      type: "custom",
    };
  },
};
