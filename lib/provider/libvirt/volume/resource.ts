// libvirt_volume: create (plain, overlay, or from uploaded content), read, grow in place, delete in a safe order
// and as its removal_policy says (removal.ts).
// libvirt deletes a base image that overlays still use without complaint; this resource refuses instead and
// names the overlays, so a base is only ever deleted after them.
import type { Unknown } from "../../cty";
import type { Resource, ResourceContext } from "../../framework";
import { isUnknown } from "../../framework";
import type { VolumeFormat, VolumeInfo } from "../../../libvirt";
import { VirshError, volumePermissionsProblem } from "../../../libvirt";
import { isReleased, mayAdoptReleased } from "../../../records";
import {
  checkName,
  checkSize,
  checkWholeNumber,
  clientOf,
  fromBytes,
  knownObject,
  knownString,
  refuseExisting,
  wholeNumber,
} from "../common";
import type { LibvirtProviderData } from "../provider-data";
import { ContentError, localContent } from "./content";
import { planVolumeRemoval, removeVolume } from "./removal";
import { reattachDetached } from "./detached-disks";
import { deleteReleaseRecord, readReleaseRecord, releaseRecordName } from "./release";
import type { ContentSource, LocalContent } from "./content";
import { capacityBytes, volumeSchema } from "./schema";
import { permissionsFrom, permissionsState } from "./target-permissions";
import type { VolumePlan, VolumeState } from "./schema";

type Ctx = ResourceContext<LibvirtProviderData>;

/** A value holding a format block: the volume's target, or its backing store. */
type WithFormat = { readonly format: { readonly type: string | Unknown } | Unknown | null } | Unknown | null;

function formatOf(value: WithFormat): string | undefined {
  return knownString(knownObject(knownObject(value)?.format)?.type);
}

/** State from what libvirt reports; configuration-only values (create, units) come from `known`. */
export function volumeState(info: VolumeInfo, known: VolumePlan): VolumeState {
  const unit = knownString(known.capacity_unit) ?? "bytes";
  const capacity = fromBytes(info.capacity, unit, "bytes");
  const priorBacking = knownObject(known.backing_store);
  return {
    name: info.name,
    pool: info.pool,
    capacity: capacity.value,
    capacity_unit: capacity.unit,
    type: info.type,
    target: {
      format: info.format ? { type: info.format } : null,
      permissions: permissionsState(info.permissions, knownObject(knownObject(known.target)?.permissions)),
      path: info.path ?? null,
    },
    backing_store: info.backingStore
      ? {
          path: info.backingStore.path,
          format: info.backingStore.format
            ? { type: info.backingStore.format }
            : (knownObject(priorBacking?.format) ?? null),
        }
      : null,
    create: knownObject(known.create) ?? null,
    removal_policy: knownString(known.removal_policy) ?? null,
    owner: knownString(known.owner) ?? null,
    adopt: knownString(known.adopt) ?? null,
    id: info.key ?? info.path ?? null,
    key: info.key ?? null,
    path: info.path ?? null,
    allocation: info.allocation ?? null,
    physical: info.physical ?? null,
  };
}

async function readBack(known: VolumePlan, ctx: Ctx): Promise<VolumeState | null> {
  const { client, call } = clientOf(ctx);
  const info = await client.volumes.find(known.pool, known.name, call);
  return info ? volumeState(info, known) : null;
}

/** create.content of the planned values, with the download cap: max_bytes, else the planned capacity. */
function contentSource(planned: VolumePlan): ContentSource | undefined {
  const content = knownObject(knownObject(planned.create)?.content);
  const url = knownString(content?.url);
  if (!content || url === undefined) return undefined;
  return {
    url,
    checksum: knownString(content.checksum),
    maxBytes: wholeNumber(content.max_bytes, "create.content.max_bytes") ?? capacityBytes(planned),
    allowInsecureHttp: content.allow_insecure_http === true,
  };
}

/** Fetches the content, or records why it was refused (on the create.content attribute) and returns undefined. */
async function fetchContent(source: ContentSource, ctx: Ctx): Promise<LocalContent | undefined> {
  try {
    return await localContent(source, ctx.signal);
  } catch (err) {
    if (!(err instanceof ContentError)) throw err;
    ctx.diagnostics.error(err.summary, err.message, ["create", "content", err.attribute]);
    return undefined;
  }
}

