// Custom storage volumes (/1.0/storage-pools/{pool}/volumes/custom/{name}): filesystem volumes
// attached at a path, block volumes attached as disks; sized with config.size.
import type { CallOptions, IncusApi, UpdateOptions, Versioned } from "./api";
import { PROJECT_AND_TARGET, apiPath } from "./api";
import { ignoreNotFound } from "./errors";
import { FilesEndpoint } from "./instance-files";
import { fileBody } from "./multipart";
import type { Operation } from "./operations";
import type { ConfigMap } from "./types";

/** The API extension that adds /1.0/storage-pools/POOL/volumes/TYPE/NAME/files. */
export const VOLUME_FILES_EXTENSION = "file_storage_volume";

export type VolumeContentType = "filesystem" | "block";

export interface StorageVolumePut {
  /** e.g. `size: "10GiB"`, `block.filesystem`, `security.shifted`. */
  readonly config?: ConfigMap;
  readonly description?: string;
}

/** Where a new volume's content comes from. */
export interface StorageVolumeCopySource {
  readonly type: "copy";
  /** Source pool. */
  readonly pool: string;
  /** Source volume (or `volume/snapshot`). */
  readonly name: string;
  /** Source project. @default the call's project */
  readonly project?: string;
  /** Leave the source's snapshots behind. @default false */
  readonly volume_only?: boolean;
}

/** A volume pulled from another server's migration operation (see server-copy.ts). */
export interface StorageVolumeMigrationSource {
  readonly type: "migration";
  readonly mode: "pull";
  /** The source's operation URL, https://host:port/1.0/operations/ID. */
  readonly operation: string;
  /** The source server's PEM certificate, to verify it. */
  readonly certificate: string;
  /** The operation's one-time secrets (control, fs). */
  readonly secrets: Record<string, string>;
  readonly volume_only?: boolean;
}

export interface StorageVolumesPost extends StorageVolumePut {
  readonly name: string;
  /** @default "filesystem" */
  readonly content_type?: VolumeContentType;
  readonly source?: StorageVolumeCopySource | StorageVolumeMigrationSource;
}

export interface StorageVolume {
  readonly name: string;
  readonly type: string;
  readonly description: string;
  readonly content_type: VolumeContentType;
  readonly config: ConfigMap;
  readonly used_by: string[] | null;
  readonly location: string;
  readonly created_at?: string;
  readonly project?: string;
}

/** Options of a volume copy besides the call options. */
export interface VolumeCopyOptions extends CallOptions {
  /** Settings for the new volume (merged over the source's by Incus). */
  readonly config?: ConfigMap;
  readonly description?: string;
  /** Project of the source volume. @default the call's project */
  readonly sourceProject?: string;
  /** Copy without the source's snapshots. @default false */
  readonly volumeOnly?: boolean;
}

export class StorageVolumesApi {
  constructor(private readonly api: IncusApi) {}

  /**
   * The files of a custom filesystem volume (API extension file_storage_volume, Incus 6.x after 6.0: see
   * FILES_EXTENSION); the same requests as an instance's files API.
   */
  files(pool: string, name: string): FilesEndpoint {
    return new FilesEndpoint(
      this.api,
      apiPath("storage-pools", pool, "volumes", "custom", name, "files"),
      `storage volume ${pool}/${name}`,
    );
  }

  private collection(pool: string): string {
    return apiPath("storage-pools", pool, "volumes", "custom");
  }

  private pathOf(pool: string, name: string): string {
    return apiPath("storage-pools", pool, "volumes", "custom", name);
  }

  /** Custom volumes of a pool. */
  async list(pool: string, call?: CallOptions): Promise<StorageVolume[]> {
    return this.api.list<StorageVolume>(this.collection(pool), call, PROJECT_AND_TARGET);
  }

  async get(pool: string, name: string, call?: CallOptions): Promise<Versioned<StorageVolume>> {
    return this.api.get<StorageVolume>(this.pathOf(pool, name), call, PROJECT_AND_TARGET);
  }

