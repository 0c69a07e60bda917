// incus_storage_pool, schema-compatible with lxc/incus. Driver-generated keys (a dir pool's source path, a
// loop file's size, volatile state) never show as drift; changing a zfs pool's source replaces the pool. A pool
// that holds kept copies (removal policies retain and snapshot) is left on the host when it is deleted.
import type { IncusClient, StoragePool } from "../../../incus";
import type { Unknown } from "../../cty";
import type { ModifyPlanResponse, Resource, ResourceContext } from "../../framework";
import { isUnknown } from "../../framework";
import {
  callFor,
  configMap,
  ignoreNotFound,
  managedObjectLifecycle,
  mergeForPut,
  parseImportId,
  stripComputedConfig,
  userConfigOf,
} from "../common";
import { MEMBER_POOL_KEYS } from "../../../records";
import { isMemberPart, memberKeys, memberPartConfig, vetFoundPart, withoutMarker } from "../common/member-part";
import type { IncusProviderData } from "../provider-data";
import { forgetStoragePool } from "./pool-config";
import { deleteStoragePool } from "./pool-delete";
import type { StoragePoolPlan, StoragePoolState } from "./pool-schema";
import { storagePoolSchema } from "./pool-schema";

/** Keys each driver fills in by itself (the official provider's lists); volatile.* for all. */
const DRIVER_COMPUTED_KEYS: Readonly<Record<string, readonly string[]>> = {
  dir: ["source"],
  zfs: ["source", "size", "zfs.pool_name"],
  lvm: ["source", "size", "lvm.vg_name", "lvm.thinpool_name"],
  lvmcluster: ["source", "lvm.vg_name"],
  btrfs: ["source", "size"],
  ceph: ["source", "ceph.cluster_name", "ceph.osd.pool_name", "ceph.user.name", "ceph.osd.pg_num"],
  cephfs: ["source", "cephfs.cluster_name", "cephfs.path", "cephfs.user.name"],
  cephobject: ["cephobject.cluster_name", "cephobject.radosgw.endpoint"],
  linstor: [
    "linstor.resource_group.name",
    "linstor.resource_group.place_count",
    "linstor.resource_group.storage_pool",
    "linstor.volume.prefix",
  ],
  truenas: ["source", "truenas.dataset"],
};

/** Computed keys of a pool of `driver`. */
export function poolComputedKeys(driver: string): string[] {
  return ["volatile.", ...(DRIVER_COMPUTED_KEYS[driver] ?? ["source"])];
}

type Ctx = ResourceContext<IncusProviderData>;

/** The live config as state; for zfs the user's `source` (a device or dataset) stays as written. */
export function poolConfigState(
  name: string,
  driver: string,
  live: Record<string, string> | null | undefined,
  user: Readonly<Record<string, string>> | Unknown | null | undefined,
): Record<string, string> {
  const userConfig = userConfigOf(user);
  // After an import, a source outside Incus' own directory can only have come from the user.
  const userSource = (key: string, value: string) => key === "source" && !value.endsWith(`/storage-pools/${name}`);
  const out = stripComputedConfig(live, userConfig, poolComputedKeys(driver), userSource);
  if (driver === "zfs" && typeof userConfig?.source === "string" && out.source !== undefined)
    out.source = userConfig.source;
  return out;
}

function poolState(pool: StoragePool, known: StoragePoolPlan): StoragePoolState {
  const targeted = isMemberPart(known);
  return {
    name: pool.name,
    driver: pool.driver,
    description: targeted ? (known.description ?? "") : (pool.description ?? ""),
    config: poolConfigState(
      pool.name,
      pool.driver,
      targeted ? memberPartConfig(pool.config, known.config, MEMBER_POOL_KEYS) : pool.config,
      known.config,
    ),
    project: known.project ?? null,
    remote: known.remote ?? null,
    target: known.target ?? null,
  };
}

