// libvirt_pool (0.9.x shape, subset: dir, logical and netfs pools). Every attribute that libvirt cannot change on a
// defined pool is planned as a replacement, so an apply never fails with "Storage pools cannot be updated".
// create = { build, start, autostart } and destroy = { delete } steer Create and Delete as in 0.9.x. Deleting a
// pool's storage while it still holds volumes is refused before anything is stopped; a pool that holds kept copies
// (removal policies retain and snapshot, snapshotBeforeRebuild copies) is left on the host and dropped from the
// state (kept-copies.ts).
import type { Resource, ResourceContext } from "../../framework";
import type { PoolInfo, PoolSource, PoolType } from "../../../libvirt";
import { checkName, clientOf, ignoreNotFound, knownList, knownObject, refuseExisting } from "../common";
import type { LibvirtProviderData } from "../provider-data";
import { keptPoolNotice, sortPoolContents } from "./kept-copies";
import { poolSchema } from "./schema";
import type { PoolPlan, PoolState } from "./schema";
import { checkPoolConfig } from "./checks";
import { targetPathState } from "./target-path";

type Ctx = ResourceContext<LibvirtProviderData>;

const orNull = <T>(value: T | undefined): T | null => value ?? null;

/**
 * The source as libvirt holds it, limited to the parts the configuration sets (libvirt fills in defaults such as
 * the logical format); everything when nothing is known (an import).
 */
function sourceState(live: PoolSource, known: PoolPlan["source"] | undefined): PoolState["source"] {
  const k = knownObject(known ?? null);
  const all = known === undefined;
  if (!all && !k) return null;
  const want = (attribute: keyof NonNullable<typeof k>) => all || (k !== undefined && k[attribute] !== null);
  const devices = live.devices ?? [];
  const hosts = live.hosts ?? [];
  const source = {
    name: want("name") ? orNull(live.name) : null,
    device: want("device") && devices.length > 0 ? devices.map((path) => ({ path })) : null,
    host: want("host") && hosts.length > 0 ? hosts.map((h) => ({ name: h.name, port: orNull(h.port) })) : null,
    dir: want("dir") && live.dir !== undefined ? { path: live.dir } : null,
    format: want("format") && live.format !== undefined ? { type: live.format } : null,
  };
  return all && Object.values(source).every((v) => v === null) ? null : source;
}

function poolState(pool: PoolInfo, known: PoolPlan, imported = false): PoolState {
  return {
    name: pool.name,
    type: pool.type,
    source: sourceState(pool.source, imported ? undefined : known.source),
    target:
      pool.targetPath !== undefined
        ? { path: targetPathState(pool.targetPath, knownObject(known.target)?.path) }
        : (knownObject(known.target) ?? null),
    create: knownObject(known.create) ?? null,
    destroy: knownObject(known.destroy) ?? null,
    autostart: pool.autostart,
    id: orNull(pool.uuid),
    uuid: orNull(pool.uuid),
    capacity: pool.active ? orNull(pool.capacity) : null,
    allocation: pool.active ? orNull(pool.allocation) : null,
    available: pool.active ? orNull(pool.available) : null,
  };
}

async function readBack(known: PoolPlan, ctx: Ctx): Promise<PoolState | null> {
  const { client, call } = clientOf(ctx);
  const pool = await client.pools.find(known.name, call);
  // An imported pool's state holds only its name: everything else comes from libvirt.
  return pool ? poolState(pool, known, known.type === null || known.type === undefined) : null;
}

function sourceFrom(planned: PoolPlan): PoolSource | undefined {
  const source = knownObject(planned.source);
  if (!source) return undefined;
  return {
    name: source.name ?? undefined,
    devices: knownList(source.device).map((d) => d.path),
    hosts: knownList(source.host).map((h) => ({ name: h.name, port: h.port ?? undefined })),
    dir: knownObject(source.dir)?.path,
    format: knownObject(source.format)?.type,
  };
}

