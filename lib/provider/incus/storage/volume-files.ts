// `file` blocks on incus_storage_volume: files written into a custom filesystem volume through Incus' volume
// files API (as the official provider does), on create and whenever a block changes; a removed block deletes
// its file. Incus 6.0 has no such API (extension file_storage_volume): a plan that needs it is refused there,
// before anything is created, instead of creating the volume and failing half way.
import type { Diagnostics, ResourceContext } from "../../framework";
import { isUnknown } from "../../framework";
import { VOLUME_FILES_EXTENSION } from "../../../incus/storage-volumes";
import type { IncusClient } from "../../../incus";
import { callFor, clientFor } from "../common";
import type { IncusProviderData } from "../provider-data";
import type { FileBlockValue } from "../instance/files";
import { fileBlocks, fileChanged, syncFilesIn, validateFiles, withFileDefaults } from "../instance/files";
import type { VolumePlan, VolumePlanModel, VolumeState } from "./volume-schema";

type Ctx = ResourceContext<IncusProviderData>;

/** Config checks: the instance's file rules, and files only where they can be written. */
export function validateVolumeFiles(config: VolumePlanModel, diags: Diagnostics): void {
  const files = fileBlocks(config.file);
  if (files.length === 0) return;
  validateFiles(files, diags);
  for (const source of ["source_volume", "source_file"] as const) {
    if (config[source] !== null && config[source] !== undefined) {
      // The official provider silently skips the upload here; say so instead.
      diags.error(
        "file blocks conflict with " + source,
        `Files are written into a new empty volume only; a volume created from ${source} keeps its source's content.`,
        ["file"],
      );
    }
  }
  if (config.content_type === "block") {
    diags.error(
      "file blocks need a filesystem volume",
      'A block volume has no files; remove the file blocks or use content_type = "filesystem".',
      ["file"],
    );
  }
}

/** The planned blocks with their computed parts (mode, append) filled as for instances. */
export function planVolumeFiles(planned: VolumePlanModel, config: VolumePlanModel): VolumePlanModel {
  if (!Array.isArray(planned.file)) return planned;
  const configured = Array.isArray(config.file) ? config.file : [];
  return {
    ...planned,
    file: planned.file.map((f, i) => (isUnknown(f) ? f : withFileDefaults(f, configured[i] ?? null))),
  };
}

/** Whether going from `prior` to `planned` blocks writes or deletes anything. */
function filesChange(prior: readonly FileBlockValue[], planned: readonly FileBlockValue[]): boolean {
  const before = new Map(prior.map((f) => [f.target_path, f]));
  if (prior.length !== planned.length) return true;
  return planned.some((f) => !before.has(f.target_path) || fileChanged(before.get(f.target_path) as FileBlockValue, f));
}

/**
 * Refuses a plan that writes files on a server without the volume files API, at the `file` blocks. A server
 * that cannot be asked now (unknown remote, unreachable) is left to the apply, which reports it there.
 */
export async function checkVolumeFilesApi(
  planned: VolumePlanModel | null,
  prior: VolumeState | null,
  ctx: Ctx,
): Promise<void> {
  if (!planned || isUnknown(planned.file) || isUnknown(planned.remote) || isUnknown(planned.project)) return;
  if (!filesChange(fileBlocks(prior?.file), fileBlocks(planned.file))) return;
  let server;
  try {
    server = (await clientFor(ctx, planned).server.get({ signal: ctx.signal })).value;
  } catch {
    return;
  }
  if (server.api_extensions.includes(VOLUME_FILES_EXTENSION)) return;
  const version = server.environment?.server_version ?? "unknown";
  ctx.diagnostics.error(
    "file blocks on storage volumes need a newer Incus",
    `Writing files into a custom volume needs the Incus API extension "${VOLUME_FILES_EXTENSION}" (Incus releases after the 6.0 LTS); ` +
      `this server runs Incus ${version}. Nothing was changed. Attach the volume to an instance and use that instance's ` +
      "file blocks instead, or upgrade Incus.",
    // Terraform quotes a configuration line only for a path to an attribute of one set element: the first.
    ["file", 0, "target_path"],
  );
}

async function syncVolumeFiles(
  client: IncusClient,
  planned: VolumePlan,
  prior: VolumeState | null,
  ctx: Ctx,
): Promise<void> {
  const before = fileBlocks(prior?.file);
  const after = fileBlocks(planned.file);
  if (!filesChange(before, after)) return;
  await syncFilesIn(client.storageVolumes.files(planned.pool, planned.name), before, after, callFor(ctx, planned));
}

type Create = (req: { readonly planned: VolumePlan }, ctx: Ctx, resp: { state: VolumeState | null }) => Promise<void>;
type Update = (
  req: { readonly planned: VolumePlan; readonly prior: VolumeState },
  ctx: Ctx,
  resp: { state: VolumeState | null },
) => Promise<void>;

/**
 * Create, then write the files: the volume is already in state when an upload fails (Terraform then taints
 * it), and that state records no files.
 */
export function createWithFiles(create: Create): Create {
  return async (req, ctx, resp) => {
    await create(req, ctx, resp);
    if (!resp.state || ctx.diagnostics.hasErrors()) return;
    try {
      await syncVolumeFiles(clientFor(ctx, req.planned), req.planned, null, ctx);
    } catch (err) {
      resp.state = { ...resp.state, file: [] };
      throw err;
    }
  };
}

/** Write the changed files, then the rest of the update. */
export function updateWithFiles(update: Update): Update {
  return async (req, ctx, resp) => {
    await syncVolumeFiles(clientFor(ctx, req.planned), req.planned, req.prior, ctx);
    await update(req, ctx, resp);
  };
}
