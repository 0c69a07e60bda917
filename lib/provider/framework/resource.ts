// The interfaces provider authors implement: Provider, Resource, DataSource. Resource code works with plain JS
// values (see model.ts) and never sees msgpack or gRPC; the server in server/ does all translation. Each interface
// takes the schema's type as `S`: with a literal schema type (`satisfies Schema`) the values are typed models
// (model.ts); with the default `Schema` (the server, which serves every resource) they are plain cty objects.
import type { AttrPath, Diagnostics } from "./diagnostics";
import type { ApplyModel, PlanModel, StateModel } from "./model";
import type { CtyInput, CtyObjectValue } from "../cty";
import type { Schema } from "./schema";

/** Whatever schema type a resource, data source or provider was written against (for lists of them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySchema = any;

/** A resource's state: every schema attribute present (null when unset). Unknown values appear only in plans. */
export type State<S extends Schema = Schema> = StateModel<S>;

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

export interface ModifyPlanRequest<S extends Schema = Schema> {
  readonly config: PlanModel<S> | null;
  /** Null when the resource is being created. */
  readonly prior: State<S> | null;
  /** The plan built by the framework's rules; null means the resource is being destroyed. */
  readonly planned: PlanModel<S> | null;
  /** Replacement paths found so far (from RequiresReplace modifiers). */
  readonly requiresReplace: readonly AttrPath[];
  readonly private?: Uint8Array;
}

export interface ModifyPlanResponse<S extends Schema = Schema> {
  /** The adjusted plan (e.g. computed values set to UNKNOWN because the change will alter them). */
  planned: PlanModel<S> | null;
  /** Extra (or all) replacement paths; merged with the request's, sorted and de-duplicated. */
  requiresReplace?: readonly AttrPath[];
  private?: Uint8Array;
}

export interface CreateRequest<S extends Schema = Schema> {
  readonly config: StateModel<S>;
  /** The planned state: computed attributes not yet known are UNKNOWN. */
  readonly planned: ApplyModel<S>;
  readonly private?: Uint8Array;
}

export interface UpdateRequest<S extends Schema = Schema> {
  readonly config: StateModel<S>;
  readonly prior: State<S>;
  readonly planned: ApplyModel<S>;
  readonly private?: Uint8Array;
}

/**
 * Filled by create/update. Set `state` as soon as the object exists (create) or has changed (update): when the
 * call then throws or records errors, the server still returns this state with the errors, so Terraform keeps
 * the object (tainted) instead of forgetting it.
 */
export interface ApplyResponse<S extends Schema = Schema> {
  state: State<S> | null;
  private?: Uint8Array;
}

export interface ReadRequest<S extends Schema = Schema> {
  readonly state: State<S>;
  readonly private?: Uint8Array;
}

export interface DeleteRequest<S extends Schema = Schema> {
  readonly prior: State<S>;
  readonly private?: Uint8Array;
}

export interface Resource<P = unknown, S extends Schema = Schema> {
  /** Full type name, e.g. "incus_instance". */
  readonly typeName: string;
  readonly schema: S;

  /** Checks beyond the schema's validators (config may contain UNKNOWN values). Report with ctx.diagnostics. */
  validateConfig?(config: PlanModel<S>, ctx: ResourceContext<P>): void | Promise<void>;

  /** Adjusts the framework's plan: mark computed values UNKNOWN, add replacement paths, warn about destroys. */
  modifyPlan?(
    req: ModifyPlanRequest<S>,
    ctx: ResourceContext<P>,
  ): ModifyPlanResponse<S> | Promise<ModifyPlanResponse<S>>;

  create(req: CreateRequest<S>, ctx: ResourceContext<P>, resp: ApplyResponse<S>): Promise<void>;

  /** Returns the current state, or null when the object is gone (Terraform then removes it from state). */
  read(req: ReadRequest<S>, ctx: ResourceContext<P>): Promise<State<S> | null>;

  /**
   * Changes the object in place. On success, when `resp.state` is left null the planned state is used (it must
   * then be wholly known). On failure, a null `resp.state` keeps the prior state.
   */
  update(req: UpdateRequest<S>, ctx: ResourceContext<P>, resp: ApplyResponse<S>): Promise<void>;

  /** Deletes the object. An object that is already gone counts as deleted. */
  delete(req: DeleteRequest<S>, ctx: ResourceContext<P>): Promise<void>;

  /**
   * Turns an import ID into partial state (attributes left out are null); `read` then completes it.
   * Without this method the resource cannot be imported.
   */
  importState?(id: string, ctx: ResourceContext<P>): Promise<Partial<State<S>> | Partial<State<S>>[]>;

  /**
   * Converts a stored state written with an older schema `version` (parsed JSON, as stored by Terraform) into
   * the current shape. Called only when the stored version is lower than `schema.version`. The result is still
   * plain JSON, as loose as the server's normalization accepts (attributes left out or undefined are null): the
   * server reads it against the current schema, as it reads a state of the current version.
   */
  upgradeState?(version: number, rawState: CtyObjectValue, ctx: ResourceContext<P>): CtyInput | Promise<CtyInput>;
}

export interface DataSource<P = unknown, S extends Schema = Schema> {
  /** Full type name, e.g. "incus_image". */
  readonly typeName: string;
  readonly schema: S;
  validateConfig?(config: PlanModel<S>, ctx: ResourceContext<P>): void | Promise<void>;
  /** Returns the data source's full value (config attributes plus computed ones); Terraform reads only known configurations. */
  read(config: StateModel<S>, ctx: ResourceContext<P>): Promise<State<S>>;
}

export interface Provider<P = unknown, S extends Schema = Schema> {
  /** The provider's type, e.g. "incus": resource type names start with "<typeName>_". */
  readonly typeName: string;
  /** The `provider "incus" { ... }` block. */
  readonly schema: S;
  validateConfig?(config: PlanModel<S>, ctx: ProviderContext): void | Promise<void>;
  /** Builds what resources receive as `ctx.providerData` (config may contain UNKNOWN values during plan). */
  configure(config: PlanModel<S>, ctx: ProviderContext): Promise<P>;
  /**
   * A function is called only when the list is first needed, so module loading can be deferred. Each entry
   * has its own schema type (`AnySchema`): the server hands every one of them plain values.
   */
  readonly resources: readonly Resource<P, AnySchema>[] | (() => readonly Resource<P, AnySchema>[]);
  readonly dataSources?: readonly DataSource<P, AnySchema>[] | (() => readonly DataSource<P, AnySchema>[]);
}
