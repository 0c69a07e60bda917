// Instances (/1.0/instances): containers and virtual machines.
import type { CallOptions, IncusApi } from "./api";
import { PROJECT, PROJECT_AND_TARGET, apiPath } from "./api";
import { CollectionEndpoint } from "./crud";
import { fileBody } from "./multipart";
import type { ConfigMap, DevicesMap, InstanceType } from "./types";

/** An image on this server, by alias or by fingerprint (a unique prefix is enough). */
export interface InstanceImageSource {
  readonly type: "image";
  readonly alias?: string;
  readonly fingerprint?: string;
  /** Project the image lives in. @default the instance's project */
  readonly project?: string;
  /** Remote image server (needs network access on the Incus host). */
  readonly server?: string;
  /** "incus" or "simplestreams", with `server`. */
  readonly protocol?: string;
  /** A private image on another Incus server: its one-time download secret (see server-copy.ts). */
  readonly secret?: string;
  /** The `server`'s PEM certificate, so Incus can verify it. */
  readonly certificate?: string;
}

/** No image: an empty instance (a VM that boots from a disk or ISO, or a container to fill by hand). */
export interface InstanceEmptySource {
  readonly type: "none";
}

/** A copy of another instance or snapshot (`name` or `name/snap`) on this server. */
export interface InstanceCopySource {
  readonly type: "copy";
  readonly source: string;
  readonly project?: string;
  readonly instance_only?: boolean;
}

export type InstanceSource = InstanceImageSource | InstanceEmptySource | InstanceCopySource;

/** Modifiable fields (PUT replaces all of them). */
export interface InstancePut {
  readonly architecture?: string;
  readonly config?: ConfigMap;
  readonly description?: string;
  readonly devices?: DevicesMap;
  readonly ephemeral?: boolean;
  readonly profiles?: string[];
  readonly stateful?: boolean;
  /** Restore this snapshot (see InstanceSnapshotsApi.restore). */
  readonly restore?: string;
}

export interface InstancesPost extends InstancePut {
  readonly name: string;
  /** @default "container" */
  readonly type?: InstanceType;
  readonly source: InstanceSource;
  /** Start the instance once created. @default false */
  readonly start?: boolean;
  /** Cloud instance type to emulate (e.g. t2.micro), sets limits. */
  readonly instance_type?: string;
}

export interface Instance {
  readonly name: string;
  readonly type: InstanceType;
  readonly architecture: string;
  readonly description: string;
  readonly config: ConfigMap;
  readonly devices: DevicesMap;
  readonly expanded_config: ConfigMap;
  readonly expanded_devices: DevicesMap;
  readonly ephemeral: boolean;
  readonly profiles: string[];
  readonly stateful: boolean;
  /** Running, Stopped, Frozen, Error. */
  readonly status: string;
  readonly status_code: number;
  readonly created_at: string;
  readonly last_used_at: string;
  readonly location: string;
  readonly project: string;
}

const SCOPES = { read: PROJECT, create: PROJECT_AND_TARGET, update: PROJECT, rename: PROJECT, delete: PROJECT };

export class InstancesApi extends CollectionEndpoint<Instance, InstancesPost, InstancePut> {
  constructor(api: IncusApi) {
    super(api, "instances", SCOPES);
  }

  /**
   * Creates an instance by restoring a backup tarball (`incus export`) from a local file, as `incus import` does.
   * @param options.name the new instance's name @default the name recorded in the backup
   * @param options.pool storage pool of its root disk @default the one recorded in the backup
   */
  async importBackup(
    file: string,
    options: CallOptions & { readonly name?: string; readonly pool?: string } = {},
  ): Promise<void> {
    const { name, pool, ...call } = options;
    const headers: Record<string, string> = {};
    if (name) headers["x-incus-name"] = name;
    if (pool) headers["x-incus-pool"] = pool;
    await this.api.write("POST", apiPath("instances"), call, PROJECT_AND_TARGET, {
      headers,
      raw: await fileBody(file),
    });
  }

  /**
   * Rebuilds a stopped instance in place: a new root disk from `source` (an image, or none for an empty one); the
   * instance keeps its config, devices, volatile keys (MAC, UUID) and attached volumes. Incus refuses while the
   * instance runs or has snapshots.
   */
  async rebuild(name: string, source: InstanceImageSource | InstanceEmptySource, call?: CallOptions): Promise<void> {
    await this.api.write("POST", this.pathOf(name, "rebuild"), call, PROJECT, { json: { source } });
  }

  /** Renames a stopped instance. */
  async rename(name: string, newName: string, call?: CallOptions): Promise<void> {
    await this.renameObject(name, newName, call);
  }
}
