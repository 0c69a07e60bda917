// The create/read/update/rename/delete pattern shared by top-level collections
// (/1.0/projects, /1.0/networks, /1.0/profiles, /1.0/storage-pools, /1.0/instances).
import type { CallOptions, IncusApi, Scope, UpdateOptions, Versioned } from "./api";
import { apiPath } from "./api";
import { ignoreNotFound } from "./errors";

/** Which scoping parameters each verb of a collection accepts (from the REST spec). */
export interface CollectionScopes {
  readonly read: Scope;
  readonly create: Scope;
  readonly update: Scope;
  readonly rename: Scope;
  readonly delete: Scope;
}

export class CollectionEndpoint<TObject, TCreate, TPut> {
  constructor(
    protected readonly api: IncusApi,
    protected readonly collection: string,
    protected readonly scopes: CollectionScopes,
  ) {}

  /** Path of one object, e.g. `/1.0/networks/br0`. */
  protected pathOf(name: string, ...sub: string[]): string {
    return apiPath(this.collection, name, ...sub);
  }

  /** All objects (GET ?recursion=1). */
  async list(call?: CallOptions): Promise<TObject[]> {
    return this.api.list<TObject>(apiPath(this.collection), call, this.scopes.read);
  }

  /** One object and its ETag; throws NOT_FOUND when it does not exist. */
  async get(name: string, call?: CallOptions): Promise<Versioned<TObject>> {
    return this.api.get<TObject>(this.pathOf(name), call, this.scopes.read);
  }

  /** Like get, but undefined when the object does not exist. */
  async find(name: string, call?: CallOptions): Promise<Versioned<TObject> | undefined> {
    return ignoreNotFound(this.get(name, call));
  }

  async create(body: TCreate, call?: CallOptions): Promise<void> {
    await this.api.write("POST", apiPath(this.collection), call, this.scopes.create, { json: body });
  }

  /** Replaces every modifiable field (PUT); fields left out are reset to their defaults. */
  async update(name: string, body: TPut, options?: UpdateOptions): Promise<void> {
    await this.api.write("PUT", this.pathOf(name), options, this.scopes.update, { json: body, etag: options?.etag });
  }

  /** Changes only the given fields (PATCH); config keys are merged, "" removes a key. */
  async patch(name: string, body: Partial<TPut>, options?: UpdateOptions): Promise<void> {
    await this.api.write("PATCH", this.pathOf(name), options, this.scopes.update, { json: body, etag: options?.etag });
  }

  async delete(name: string, call?: CallOptions): Promise<void> {
    await this.api.write("DELETE", this.pathOf(name), call, this.scopes.delete);
  }

  /** POST {name: newName} on the object, how Incus renames. */
  protected async renameObject(name: string, newName: string, call?: CallOptions): Promise<void> {
    await this.api.write("POST", this.pathOf(name), call, this.scopes.rename, { json: { name: newName } });
  }
}