/** Whether Delete removes the pool's storage: as configured, else 0.9.x's defaults. */
function deletesStorage(prior: PoolState): boolean {
  const configured = knownObject(prior.destroy)?.delete;
  if (typeof configured === "boolean") return configured;
  if (prior.type === "logical") return knownList(knownObject(prior.source)?.device).length > 0;
  return prior.type === "dir";
}

export const poolResource: Resource<LibvirtProviderData, typeof poolSchema> = {
  typeName: "libvirt_pool",
  schema: poolSchema,

  validateConfig(config, ctx) {
    checkName(config.name, ["name"], "pool", ctx.diagnostics);
    checkPoolConfig(config, ctx.diagnostics);
  },

  async create({ planned }, ctx, resp) {
    const { client, call } = clientOf(ctx);
    if (await client.pools.find(planned.name, call)) {
      refuseExisting(
        "libvirt_pool",
        planned.name,
        planned.name,
        ctx.diagnostics,
        "libvirt pools carry no ownership marker, so an existing pool is never taken over.",
      );
      return;
    }
    const type = planned.type as PoolType;
    const source = sourceFrom(planned);
    const options = knownObject(planned.create);
    const build = options?.build ?? (type !== "logical" || (source?.devices ?? []).length > 0);
    const targetPath = knownObject(planned.target)?.path ?? undefined;
    await client.pools.define({ name: planned.name, type, targetPath, source }, { build }, call);
    resp.state = poolState(await client.pools.info(planned.name, call), planned);
    if (options?.start !== false) {
      try {
        await client.pools.start(planned.name, call);
      } catch (err) {
        // A pool that cannot start (an unreachable file server, a missing device) is not left defined: a
        // corrected retry would find its name taken. What the build created stays.
        await ignoreNotFound(client.pools.delete(planned.name, {}, call), "pool");
        resp.state = null;
        throw err;
      }
    }
    const autostart = typeof planned.autostart === "boolean" ? planned.autostart : (options?.autostart ?? true);
    if (autostart) await client.pools.setAutostart(planned.name, true, call);
    resp.state = (await readBack(planned, ctx)) ?? resp.state;
  },

  async read({ state }, ctx) {
    return readBack(state, ctx);
  },

  async update({ planned }, ctx, resp) {
    // Only autostart, create/destroy (options of Create and Delete) and another spelling of target.path (kept in
    // state by readBack) reach an update; everything else is planned as a replacement.
    const { client, call } = clientOf(ctx);
    if (typeof planned.autostart === "boolean") await client.pools.setAutostart(planned.name, planned.autostart, call);
    resp.state = await readBack(planned, ctx);
  },

  async delete({ prior }, ctx) {
    const { client, call } = clientOf(ctx);
    const pool = await client.pools.find(prior.name, call);
    if (!pool) return;
    const deleteStorage = deletesStorage(prior);
    if (pool.active) {
      const volumes = await client.volumes.list(prior.name, call);
      const contents = sortPoolContents(volumes.map((v) => v.name));
      if (contents.kept.length > 0) {
        const { summary, detail } = keptPoolNotice(ctx.providerData.uri, prior.name, contents);
        ctx.diagnostics.warning(summary, detail);
        return;
      }
      if (volumes.length > 0 && deleteStorage) {
        const names = volumes.map((v) => v.name).join(", ");
        throw new Error(
          `pool ${prior.name} still holds ${volumes.length} volume(s): ${names}. They are not part of this pool's ` +
            "resource, so they are not deleted with it: delete them first (or remove them from the configuration's pool), " +
            "or set destroy = { delete = false } to undefine the pool and leave its storage as it is.",
        );
      }
    }
    await ignoreNotFound(client.pools.delete(prior.name, { deleteDirectory: deleteStorage }, call), "pool");
  },

  async importState(id) {
    if (id.trim() === "") throw new Error("The import ID is empty: give the pool's name.");
    return { name: id };
  },
};
