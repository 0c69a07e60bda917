// libvirt_cloudinit_disk: a cloud-init NoCloud seed (user-data, meta-data, network-config; label cidata) that the
// provider builds itself (lib/libvirt/iso9660.ts, no mkisofs on the host) and stores as a raw volume in a pool.
// The pre-0.9 provider wrote the ISO under /tmp and uploaded it (libvirt provider issue #1267: temporary files
// disappear, re-uploads then fail); 0.9 leaves upload and attachment to the user. Here the volume in the pool is the
// disk: attach it as a cdrom (devices.disks[] = { device = "cdrom", source = { volume = { pool, volume = name } } }).
// Every input replaces the disk, so a changed user_data is a new volume, never an update libvirt cannot apply.
// Without `pool`, the ISO goes to the pool named "default" when the host has one, else to a local file as in
// 0.9.x (local-iso.ts), so a 0.9.x configuration applies unchanged.
import { createHash } from "node:crypto";
import type { Resource, ResourceContext } from "../../framework";
import { buildNoCloudIso } from "../../../libvirt/iso9660";
import { checkName, clientOf, ignoreNotFound, knownString, refuseExisting } from "../common";
import type { LibvirtProviderData } from "../provider-data";
import { localIsoPath, localIsoSize, removeLocalIso, writeLocalIso } from "./local-iso";
import { cloudinitDiskSchema, DEFAULT_CLOUDINIT_POOL } from "./schema";
import type { CloudinitDiskPlan, CloudinitDiskState } from "./schema";

type Ctx = ResourceContext<LibvirtProviderData>;

export function cloudinitIso(values: Pick<CloudinitDiskPlan, "user_data" | "meta_data" | "network_config">): Buffer {
  return buildNoCloudIso({
    userData: knownString(values.user_data) ?? "",
    metaData: knownString(values.meta_data) ?? "",
    networkConfig: knownString(values.network_config),
  });
}

function diskState(
  known: CloudinitDiskPlan,
  where: { pool: string | null; path: string | null; id: string | null; size: number },
): CloudinitDiskState {
  return {
    name: known.name,
    pool: where.pool,
    user_data: known.user_data ?? null,
    meta_data: known.meta_data ?? null,
    network_config: known.network_config ?? null,
    id: where.id,
    path: where.path,
    size: where.size,
    checksum: knownString(known.checksum) ?? null,
  };
}

async function readBack(known: CloudinitDiskPlan, ctx: Ctx): Promise<CloudinitDiskState | null> {
  const pool = knownString(known.pool);
  if (pool === undefined) return readLocal(known, ctx);
  const { client, call } = clientOf(ctx);
  const info = await client.volumes.find(pool, known.name, call);
  if (!info) return null;
  return diskState(
    { ...known, name: info.name },
    { pool: info.pool, id: info.key ?? info.path ?? null, path: info.path ?? null, size: info.capacity },
  );
}

/** A local ISO: written again from the state when the file is gone (its content is a function of the inputs). */
async function readLocal(known: CloudinitDiskPlan, ctx: Ctx): Promise<CloudinitDiskState | null> {
  const path = knownString(known.path);
  if (path === undefined) return null;
  let size = await localIsoSize(path);
  if (size === undefined) {
    size = await writeLocalIso(path, cloudinitIso(known));
    ctx.log.info(`cloud-init ISO ${path} was missing; written again from the state`);
  }
  return diskState(known, { pool: null, id: path, path, size });
}

/** The pool for a disk whose configuration names none: "default" when the host has it. */
async function defaultPool(ctx: Ctx): Promise<string | undefined> {
  const { client, call } = clientOf(ctx);
  return (await client.pools.find(DEFAULT_CLOUDINIT_POOL, call)) ? DEFAULT_CLOUDINIT_POOL : undefined;
}

export const cloudinitDiskResource: Resource<LibvirtProviderData, typeof cloudinitDiskSchema> = {
  typeName: "libvirt_cloudinit_disk",
  schema: cloudinitDiskSchema,

  validateConfig(config, ctx) {
    checkName(config.name, ["name"], "volume", ctx.diagnostics);
    checkName(config.pool, ["pool"], "pool", ctx.diagnostics);
  },

  async create({ planned }, ctx, resp) {
    const { client, call } = clientOf(ctx);
    const name = planned.name;
    const iso = cloudinitIso(planned);
    const checksum = createHash("sha256").update(iso).digest("hex");
    const pool = knownString(planned.pool) ?? (await defaultPool(ctx));
    if (pool === undefined) {
      const path = localIsoPath(name, checksum);
      const size = await writeLocalIso(path, iso);
      resp.state = diskState({ ...planned, checksum }, { pool: null, id: path, path, size });
      ctx.diagnostics.warning(
        "cloud-init ISO kept as a local file",
        `No pool is set and the host has no pool named "${DEFAULT_CLOUDINIT_POOL}", so the ISO was written to ${path} on this ` +
          "machine (as the official provider 0.9 does). Upload it with a libvirt_volume (create.content.url = this disk's path), " +
          "or set pool to keep it in a libvirt pool and attach that volume directly.",
        ["pool"],
      );
      return;
    }
    if (await client.volumes.find(pool, name, call)) {
      refuseExisting(
        "libvirt_cloudinit_disk",
        name,
        `${pool}/${name}`,
        ctx.diagnostics,
        "libvirt volumes carry no ownership marker, so an existing volume is never taken over.",
      );
      return;
    }
    await client.volumes.create(pool, { name, capacity: iso.length, format: "raw" }, call);
    // Saved before the upload: a failed upload leaves a volume that the next apply replaces, not one nobody knows.
    resp.state = { ...planned, pool, id: null, path: null, size: iso.length, checksum };
    await client.volumes.upload(pool, name, iso, {}, call);
    resp.state = (await readBack({ ...planned, pool, checksum }, ctx)) ?? resp.state;
  },

  async read({ state }, ctx) {
    return readBack(state, ctx);
  },

  async update({ planned }, ctx, resp) {
    // Every configurable attribute replaces the disk; only computed values can reach here.
    resp.state = await readBack(planned, ctx);
  },

  async delete({ prior }, ctx) {
    const pool = knownString(prior.pool);
    const path = knownString(prior.path);
    if (pool === undefined) {
      if (path) await removeLocalIso(path, prior.name);
      return;
    }
    const { client, call } = clientOf(ctx);
    if (path) {
      const users = await client.domains.diskUsers(path, { pool, name: prior.name }, call);
      if (users.length > 0) {
        throw new Error(
          `cloud-init disk ${pool}/${prior.name} is in use by running domain(s) ${users
            .map((u) => u.domain)
            .join(", ")}. ` +
            "Replace the domain with it: lifecycle { replace_triggered_by = [<this disk>.id] } on the domain.",
        );
      }
    }
    await ignoreNotFound(client.volumes.delete(pool, prior.name, call), "volume");
  },

  async importState(id) {
    // "<pool>/<volume name>". The seed's contents are not read back: the first plan replaces the disk unless the
    // configuration adds lifecycle { ignore_changes = [user_data, meta_data, network_config] }.
    const slash = id.indexOf("/");
    if (slash <= 0 || slash === id.length - 1) {
      throw new Error(`Invalid import ID ${JSON.stringify(id)}: expected <pool>/<volume name>.`);
    }
    return { pool: id.slice(0, slash), name: id.slice(slash + 1) };
  },
};
