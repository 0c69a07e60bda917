// The pattern shared by objects that live under one network, keyed by a second name:
// /1.0/networks/<network>/<collection>/<key> (forwards and load balancers by listen address, peers by name).
import type { CallOptions, IncusApi, Scope, UpdateOptions, Versioned } from "./api";
import { PROJECT, apiPath } from "./api";
import { ignoreNotFound } from "./errors";

export class NetworkChildEndpoint<TObject, TCreate, TPut> {
  constructor(
    protected readonly api: IncusApi,
    protected readonly collection: string,
    /** Query parameters the collection takes; forwards also take a cluster member (?target=). */
    protected readonly scope: Scope = PROJECT,
  ) {}

  protected pathOf(network: string, ...rest: string[]): string {
    return apiPath("networks", network, this.collection, ...rest);
  }

  /** Every object of the network (GET ?recursion=1). */
  async list(network: string, call?: CallOptions): Promise<TObject[]> {
    return this.api.list<TObject>(this.pathOf(network), call, this.scope);
  }

  /** One object and its ETag; throws NOT_FOUND when it (or the network) does not exist. */
  async get(network: string, key: string, call?: CallOptions): Promise<Versioned<TObject>> {
    return this.api.get<TObject>(this.pathOf(network, key), call, this.scope);
  }

  /** Like get, but undefined when the object does not exist. */
  async find(network: string, key: string, call?: CallOptions): Promise<Versioned<TObject> | undefined> {
    return ignoreNotFound(this.get(network, key, call));
  }

  async create(network: string, body: TCreate, call?: CallOptions): Promise<void> {
    await this.api.write("POST", this.pathOf(network), call, this.scope, { json: body });
  }

  /** Replaces every modifiable field (PUT); fields left out are reset. */
  async update(network: string, key: string, body: TPut, options?: UpdateOptions): Promise<void> {
    await this.api.write("PUT", this.pathOf(network, key), options, this.scope, { json: body, etag: options?.etag });
  }

  /** Changes only the given fields (PATCH); config keys are merged. */
  async patch(network: string, key: string, body: Partial<TPut>, options?: UpdateOptions): Promise<void> {
    await this.api.write("PATCH", this.pathOf(network, key), options, this.scope, { json: body, etag: options?.etag });
  }

  async delete(network: string, key: string, call?: CallOptions): Promise<void> {
    await this.api.write("DELETE", this.pathOf(network, key), call, this.scope);
  }
}
