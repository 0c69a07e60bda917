// The three ways a custom volume comes into being: empty, as a copy of another volume (on the same remote, or
// pulled from another Incus remote over HTTPS), or from a local file (an ISO image, or a volume backup tarball).
import * as fs from "node:fs";
import type { CallOptions, IncusClient } from "../../../incus";
import { copyVolumeBetweenServers } from "../../../incus/server-copy";
import { configMap } from "../common";
import type { IncusProviderData } from "../provider-data";
import type { VolumePlan } from "./volume-schema";

/** Creates the volume described by `planned` (a plan with every value known except computed ones). */
export async function createVolume(
  client: IncusClient,
  planned: VolumePlan,
  call: CallOptions,
  data: IncusProviderData,
): Promise<void> {
  const config = configMap(planned.config);
  const description = typeof planned.description === "string" ? planned.description : undefined;
  if (planned.source_volume) {
    await copyVolume(client, planned, planned.source_volume, call, data, config, description);
    return;
  }
  if (planned.source_file) {
    await importVolumeFile(client, planned.pool, planned.name, planned.source_file, call);
    return;
  }
  await client.storageVolumes.create(
    planned.pool,
    {
      name: planned.name,
      content_type: planned.content_type === "block" ? "block" : "filesystem",
      config,
      ...(description !== undefined ? { description } : {}),
    },
    call,
  );
}

/**
 * The project the source volume is read from. The official provider always reads it from "default"; look in
 * the new volume's own project first so copies inside a project work too, then fall back to "default".
 */
async function sourceProjectOf(
  sourceClient: IncusClient,
  source: { readonly pool: string; readonly name: string },
  call: CallOptions,
): Promise<string | undefined> {
  const project = call.project;
  if (!project || project === "default") return project;
  const inOwnProject = await sourceClient.storageVolumes.find(source.pool, source.name, { ...call, project });
  return inOwnProject ? project : "default";
}

async function copyVolume(
  client: IncusClient,
  planned: VolumePlan,
  source: NonNullable<VolumePlan["source_volume"]>,
  call: CallOptions,
  data: IncusProviderData,
  config: Record<string, string>,
  description: string | undefined,
): Promise<void> {
  const targetRemote = data.remoteName(planned.remote);
  const sourceRemote = data.remoteName(source.remote);
  if (sourceRemote !== targetRemote) {
    const info = data.remoteInfo(sourceRemote);
    if (!info.address.startsWith("https://")) {
      throw new Error(
        `source_volume.remote ${JSON.stringify(sourceRemote)} is at ${info.address}; a volume is copied from ` +
          `another remote by ${JSON.stringify(targetRemote)} pulling it over HTTPS, so give that remote an https:// address.`,
      );
    }
    const sourceClient = data.client(sourceRemote);
    const sourceProject = await sourceProjectOf(sourceClient, source, call);
    await copyVolumeBetweenServers(
      client,
      { client: sourceClient, url: info.address, ...(sourceProject ? { project: sourceProject } : {}) },
      { pool: source.pool, name: source.name },
      {
        pool: planned.pool,
        name: planned.name,
        ...(Object.keys(config).length ? { config } : {}),
        ...(description !== undefined ? { description } : {}),
      },
      call,
    );
    return;
  }
  const sourceProject = await sourceProjectOf(client, source, call);
  await client.storageVolumes.copy(
    planned.pool,
    planned.name,
    { pool: source.pool, name: source.name },
    {
      ...call,
      ...(Object.keys(config).length ? { config } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(sourceProject ? { sourceProject } : {}),
    },
  );
}

/** Uploads a local file as a volume: `.iso` → ISO volume, anything else → volume backup import. */
export async function importVolumeFile(
  client: IncusClient,
  pool: string,
  name: string,
  file: string,
  call: CallOptions,
): Promise<void> {
  try {
    fs.statSync(file);
  } catch (err) {
    throw new Error(`source_file ${JSON.stringify(file)} cannot be read: ${(err as Error).message}`);
  }
  const iso = file.toLowerCase().endsWith(".iso");
  await client.storageVolumes.importFile(pool, name, file, { ...call, iso });
}
