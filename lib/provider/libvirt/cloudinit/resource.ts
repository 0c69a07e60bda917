// libvirt_cloudinit_disk: a cloud-init NoCloud seed (user-data, meta-data, network-config; label cidata) that the
// provider builds itself (lib/libvirt/iso9660.ts, no mkisofs on the host) and stores as a raw volume in a pool.
// The pre-0.9 provider wrote the ISO under /tmp and uploaded it (libvirt provider issue #1267: temporary files
// disappear, re-uploads then fail); 0.9 leaves upload and attachment to the user. Here the volume in the pool is the
// disk: attach it as a cdrom (devices.disks[] = { device = "cdrom", source = { volume = { pool, volume = name } } }).
// Every input replaces the disk, so a changed user_data is a new volume, never an update libvirt cannot apply.
import { createHash } from "node:crypto";
import type { Resource, ResourceContext, State, Values } from "../../framework";
import { requiresReplace, str, useStateForUnknown, num } from "../../framework";
import { buildNoCloudIso } from "../../../libvirt";
import { checkName, clientOf, ignoreNotFound, knownString, refuseExisting } from "../common";
import type { LibvirtProviderData } from "../provider-data";

type Ctx = ResourceContext<LibvirtProviderData>;

/** The pool used when none is given (as the official provider). */
export const DEFAULT_CLOUDINIT_POOL = "default";

const replaced = [requiresReplace()];

const schema = {
  description: "A cloud-init NoCloud seed ISO, built by the provider and stored as a volume in a pool; attach it to a domain as a cdrom.",
  attributes: {
    name: str({ required: true, description: 'Name of the volume holding the ISO, e.g. "vm1-cloudinit.iso".', planModifiers: replaced }),
    pool: str({ optional: true, default: DEFAULT_CLOUDINIT_POOL, description: `Pool to store the ISO in. Default "${DEFAULT_CLOUDINIT_POOL}".`, planModifiers: replaced }),
    // Sensitive (the 0.9.x schema does not mark them): user-data often carries passwords, keys and tokens.
    user_data: str({ optional: true, sensitive: true, description: "The user-data file (e.g. a #cloud-config document). Default empty.", planModifiers: replaced }),
    meta_data: str({ optional: true, sensitive: true, description: "The meta-data file (instance-id, local-hostname, ...). Default empty.", planModifiers: replaced }),
    network_config: str({ optional: true, sensitive: true, description: "The network-config file; left out of the ISO when unset.", planModifiers: replaced }),
    id: str({ computed: true, description: "The volume's key (its path).", planModifiers: [useStateForUnknown()] }),
    path: str({ computed: true, description: "Path of the ISO volume on the host.", planModifiers: [useStateForUnknown()] }),
    size: num({ computed: true, description: "Size of the ISO in bytes.", planModifiers: [useStateForUnknown()] }),
    checksum: str({ computed: true, description: "SHA-256 of the ISO written at creation.", planModifiers: [useStateForUnknown()] }),
  },
};

function poolOf(values: Values): string {
  return knownString(values.pool) ?? DEFAULT_CLOUDINIT_POOL;
}

export function cloudinitIso(values: Values): Buffer {
  return buildNoCloudIso({
    userData: knownString(values.user_data) ?? "",
    metaData: knownString(values.meta_data) ?? "",
    networkConfig: knownString(values.network_config),
  });
}

async function readBack(known: Values, ctx: Ctx): Promise<State | null> {
  const { client, call } = clientOf(ctx);
  const info = await client.volumes.find(poolOf(known), String(known.name), call);
  if (!info) return null;
  return {
    name: info.name,
    pool: info.pool,
    user_data: known.user_data ?? null,
    meta_data: known.meta_data ?? null,
    network_config: known.network_config ?? null,
    id: info.key ?? info.path ?? null,
    path: info.path ?? null,
    size: info.capacity,
    checksum: knownString(known.checksum) ?? null,
  };
}

export const cloudinitDiskResource: Resource<LibvirtProviderData> = {
  typeName: "libvirt_cloudinit_disk",
  schema,

  validateConfig(config, ctx) {
    checkName(config.name, ["name"], "volume", ctx.diagnostics);
    checkName(config.pool, ["pool"], "pool", ctx.diagnostics);
  },

  async create({ planned }, ctx, resp) {
    const { client, call } = clientOf(ctx);
    const pool = poolOf(planned);
    const name = String(planned.name);
    if (await client.volumes.find(pool, name, call)) {
      refuseExisting("libvirt_cloudinit_disk", name, `${pool}/${name}`, ctx.diagnostics, "libvirt volumes carry no ownership marker, so an existing volume is never taken over.");
      return;
    }
    const iso = cloudinitIso(planned);
    const checksum = createHash("sha256").update(iso).digest("hex");
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
    const { client, call } = clientOf(ctx);
    const pool = poolOf(prior);
    const path = knownString(prior.path);
    if (path) {
      const users = await client.domains.diskUsers(path, { pool, name: String(prior.name) }, call);
      if (users.length > 0) {
        throw new Error(
          `cloud-init disk ${pool}/${String(prior.name)} is in use by running domain(s) ${users.map((u) => u.domain).join(", ")}. ` +
            "Replace the domain with it: lifecycle { replace_triggered_by = [<this disk>.id] } on the domain.",
        );
      }
    }
    await ignoreNotFound(client.volumes.delete(pool, String(prior.name), call), "volume");
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
