// The three ways a custom volume comes into being: empty, as a copy of another volume, or from a local
// file (an ISO image, or a volume backup tarball).
import * as fs from "node:fs";
import type { CallOptions, IncusClient } from "../../../incus";
import { configMap } from "../common";
import type { VolumePlan } from "./volume-schema";

/** Creates the volume described by `planned` (a plan with every value known except computed ones). */
export async function createVolume(
  client: IncusClient,
  planned: VolumePlan,
  call: CallOptions,
  defaultRemote: string,
): Promise<void> {
  const config = configMap(planned.config);
  const description = typeof planned.description === "string" ? planned.description : undefined;
  if (planned.source_volume) {
    await copyVolume(client, planned, planned.source_volume, call, defaultRemote, config, description);
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

async function copyVolume(
  client: IncusClient,
  planned: VolumePlan,
  source: NonNullable<VolumePlan["source_volume"]>,
  call: CallOptions,
  defaultRemote: string,
  config: Record<string, string>,
  description: string | undefined,
): Promise<void> {
  const targetRemote = planned.remote || defaultRemote;
  if (source.remote && source.remote !== targetRemote) {
    throw new Error(
      `source_volume.remote is ${JSON.stringify(source.remote)} but the volume is created on ${JSON.stringify(
        targetRemote,
      )}: ` + "the bundled provider copies volumes within one remote only.",
    );
  }
  // The official provider always reads the source from the default project; look in the volume's own project
  // first so copies inside a project work too, then fall back to "default" for compatibility.
  let sourceProject = call.project;
  if (sourceProject && sourceProject !== "default") {
    const inOwnProject = await client.storageVolumes.find(source.pool, source.name, {
      ...call,
      project: sourceProject,
    });
    if (!inOwnProject) sourceProject = "default";
  }
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