/** Uploads the initial content, then grows the volume to the planned capacity when that is larger. */
async function fillFromContent(planned: VolumePlan, content: LocalContent, ctx: Ctx): Promise<void> {
  const { client, call } = clientOf(ctx);
  await client.volumes.uploadFile(planned.pool, planned.name, content.path, { ...call, timeoutMs: 60 * 60 * 1000 });
  const wanted = capacityBytes(planned);
  if (wanted === undefined) return;
  // libvirt re-reads the image after the upload: a qcow2 image reports its own virtual size.
  const now = await client.volumes.info(planned.pool, planned.name, call);
  if (wanted > now.capacity) await client.volumes.resize(planned.pool, planned.name, wanted, call);
  if (wanted < now.capacity) {
    throw new Error(
      `the uploaded content needs ${now.capacity} bytes, more than the configured capacity of ${wanted} bytes; ` +
        "raise capacity or leave it unset",
    );
  }
}

/**
 * Resizes the volume; when a running domain holds it locked, resizes it through that domain instead
 * (blockresize), so the guest sees the new size at once and nothing has to stop.
 */
async function grow(planned: VolumePlan, bytes: number, ctx: Ctx): Promise<void> {
  const { client, call } = clientOf(ctx);
  try {
    await client.volumes.resize(planned.pool, planned.name, bytes, call);
    return;
  } catch (err) {
    const info = await client.volumes.info(planned.pool, planned.name, call);
    const users = info.path
      ? await client.domains.diskUsers(info.path, { pool: planned.pool, name: planned.name }, call)
      : [];
    if (users.length !== 1) throw err;
    ctx.log.info(
      `volume ${planned.pool}/${planned.name} is in use by domain ${users[0].domain}: resizing it through the domain`,
    );
    await client.domains.blockResize(users[0].domain, users[0].target, bytes, call);
  }
}

/**
 * libvirt deletes a volume that a running guest or an overlay still uses without a word; the guest then runs on
 * a deleted file and the overlay is corrupt. Both are refused here with what to do instead.
 */
async function refuseWhileInUse(pool: string, name: string, path: string, ctx: Ctx): Promise<void> {
  const { client, call } = clientOf(ctx);
  const users = await client.domains.diskUsers(path, { pool, name }, call);
  if (users.length > 0) {
    const list = users.map((u) => `${u.domain} (${u.target})`).join(", ");
    throw new Error(
      `volume ${pool}/${name} is in use by running domain(s) ${list}; deleting it would pull the disk from under the guest. ` +
        "Stop or replace the domain first, e.g. with lifecycle { replace_triggered_by = [<this volume>.id] } on the domain.",
    );
  }
  const overlays = await client.volumes.backingChildren(
    await client.pools.list({ activeOnly: true }, call),
    path,
    call,
  );
  if (overlays.length > 0) {
    const list = overlays.map((o) => `${o.pool}/${o.name}`).join(", ");
    throw new Error(
      `volume ${pool}/${name} is the backing store of ${list}; deleting it would corrupt them. ` +
        "Delete the overlays first (Terraform does so when their backing_store.path refers to this volume's path).",
    );
  }
}

/**
 * A create that finds the volume already there takes it over only when the plan asks for it (`adopt`) and the
 * volume's release record says a removal policy "retain" let it go (release.ts); the record is then removed and the
 * volume grown to the planned capacity. Anything else is left untouched, with an error saying why and how to import.
 */
