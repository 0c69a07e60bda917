// The interfaces provider authors implement: Provider, Resource, DataSource. Resource code works with plain JS
// values (see Values) and never sees msgpack or gRPC; the server in server/ does all translation.
import type { AttrPath, Diagnostics } from "./diagnostics";
import type { Schema, Values } from "./schema";

/** A resource's state: every schema attribute present (null when unset). Unknown values appear only in plans. */
export type State = Values;

/** Logs go to stderr, where Terraform shows them under TF_LOG / TF_LOG_PROVIDER. Never to stdout. */
export interface Logger {
  trace(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Handed to every resource/data source call. */
export interface ResourceContext<P = unknown> {
  /**
   * What the provider's `configure` returned (e.g. an API client). Undefined in validateConfig: Terraform
   * validates configurations in a process where the provider is not configured.
   */
  readonly providerData: P;
  /** Aborted when Terraform sends StopProvider (the user pressed Ctrl-C): stop waiting, return what you have. */
  readonly signal: AbortSignal;
  readonly diagnostics: Diagnostics;
  readonly log: Logger;
}

/** Handed to the provider's own calls (validate and configure). */
export interface ProviderContext {
  readonly signal: AbortSignal;
  readonly diagnostics: Diagnostics;
  readonly log: Logger;
  /** Version of the calling Terraform, e.g. "1.11.4" (empty during validation). */
  readonly terraformVersion: string;
}

export interface ModifyPlanRequest {
  readonly config: Values | null;
  /** Null when the resource is being created. */
  readonly prior: State | null;
  /** The plan built by the framework's rules; null means the resource is being destroyed. */
  readonly planned: State | null;
  /** Replacement paths found so far (from RequiresReplace modifiers). */
  readonly requiresReplace: readonly AttrPath[];
  readonly private?: Uint8Array;
}

export interface ModifyPlanResponse {
  /** The adjusted plan (e.g. computed values set to UNKNOWN because the change will alter them). */
  planned: State | null;
  /** Extra (or all) replacement paths; merged with the request's, sorted and de-duplicated. */
  requiresReplace?: readonly AttrPath[];
  private?: Uint8Array;
}

export interface CreateRequest {
  readonly config: Values;
  /** The planned state: computed attributes not yet known are UNKNOWN. */
  readonly planned: State;
  readonly private?: Uint8Array;
}

export interface UpdateRequest {
  readonly config: Values;
  readonly prior: State;
  readonly planned: State;
  readonly private?: Uint8Array;
}

/**
 * Filled by create/update. Set `state` as soon as the object exists (create) or has changed (update): when the
 * call then throws or records errors, the server still returns this state with the errors, so Terraform keeps
 * the object (tainted) instead of forgetting it.
 */
export interface ApplyResponse {
  state: State | null;
  private?: Uint8Array;
}

export interface ReadRequest {
  readonly state: State;
  readonly private?: Uint8Array;
}

export interface DeleteRequest {
  readonly prior: State;
  readonly private?: Uint8Array;
}

export interface Resource<P = unknown> {
  /** Full type name, e.g. "incus_instance". */
  readonly typeName: string;
  readonly schema: Schema;

  /** Checks beyond the schema's validators (config may contain UNKNOWN values). Report with ctx.diagnostics. */
  validateConfig?(config: Values, ctx: ResourceContext<P>): void | Promise<void>;

  /** Adjusts the framework's plan: mark computed values UNKNOWN, add replacement paths, warn about destroys. */
  modifyPlan?(req: ModifyPlanRequest, ctx: ResourceContext<P>): ModifyPlanResponse | Promise<ModifyPlanResponse>;

  create(req: CreateRequest, ctx: ResourceContext<P>, resp: ApplyResponse): Promise<void>;

  /** Returns the current state, or null when the object is gone (Terraform then removes it from state). */
  read(req: ReadRequest, ctx: ResourceContext<P>): Promise<State | null>;

  /**
   * Changes the object in place. On success, when `resp.state` is left null the planned state is used (it must
   * then be wholly known). On failure, a null `resp.state` keeps the prior state.
   */
  update(req: UpdateRequest, ctx: ResourceContext<P>, resp: ApplyResponse): Promise<void>;

  /** Deletes the object. An object that is already gone counts as deleted. */
  delete(req: DeleteRequest, ctx: ResourceContext<P>): Promise<void>;

  /**
   * Turns an import ID into partial state (attributes left out are null); `read` then completes it.
   * Without this method the resource cannot be imported.
   */
  importState?(id: string, ctx: ResourceContext<P>): Promise<State | State[]>;

  /**
   * Converts a stored state written with an older schema `version` (parsed JSON, as stored by Terraform) into
   * the current shape. Called only when the stored version is lower than `schema.version`.
   */
  upgradeState?(version: number, rawState: Values, ctx: ResourceContext<P>): State | Promise<State>;
}

export interface DataSource<P = unknown> {
  /** Full type name, e.g. "incus_image". */
  readonly typeName: string;
  readonly schema: Schema;
  validateConfig?(config: Values, ctx: ResourceContext<P>): void | Promise<void>;
  /** Returns the data source's full value (config attributes plus computed ones). */
  read(config: Values, ctx: ResourceContext<P>): Promise<State>;
}

export interface Provider<P = unknown> {
  /** The provider's type, e.g. "incus": resource type names start with "<typeName>_". */
  readonly typeName: string;
  /** The `provider "incus" { ... }` block. */
  readonly schema: Schema;
  validateConfig?(config: Values, ctx: ProviderContext): void | Promise<void>;
  /** Builds what resources receive as `ctx.providerData` (config may contain UNKNOWN values during plan). */
  configure(config: Values, ctx: ProviderContext): Promise<P>;
  /** A function is called only when the list is first needed, so module loading can be deferred. */
  readonly resources: readonly Resource<P>[] | (() => readonly Resource<P>[]);
  readonly dataSources?: readonly DataSource<P>[] | (() => readonly DataSource<P>[]);
}
