// libvirt_pool (0.9.x shape, subset: directory pools). Every attribute that libvirt cannot change on a defined
// pool is planned as a replacement, so an apply never fails with "Storage pools cannot be updated". Deleting a
// pool that still holds volumes is refused before anything is stopped; one that holds kept copies (removal policies
// retain and snapshot, snapshotBeforeRebuild copies) is left on the host and dropped from the state (kept-copies.ts).
import type { Resource, ResourceContext } from "../../framework";
import type { PoolInfo } from "../../../libvirt";
import { checkName, clientOf, ignoreNotFound, knownObject, refuseExisting } from "../common";
import type { LibvirtProviderData } from "../provider-data";
import { keptPoolNotice, sortPoolContents } from "./kept-copies";
import { poolSchema } from "./schema";
import type { PoolPlan, PoolState } from "./schema";
import { targetPathState } from "./target-path";

type Ctx = ResourceContext<LibvirtProviderData>;

function poolState(pool: PoolInfo, known: PoolPlan): PoolState {
  return {
    name: pool.name,
    type: pool.type,
    target:
      pool.targetPath !== undefined
        ? { path: targetPathState(pool.targetPath, knownObject(known.target)?.path) }
        : (knownObject(known.target) ?? null),
    autostart: pool.autostart,
    id: pool.uuid ?? null,
    capacity: pool.capacity ?? null,
    allocation: pool.allocation ?? null,
    available: pool.available ?? null,
  };
}

async function readBack(known: PoolPlan, ctx: Ctx): Promise<PoolState | null> {
  const { client, call } = clientOf(ctx);
  const pool = await client.pools.find(known.name, call);
  return pool ? poolState(pool, known) : null;
}

export const poolResource: Resource<LibvirtProviderData, typeof poolSchema> = {
  typeName: "libvirt_pool",
  schema: poolSchema,

  validateConfig(config, ctx) {
    checkName(config.name, ["name"], "pool", ctx.diagnostics);
    const target = knownObject(config.target);
    if (config.type === "dir" && config.target === null) {
      ctx.diagnostics.error("Missing target", 'A "dir" pool needs target = { path = "/absolute/directory" }.', [
        "target",
      ]);
    }
    if (target && typeof target.path === "string" && !target.path.startsWith("/")) {
      ctx.diagnostics.error("Invalid target path", `"${target.path}" is not an absolute path.`, ["target", "path"]);
    }
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
    const targetPath = knownObject(planned.target)?.path ?? "";
    await client.pools.define({ name: planned.name, type: "dir", targetPath }, { build: true }, call);
    resp.state = {
      ...planned,
      target: { path: targetPath },
      id: null,
      capacity: null,
      allocation: null,
      available: null,
    };
    await client.pools.start(planned.name, call);
    if (planned.autostart !== false) await client.pools.setAutostart(planned.name, true, call);
    resp.state = (await readBack(planned, ctx)) ?? resp.state;
  },

  async read({ state }, ctx) {
    return readBack(state, ctx);
  },

  async update({ planned }, ctx, resp) {
    // Only autostart and another spelling of target.path (kept in state by readBack) reach an update; everything
    // else is planned as a replacement.
    const { client, call } = clientOf(ctx);
    await client.pools.setAutostart(planned.name, planned.autostart !== false, call);
    resp.state = await readBack(planned, ctx);
  },

  async delete({ prior }, ctx) {
    const { client, call } = clientOf(ctx);
    const pool = await client.pools.find(prior.name, call);
    if (!pool) return;
    if (pool.active) {
      const volumes = await client.volumes.list(prior.name, call);
      const contents = sortPoolContents(volumes.map((v) => v.name));
      if (contents.kept.length > 0) {
        const { summary, detail } = keptPoolNotice(ctx.providerData.uri, prior.name, contents);
        ctx.diagnostics.warning(summary, detail);
        return;
      }
      if (volumes.length > 0) {
        const names = volumes.map((v) => v.name).join(", ");
        throw new Error(
          `pool ${prior.name} still holds ${volumes.length} volume(s): ${names}. They are not part of this pool's ` +
            "resource, so they are not deleted with it: delete them first (or remove them from the configuration's pool).",
        );
      }
    }
    await ignoreNotFound(client.pools.delete(prior.name, { deleteDirectory: pool.active }, call), "pool");
  },

  async importState(id) {
    if (id.trim() === "") throw new Error("The import ID is empty: give the pool's name.");
    return { name: id };
  },
};