async function adoptReleased(existing: VolumeInfo, planned: VolumePlan, ctx: Ctx): Promise<boolean> {
  const { client, call } = clientOf(ctx);
  const [pool, name] = [planned.pool, planned.name];
  const adopt = knownString(planned.adopt);
  const refuse = (why: string) => refuseExisting("libvirt_volume", name, `${pool}/${name}`, ctx.diagnostics, why);
  if (adopt === undefined) {
    refuse(
      "libvirt volumes carry no ownership marker, so an existing volume is never taken over unless the configuration asks for a " +
        'released one: adopt = "released" (the constructs: adoptReleased: true on the Volume).',
    );
    return false;
  }
  const marker = await readReleaseRecord(client, pool, name, call);
  if (!mayAdoptReleased(marker, adopt)) {
    refuse(
      !isReleased(marker)
        ? `adopt = ${JSON.stringify(adopt)} takes over only a released volume, and this one has no release record ` +
            `(${pool}/${releaseRecordName(
              name,
            )}): it was not released by a removal policy "retain" and may belong to a live stack.`
        : `adopt = ${JSON.stringify(adopt)}, but the volume was released as ${JSON.stringify(marker)}.`,
    );
    return false;
  }
  const format = formatOf(planned.target);
  if (format !== undefined && existing.format !== undefined && format !== existing.format) {
    refuse(
      `It is a ${existing.format} volume and the configuration asks for ${format}; adopting it would misread its data.`,
    );
    return false;
  }
  const backing = knownString(knownObject(planned.backing_store)?.path);
  if (backing !== existing.backingStore?.path) {
    const has = existing.backingStore ? `an overlay of ${existing.backingStore.path}` : "not an overlay";
    refuse(
      `It is ${has}, and the configuration asks for ${
        backing === undefined ? "a volume without a backing store" : `an overlay of ${backing}`
      }; adopting it would serve other data.`,
    );
    return false;
  }
  const wanted = capacityBytes(planned);
  if (wanted !== undefined && wanted < existing.capacity) {
    refuse(
      `It holds ${existing.capacity} bytes, more than the configured capacity of ${wanted} bytes; raise capacity to adopt it.`,
    );
    return false;
  }
  if (wanted !== undefined && wanted > existing.capacity) await grow(planned, wanted, ctx);
  await deleteReleaseRecord(client, pool, name, call);
  ctx.log.info(`adopted volume ${pool}/${name}, released as ${marker}`);
  ctx.diagnostics.warning(
    `Volume ${pool}/${name} was adopted`,
    `It was released as ${JSON.stringify(
      marker,
    )} and is now managed by this configuration, with its data as it was; its release record was removed.`,
  );
  return true;
}

