// incus_image, schema-compatible with lxc/incus: an image uploaded from local files, copied from an image
// server, or published from an instance, with aliases managed in place. An image that is already gone counts
// as deleted; aliases added out of band show as drift (and are removed), like other out-of-band changes.
import type { CallOptions, Image, IncusClient } from "../../../incus";
import type { Resource, ResourceContext } from "../../framework";
import { knownOrNull } from "../../framework";
import { callFor, clientFor, ignoreNotFound, provisionalState } from "../common";
import type { IncusProviderData } from "../provider-data";
import type { ImageAlias, ImagePlan, ImageState } from "./schema";
import { imageSchema, SOURCES } from "./schema";
import { createFromFile, createFromImage, createFromInstance, localFingerprint, sourceFiles } from "./sources";

type Ctx = ResourceContext<IncusProviderData>;

/** The image's fingerprint: recorded in state, else the part of resource_id after the remote. */
function fingerprintFrom(values: ImagePlan): string {
  const fingerprint = knownOrNull(values.fingerprint);
  if (fingerprint) return fingerprint;
  const id = knownOrNull(values.resource_id) ?? "";
  return id.slice(id.indexOf(":") + 1);
}

/** The state for an image read from Incus; `known` is the plan or the prior state (settings that live only in Terraform). */
function imageState(image: Image, known: ImagePlan, remoteName: string | null): ImageState {
  const copied = knownOrNull(known.copied_aliases) ?? [];
  const configured = new Set(known.alias.map((a) => a.name));
  const alias = image.aliases
    .filter((a) => configured.has(a.name) || !copied.includes(a.name))
    .map((a) => ({ name: a.name, description: a.description ?? "" }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const source = known.source_image;
  // The server chooses the architecture when the configuration leaves it out.
  const sourceImage = source && { ...source, architecture: knownOrNull(source.architecture) || image.architecture };
  return {
    source_file: known.source_file,
    source_image: sourceImage,
    source_instance: known.source_instance,
    project: known.project,
    remote: known.remote,
    resource_id: `${remoteName ?? ""}:${image.fingerprint}`,
    created_at: Math.floor(Date.parse(image.created_at) / 1000),
    fingerprint: image.fingerprint,
    copied_aliases: copied,
    alias,
  };
}

async function readBack(client: IncusClient, known: ImagePlan, ctx: Ctx): Promise<ImageState | null> {
  const found = await ignoreNotFound(client.images.get(fingerprintFrom(known), callFor(ctx, known)));
  return found ? imageState(found.value, known, known.remote ?? "") : null;
}

/** Makes the image's aliases (other than copied ones) exactly the configured set. */
async function syncAliases(
  client: IncusClient,
  fingerprint: string,
  before: readonly ImageAlias[],
  after: readonly ImageAlias[],
  call: CallOptions,
): Promise<void> {
  const old = new Map(before.map((a) => [a.name, a.description ?? ""]));
  const wanted = new Map(after.map((a) => [a.name, a.description ?? ""]));
  for (const name of old.keys()) if (!wanted.has(name)) await ignoreNotFound(client.images.deleteAlias(name, call));
  for (const [name, description] of wanted) {
    if (!old.has(name)) await client.images.createAlias({ name, target: fingerprint, description }, call);
    else if (old.get(name) !== description)
      await client.images.updateAlias(name, { target: fingerprint, description }, call);
  }
}

/** Fails early, before an upload, when a configured alias already names another image. */
async function checkAliasesFree(client: IncusClient, aliases: readonly ImageAlias[], call: CallOptions): Promise<void> {
  for (const a of aliases) {
    const existing = await ignoreNotFound(client.images.getAlias(a.name, call));
    if (existing) {
      throw new Error(
        `Image alias ${JSON.stringify(a.name)} already exists (it points at ${existing.value.target.slice(
          0,
          12,
        )}); remove it or choose another alias.`,
      );
    }
  }
}

/**
 * An upload whose fingerprint is already in the store came from outside this state: images carry no owner
 * marker, so it is refused (and left untouched) rather than adopted. Returns true when refused.
 */
async function refuseExistingUpload(
  client: IncusClient,
  planned: ImagePlan,
  call: CallOptions,
  ctx: Ctx,
): Promise<boolean> {
  const files = planned.source_file ? sourceFiles(planned.source_file) : [];
  if (!files.length) return false;
  const fp = await localFingerprint(files);
  if (!(await ignoreNotFound(client.images.get(fp, call)))) return false;
  ctx.diagnostics.error(
    "The image already exists",
    `An image with fingerprint ${fp} is already in project ${JSON.stringify(
      planned.project ?? "default",
    )}; it was left untouched. ` +
      "Images cannot be imported: read it with the incus_image data source instead, or delete it first.",
    ["source_file"],
  );
  return true;
}

export const imageResource: Resource<IncusProviderData, typeof imageSchema> = {
  typeName: "incus_image",
  schema: imageSchema,

  validateConfig(config, ctx) {
    const given = SOURCES.filter((s) => config[s] !== null && config[s] !== undefined);
    if (given.length !== 1) {
      ctx.diagnostics.error(
        "Exactly one image source is required",
        given.length === 0 ? `Set one of ${SOURCES.join(", ")}.` : `Only one of ${given.join(", ")} may be set.`,
        given.length === 0 ? [] : [given[1]],
      );
    }
  },

  async create({ planned }, ctx, resp) {
    const client = clientFor(ctx, planned);
    const call = callFor(ctx, planned, { timeoutMs: Math.max(ctx.providerData.waitTimeoutMs, 600_000) });
    const aliases = planned.alias;
    if (planned.source_file && (await refuseExistingUpload(client, planned, call, ctx))) return;
    await checkAliasesFree(client, aliases, call);
    let fingerprint: string;
    let copied: string[] = [];
    if (planned.source_file) {
      fingerprint = await createFromFile(client, planned.source_file, call);
    } else if (planned.source_instance) {
      fingerprint = await createFromInstance(client, planned.source_instance, call);
    } else if (planned.source_image) {
      let sourceAliases: string[] | undefined;
      ({ fingerprint, sourceAliases } = await createFromImage(ctx.providerData, client, planned.source_image, call));
      // From an image server the provider cannot list (simplestreams, a public remote) the alias it named is copied.
      if (planned.source_image.copy_aliases)
        copied =
          sourceAliases ?? (/^[0-9a-f]{12,64}$/.test(planned.source_image.name) ? [] : [planned.source_image.name]);
    } else {
      throw new Error(`Set one of ${SOURCES.join(", ")}.`); // validateConfig already refused this configuration
    }
    const remoteName = planned.remote ?? "";
    resp.state = provisionalState<ImageState>(planned, {
      fingerprint,
      resource_id: `${remoteName}:${fingerprint}`,
      copied_aliases: copied,
      created_at: null,
    });
    await syncAliases(
      client,
      fingerprint,
      [],
      [...aliases, ...copied.map((name) => ({ name, description: "" }))],
      call,
    );
    resp.state = (await readBack(client, resp.state, ctx)) ?? resp.state;
  },

  async read({ state }, ctx) {
    return readBack(clientFor(ctx, state), state, ctx);
  },

  async update({ prior, planned }, ctx, resp) {
    const client = clientFor(ctx, planned);
    await syncAliases(client, fingerprintFrom(prior), prior.alias, planned.alias, callFor(ctx, planned));
    resp.state = await readBack(client, { ...planned, fingerprint: fingerprintFrom(prior) }, ctx);
  },

  async delete({ prior }, ctx) {
    await ignoreNotFound(clientFor(ctx, prior).images.delete(fingerprintFrom(prior), callFor(ctx, prior)));
  },
};
