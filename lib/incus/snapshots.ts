// Snapshots of instances (/1.0/instances/{name}/snapshots) and of custom volumes
// (/1.0/storage-pools/{pool}/volumes/custom/{name}/snapshots).
import type { CallOptions, IncusApi, UpdateOptions, Versioned } from "./api";
import { PROJECT, PROJECT_AND_TARGET, apiPath } from "./api";
import { OneAtATime } from "./one-at-a-time";
import type { ConfigMap, DevicesMap } from "./types";

export interface SnapshotCreateOptions extends CallOptions {
  /** RFC 3339 time after which Incus deletes the snapshot. */
  readonly expiresAt?: string;
}

export interface InstanceSnapshot {
  readonly name: string;
  readonly architecture: string;
  readonly config: ConfigMap;
  readonly devices: DevicesMap;
  readonly ephemeral: boolean;
  readonly profiles: string[];
  readonly stateful: boolean;
  readonly created_at: string;
  readonly expires_at: string;
  readonly size?: number;
}

/** Modifiable fields of a volume snapshot (PUT replaces both). */
export interface VolumeSnapshotPut {
  readonly description?: string;
  /** RFC 3339 time after which Incus deletes the snapshot; "0001-01-01T00:00:00Z" means never. */
  readonly expires_at?: string;
}

export interface VolumeSnapshot {
  readonly name: string;
  readonly description: string;
  readonly config: ConfigMap;
  readonly content_type: string;
  readonly created_at?: string;
  readonly expires_at?: string;
}

/** The queue key of a parent's snapshots (one-at-a-time.ts says why they queue): its project and path. */
function parentKey(collection: string, call?: CallOptions): string {
  return JSON.stringify([call?.project || "default", collection]);
}

/** Incus names snapshots `parent/snap` in listings; callers want just `snap`. */
function shortName<T extends { readonly name: string }>(s: T): T {
  const i = s.name.lastIndexOf("/");
  return i < 0 ? s : { ...s, name: s.name.slice(i + 1) };
}

export class InstanceSnapshotsApi {
  private readonly perInstance = new OneAtATime();

  constructor(private readonly api: IncusApi) {}

  private collection(instance: string): string {
    return apiPath("instances", instance, "snapshots");
  }

  async create(
    instance: string,
    name: string,
    options: SnapshotCreateOptions & { readonly stateful?: boolean } = {},
  ): Promise<void> {
    const { expiresAt, stateful, ...call } = options;
    const collection = this.collection(instance);
    await this.perInstance.run(parentKey(collection, call), () =>
      this.api.write("POST", collection, call, PROJECT, {
        json: { name, stateful: stateful ?? false, ...(expiresAt ? { expires_at: expiresAt } : {}) },
      }),
    );
  }

  async list(instance: string, call?: CallOptions): Promise<InstanceSnapshot[]> {
    return (await this.api.list<InstanceSnapshot>(this.collection(instance), call, PROJECT)).map(shortName);
  }

  async get(instance: string, name: string, call?: CallOptions): Promise<Versioned<InstanceSnapshot>> {
    const res = await this.api.get<InstanceSnapshot>(apiPath("instances", instance, "snapshots", name), call, PROJECT);
    return { ...res, value: shortName(res.value) };
  }

  /** Rolls the instance back to the snapshot (PUT instance {restore}). */
  async restore(instance: string, name: string, call?: CallOptions): Promise<void> {
    await this.api.write("PUT", apiPath("instances", instance), call, PROJECT, { json: { restore: name } });
  }

  async delete(instance: string, name: string, call?: CallOptions): Promise<void> {
    await this.perInstance.run(parentKey(this.collection(instance), call), () =>
      this.api.write("DELETE", apiPath("instances", instance, "snapshots", name), call, PROJECT),
    );
  }
}

export class VolumeSnapshotsApi {
  private readonly perVolume = new OneAtATime();

  constructor(private readonly api: IncusApi) {}

  private collection(pool: string, volume: string): string {
    return apiPath("storage-pools", pool, "volumes", "custom", volume, "snapshots");
  }

  async create(pool: string, volume: string, name: string, options: SnapshotCreateOptions = {}): Promise<void> {
    const { expiresAt, ...call } = options;
    const collection = this.collection(pool, volume);
    await this.perVolume.run(parentKey(collection, call), () =>
      this.api.write("POST", collection, call, PROJECT_AND_TARGET, {
        json: { name, ...(expiresAt ? { expires_at: expiresAt } : {}) },
      }),
    );
  }

  async list(pool: string, volume: string, call?: CallOptions): Promise<VolumeSnapshot[]> {
    return (await this.api.list<VolumeSnapshot>(this.collection(pool, volume), call, PROJECT_AND_TARGET)).map(
      shortName,
    );
  }

  async get(pool: string, volume: string, name: string, call?: CallOptions): Promise<Versioned<VolumeSnapshot>> {
    const res = await this.api.get<VolumeSnapshot>(
      apiPath("storage-pools", pool, "volumes", "custom", volume, "snapshots", name),
      call,
      PROJECT_AND_TARGET,
    );
    return { ...res, value: shortName(res.value) };
  }

  /** Rolls the volume back to the snapshot (PUT volume {restore}). */
  async restore(pool: string, volume: string, name: string, call?: CallOptions): Promise<void> {
    await this.api.write("PUT", apiPath("storage-pools", pool, "volumes", "custom", volume), call, PROJECT_AND_TARGET, {
      json: { restore: name },
    });
  }

  /** Replaces the snapshot's description and expiry (PUT). */
  async update(
    pool: string,
    volume: string,
    name: string,
    body: VolumeSnapshotPut,
    options?: UpdateOptions,
  ): Promise<void> {
    await this.api.write(
      "PUT",
      apiPath("storage-pools", pool, "volumes", "custom", volume, "snapshots", name),
      options,
      PROJECT_AND_TARGET,
      {
        json: body,
        etag: options?.etag,
      },
    );
  }

  async delete(pool: string, volume: string, name: string, call?: CallOptions): Promise<void> {
    await this.perVolume.run(parentKey(this.collection(pool, volume), call), () =>
      this.api.write(
        "DELETE",
        apiPath("storage-pools", pool, "volumes", "custom", volume, "snapshots", name),
        call,
        PROJECT_AND_TARGET,
      ),
    );
  }
}