export const volumeResource: Resource<LibvirtProviderData, typeof volumeSchema> = {
  typeName: "libvirt_volume",
  schema: volumeSchema,

  validateConfig(config, ctx) {
    checkName(config.name, ["name"], "volume", ctx.diagnostics);
    checkName(config.pool, ["pool"], "pool", ctx.diagnostics);
    checkSize(config.capacity, config.capacity_unit ?? "bytes", ["capacity"], 1, ctx.diagnostics);
    const permissions = knownObject(knownObject(config.target)?.permissions);
    if (permissions) {
      const problem = volumePermissionsProblem({
        owner: knownString(permissions.owner),
        group: knownString(permissions.group),
        mode: knownString(permissions.mode),
      });
      if (problem)
        ctx.diagnostics.error("Invalid permissions", `target.permissions: ${problem}.`, ["target", "permissions"]);
    }
    const maxBytes = knownObject(knownObject(config.create)?.content)?.max_bytes;
    checkWholeNumber(maxBytes, ["create", "content", "max_bytes"], 1, Number.MAX_SAFE_INTEGER, ctx.diagnostics);
    const hasSource = config.backing_store !== null || config.create !== null;
    if (config.capacity === null && !hasSource) {
      ctx.diagnostics.error(
        "Missing capacity",
        "Set capacity (bytes by default; see capacity_unit), or give a backing_store or create.content to take the size from.",
        ["capacity"],
      );
    }
    if (config.backing_store !== null && config.create !== null) {
      ctx.diagnostics.error(
        "Conflicting sources",
        "A volume is either an overlay (backing_store) or filled with content (create), not both.",
        ["create"],
      );
    }
    const content = knownObject(knownObject(config.create)?.content);
    if (
      typeof content?.url === "string" &&
      /^http:\/\//i.test(content.url) &&
      content.allow_insecure_http !== true &&
      !isUnknown(content.allow_insecure_http)
    ) {
      ctx.diagnostics.error(
        "Insecure content URL",
        `${content.url} is plain http: anyone on the path can change the image. Use https, or set create.content.allow_insecure_http = true ` +
          "(best together with create.content.checksum).",
        ["create", "content", "url"],
      );
    }
    const format = formatOf(config.target);
    if (config.backing_store !== null && format !== undefined && format !== "qcow2") {
      ctx.diagnostics.error(
        "Invalid format for an overlay",
        `Only a qcow2 volume can have a backing store, not ${format}.`,
        ["target", "format", "type"],
      );
    }
  },

  async create({ planned }, ctx, resp) {
    const { client, call } = clientOf(ctx);
    const takeOver = async (existing: VolumeInfo): Promise<void> => {
      if (await adoptReleased(existing, planned, ctx))
        resp.state = (await readBack(planned, ctx)) ?? volumeState(existing, planned);
    };
    const source = contentSource(planned);
    // Content is fetched only when no volume is there; without content, the create itself tells (libvirt refuses
    // a name in use and changes nothing), which saves a virsh process in the usual case.
    const existing = source === undefined ? undefined : await client.volumes.find(planned.pool, planned.name, call);
    if (existing) return takeOver(existing);
    const backing = knownObject(planned.backing_store);
    // Fetched (and its checksum checked) before the volume exists: it gives the size when capacity is unset, and
    // a refused download leaves nothing in the pool.
    const content = source === undefined ? undefined : await fetchContent(source, ctx);
    if (source && !content) return;
    try {
      const capacity = capacityBytes(planned) ?? (content ? Math.max(content.size, 1) : undefined);
      const format = (formatOf(planned.target) ?? (backing ? "qcow2" : "raw")) as VolumeFormat;
      let info: VolumeInfo;
      try {
        info = await client.volumes.create(
          planned.pool,
          {
            name: planned.name,
            capacity,
            format,
            backingStore: backing
              ? { path: backing.path, format: (formatOf(backing) ?? "qcow2") as VolumeFormat }
              : undefined,
            permissions: permissionsFrom(planned.target),
          },
          call,
        );
      } catch (err) {
        if (!(err instanceof VirshError && err.code === "ALREADY_EXISTS")) throw err;
        const found = await client.volumes.find(planned.pool, planned.name, call);
        if (!found) throw err;
        return takeOver(found);
      }
      resp.state = volumeState(info, planned);
      // A domain created next in this session (the apply walk) takes its format from here (recent-lookups.ts).
      if (!content) ctx.providerData.recentDomainLookups?.rememberCreatedVolume(info);
      // The create read the volume back already; only an upload changes it after that.
      if (content) {
        await fillFromContent(planned, content, ctx);
        resp.state = (await readBack(planned, ctx)) ?? resp.state;
      }
    } finally {
      await content?.dispose();
    }
    // A replaced volume: plug it back into the domains its delete took it from in this apply.
    const back = await reattachDetached(
      client,
      ctx.providerData.uri,
      planned.pool,
      planned.name,
      ctx.providerData.shutdownTimeoutMs,
      call,
    );
    for (const b of back)
      ctx.log.info(
        `attached the re-created volume ${planned.pool}/${planned.name} to domain ${b.domain} (${b.target}) again`,
        { how: b.how },
      );
  },

  async read({ state }, ctx) {
    return readBack(state, ctx);
  },

  async update({ prior, planned }, ctx, resp) {
    // Everything but the capacity is planned as a replacement; a smaller capacity is too.
    const wanted = capacityBytes(planned);
    if (wanted !== undefined && wanted !== capacityBytes(prior)) await grow(planned, wanted, ctx);
    resp.state = await readBack(planned, ctx);
  },

  modifyPlan: (req, ctx) => planVolumeRemoval(req, ctx.diagnostics),

  async delete({ prior }, ctx) {
    await removeVolume(prior, ctx, (pool, name, path) => refuseWhileInUse(pool, name, path, ctx));
  },

  async importState(id, ctx) {
    const { client, call } = clientOf(ctx);
    if (id.startsWith("/")) {
      const info = await client.volumes.findByPath(id, call);
      if (!info) throw new Error(`No libvirt volume has the path or key ${id}.`);
      return { name: info.name, pool: info.pool };
    }
    const slash = id.indexOf("/");
    if (slash <= 0 || slash === id.length - 1) {
      throw new Error(`Invalid import ID ${JSON.stringify(id)}: expected <pool>/<volume name> or the volume's path.`);
    }
    return { pool: id.slice(0, slash), name: id.slice(slash + 1) };
  },
};
