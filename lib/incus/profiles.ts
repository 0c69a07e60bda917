// Profiles (/1.0/profiles): config and devices shared by the instances that list them.
import type { CallOptions, IncusApi } from "./api";
import { PROJECT } from "./api";
import { CollectionEndpoint } from "./crud";
import type { ConfigMap, DevicesMap } from "./types";

export interface ProfilePut {
  readonly config?: ConfigMap;
  readonly description?: string;
  readonly devices?: DevicesMap;
}

export interface ProfilesPost extends ProfilePut {
  readonly name: string;
}

export interface Profile {
  readonly name: string;
  readonly description: string;
  readonly config: ConfigMap;
  readonly devices: DevicesMap;
  readonly used_by: string[] | null;
  readonly project?: string;
}

const SCOPES = { read: PROJECT, create: PROJECT, update: PROJECT, rename: PROJECT, delete: PROJECT };

export class ProfilesApi extends CollectionEndpoint<Profile, ProfilesPost, ProfilePut> {
  constructor(api: IncusApi) {
    super(api, "profiles", SCOPES);
  }

  async rename(name: string, newName: string, call?: CallOptions): Promise<void> {
    await this.renameObject(name, newName, call);
  }
}
