// Projects (/1.0/projects): isolate instances, volumes, profiles and images of one tenant.
import type { CallOptions, IncusApi } from "./api";
import { UNSCOPED } from "./api";
import { CollectionEndpoint } from "./crud";
import type { ConfigMap } from "./types";

export interface ProjectPut {
  /** e.g. `features.images: "false"`, `features.profiles: "false"` to share the default project's. */
  readonly config?: ConfigMap;
  readonly description?: string;
}

export interface ProjectsPost extends ProjectPut {
  readonly name: string;
}

export interface Project {
  readonly name: string;
  readonly description: string;
  readonly config: ConfigMap;
  /** URLs of objects inside the project. */
  readonly used_by: string[] | null;
}

// Projects are the scope themselves: no ?project= on these endpoints.
const SCOPES = { read: UNSCOPED, create: UNSCOPED, update: UNSCOPED, rename: UNSCOPED, delete: UNSCOPED };

export class ProjectsApi extends CollectionEndpoint<Project, ProjectsPost, ProjectPut> {
  constructor(api: IncusApi) {
    super(api, "projects", SCOPES);
  }

  async rename(name: string, newName: string, call?: CallOptions): Promise<void> {
    await this.renameObject(name, newName, call);
  }

  /** Deletes the project and everything in it: instances, volumes, images, profiles (API extension projects_force_delete). */
  async forceDelete(name: string, call?: CallOptions): Promise<void> {
    await this.api.write("DELETE", this.pathOf(name), call, SCOPES.delete, { query: { force: "true" } });
  }
}