  /** A volume of any type (custom, container, virtual-machine, image), as data sources read them. */
  async getOfType(pool: string, type: string, name: string, call?: CallOptions): Promise<Versioned<StorageVolume>> {
    return this.api.get<StorageVolume>(apiPath("storage-pools", pool, "volumes", type, name), call, PROJECT_AND_TARGET);
  }

  /** Like get, but undefined when the volume does not exist. */
  async find(pool: string, name: string, call?: CallOptions): Promise<Versioned<StorageVolume> | undefined> {
    return ignoreNotFound(this.get(pool, name, call));
  }

  async create(pool: string, body: StorageVolumesPost, call?: CallOptions): Promise<void> {
    await this.api.write("POST", this.collection(pool), call, PROJECT_AND_TARGET, {
      json: { ...body, type: "custom" },
    });
  }

  /**
   * Creates custom volume `pool/name` from a local file: an ISO image (`iso`, attached as a CD-ROM) or a volume
   * backup tarball (`incus storage volume export`), as `incus storage volume import` does.
   */
  async importFile(
    pool: string,
    name: string,
    file: string,
    options: CallOptions & { readonly iso?: boolean } = {},
  ): Promise<void> {
    const { iso, ...call } = options;
    await this.api.write("POST", this.collection(pool), call, PROJECT_AND_TARGET, {
      headers: { "x-incus-name": name, ...(iso ? { "x-incus-type": "iso" } : {}) },
      raw: await fileBody(file),
    });
  }

  /**
   * Creates `pool/name` as a copy of another custom volume (possibly in another pool or project).
   * The content type is taken from the source, as Incus requires them to match.
   */
  async copy(
    pool: string,
    name: string,
    from: { readonly pool: string; readonly name: string },
    options: VolumeCopyOptions = {},
  ): Promise<void> {
    const { config, description, sourceProject, volumeOnly, ...call } = options;
    const source = await this.get(from.pool, from.name, { ...call, project: sourceProject ?? call.project });
    await this.create(
      pool,
      {
        name,
        content_type: source.value.content_type,
        ...(config ? { config } : {}),
        ...(description !== undefined ? { description } : {}),
        source: {
          type: "copy",
          pool: from.pool,
          name: from.name,
          ...(sourceProject ? { project: sourceProject } : {}),
          volume_only: volumeOnly ?? false,
        },
      },
      call,
    );
  }

  /**
   * Offers `pool/name` for another server to pull (POST with migration: true). The returned operation runs
   * until the target has pulled the volume; its metadata holds the one-time secrets the target needs.
   */
  async startMigration(
    pool: string,
    name: string,
    options: CallOptions & { readonly volumeOnly?: boolean } = {},
  ): Promise<Operation> {
    const { volumeOnly, ...call } = options;
    return this.api.start("POST", this.pathOf(pool, name), call, PROJECT_AND_TARGET, {
      json: { name, migration: true, volume_only: volumeOnly ?? false },
    });
  }

  /** Replaces config and description (PUT); keys left out are reset. */
  async update(pool: string, name: string, body: StorageVolumePut, options?: UpdateOptions): Promise<void> {
    await this.api.write("PUT", this.pathOf(pool, name), options, PROJECT_AND_TARGET, {
      json: body,
      etag: options?.etag,
    });
  }

  /** Changes only the given fields (PATCH). */
  async patch(pool: string, name: string, body: StorageVolumePut, options?: UpdateOptions): Promise<void> {
    await this.api.write("PATCH", this.pathOf(pool, name), options, PROJECT_AND_TARGET, {
      json: body,
      etag: options?.etag,
    });
  }

  async rename(pool: string, name: string, newName: string, call?: CallOptions): Promise<void> {
    await this.api.write("POST", this.pathOf(pool, name), call, PROJECT_AND_TARGET, { json: { name: newName } });
  }

  async delete(pool: string, name: string, call?: CallOptions): Promise<void> {
    await this.api.write("DELETE", this.pathOf(pool, name), call, PROJECT_AND_TARGET);
  }
}