async function readBack(client: IncusClient, known: StoragePoolPlan, ctx: Ctx): Promise<StoragePoolState | null> {
  const found = await ignoreNotFound(client.storagePools.get(known.name, callFor(ctx, known)));
  return found ? poolState(found.value, known) : null;
}

/** A member part: only its member keys are set on the member (PUT ?target=), and only when they differ. */
async function convergeMemberPart(client: IncusClient, planned: StoragePoolPlan, ctx: Ctx): Promise<void> {
  const call = callFor(ctx, planned);
  const current = await client.storagePools.get(planned.name, call);
  const computed = poolComputedKeys(planned.driver);
  const desired = memberKeys(configMap(planned.config), MEMBER_POOL_KEYS);
  const have = memberKeys(current.value.config, MEMBER_POOL_KEYS);
  const differs = Object.entries(desired).some(
    ([key, value]) => have[key] !== value && !computed.some((c) => key === c || (c.endsWith(".") && key.startsWith(c))),
  );
  if (!differs) return;
  await client.storagePools.update(
    planned.name,
    { description: "", config: { ...have, ...desired } },
    { ...call, etag: current.etag },
  );
}

async function converge(client: IncusClient, planned: StoragePoolPlan, ctx: Ctx): Promise<void> {
  if (isMemberPart(planned)) return convergeMemberPart(client, planned, ctx);
  const call = callFor(ctx, planned);
  const current = await client.storagePools.get(planned.name, call);
  const desired = configMap(planned.config);
  // The zfs source as written by the user may differ from what Incus stores; never send it back changed.
  if (planned.driver === "zfs" && current.value.config?.source !== undefined)
    desired.source = current.value.config.source;
  await client.storagePools
    .update(
      planned.name,
      {
        description: planned.description ?? "",
        config: mergeForPut(current.value.config, desired, poolComputedKeys(planned.driver)),
      },
      { ...call, etag: current.etag },
    )
    .finally(() => forgetStoragePool(client, planned.name)); // volumes read later must see the new config
}

export const storagePoolResource: Resource<IncusProviderData, typeof storagePoolSchema> = {
  typeName: "incus_storage_pool",
  schema: storagePoolSchema,

  modifyPlan(req): ModifyPlanResponse<typeof storagePoolSchema> {
    const { prior, planned } = req;
    if (!prior || !planned || prior.driver !== "zfs" || isUnknown(planned.config)) return { planned };
    const before = configMap(prior.config).source;
    const after = configMap(planned.config).source;
    if (before === after) return { planned };
    return { planned, requiresReplace: [["config", { key: "source" }]] };
  },

  ...managedObjectLifecycle<StoragePoolPlan, StoragePoolState>({
    kind: "incus_storage_pool",
    importIdFields: (planned) => [planned.name],
    createObject: (client, planned, ctx) =>
      client.storagePools
        .create(
          {
            name: planned.name,
            driver: planned.driver,
            // A member-specific create takes only member keys; the description belongs to the cluster-wide one.
            ...(planned.target ? {} : { description: planned.description ?? "" }),
            config: planned.target ? withoutMarker(configMap(planned.config)) : configMap(planned.config),
          },
          callFor(ctx, planned),
        )
        .finally(() => forgetStoragePool(client, planned.name)), // volumes read later must see the new pool
    getObject: async (client, planned, ctx) => {
      const found = await client.storagePools.get(planned.name, callFor(ctx, planned));
      vetFoundPart("storage pool", found.value.status, planned, ctx.providerData);
      return found;
    },
    // Kept copies keep the pool in place; anything else in it is named (pool-delete.ts).
    deleteObject: deleteStoragePool,
    converge,
    readBack,
  }),

  async importState(id) {
    const parsed = parseImportId(id, { fields: ["name"], typeName: "incus_storage_pool" });
    return { name: parsed.fields.name, remote: parsed.remote, project: parsed.project };
  },
};
