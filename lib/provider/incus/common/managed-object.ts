// The create/read/update/delete skeleton shared by the incus_* resources that manage one named object
// (network, storage pool and volume, profile, project): create adopts an object left behind by a run that
// died (see adopt.ts; one of another driver, type or content type is refused and what an adopted one held beyond
// the plan is named in a warning: adopt-checks.ts, adopted-extras.ts), records state before anything else can
// fail, converges an adopted object, and reads it back; read and update go through the same readBack; delete
// treats an object already gone as deleted. Each kind supplies only the calls that differ.
import type { ConfigMap, DevicesMap, IncusClient } from "../../../incus";
import type { ResourceContext } from "../../framework";
import type { IncusProviderData } from "../provider-data";
import { createOrAdopt } from "./adopt";
import { identityMismatch, refuseMismatch } from "./adopt-checks";
import { reportAdoptedExtras } from "./adopted-extras";
import { configMap } from "./config";
import { ignoreNotFound } from "./errors";
import { formatImportId } from "./import-id";
import { clientFor } from "./scope";
import { provisionalState } from "./state";

type Ctx = ResourceContext<IncusProviderData>;

/** What adoption reads of an object: its config and devices (its identity attributes are read by name). */
export interface ManagedObjectBody {
  readonly config?: ConfigMap | null;
  readonly devices?: DevicesMap | null;
}

/** What the skeleton itself reads of a plan or state (each kind's model has more). */
export interface ManagedValues {
  readonly remote: string | null;
  readonly project?: string | null;
  /** The config map (unknown in a plan while not known). */
  readonly config: unknown;
  /** Device blocks, for the kinds that have them. */
  readonly device?: unknown;
}

/** A kind's calls, on its plan (`Plan`, as create and update get it) and state (`State`) models. */
export interface ManagedObjectKind<Plan extends ManagedValues, State extends Plan> {
  /** Resource type, e.g. "incus_network" (named in the "already exists" error). */
  readonly kind: string;
  /**
   * The fields of the object's import ID, e.g. [name] or [pool, name]; joined with "/" they also name the
   * object in errors.
   */
  readonly importIdFields: (planned: Plan) => readonly string[];
  /**
   * Whether the import ID carries the object's project.
   * @default true - false for objects that live outside projects (incus_project)
   */
  readonly inProject?: boolean;
  /** Creates the object (POST); fails when it already exists. */
  readonly createObject: (client: IncusClient, planned: Plan, ctx: Ctx) => Promise<void>;
  /** Fetches the object as create would address it; fails with NOT_FOUND when it does not exist. */
  readonly getObject: (client: IncusClient, planned: Plan, ctx: Ctx) => Promise<{ readonly value: ManagedObjectBody }>;
  /** Deletes the object; a NOT_FOUND failure counts as done. */
  readonly deleteObject: (client: IncusClient, prior: State, ctx: Ctx) => Promise<unknown>;
  /** Makes the existing object match the plan (PUT). */
  readonly converge: (client: IncusClient, planned: Plan, ctx: Ctx) => Promise<void>;
  /** The object's state, or null when it is gone; `known` is the plan or the prior state. */
  readonly readBack: (client: IncusClient, known: Plan, ctx: Ctx) => Promise<State | null>;
  /**
   * What the state recorded right after create already knows besides the plan's values.
   * @default none - unknown planned values are recorded as null
   */
  readonly provisionalFills?: (planned: Plan) => Partial<State>;
  /**
   * The state of an object this create has just made, when everything in it is known without reading the object
   * back (each read is incusd's work on every apply); undefined to read it back.
   * @default always read back
   */
  readonly createdState?: (client: IncusClient, planned: Plan, ctx: Ctx) => Promise<State | undefined>;
}

/** The lifecycle methods of a resource (as in Resource), on a kind's models. */
export interface ManagedObjectLifecycle<Plan, State> {
  create(req: { readonly planned: Plan }, ctx: Ctx, resp: { state: State | null }): Promise<void>;
  read(req: { readonly state: State }, ctx: Ctx): Promise<State | null>;
  update(req: { readonly planned: Plan }, ctx: Ctx, resp: { state: State | null }): Promise<void>;
  delete(req: { readonly prior: State }, ctx: Ctx): Promise<void>;
}

/** create, read, update and delete of a resource managing one object of `kind`. */
export function managedObjectLifecycle<Plan extends ManagedValues, State extends Plan>(
  kind: ManagedObjectKind<Plan, State>,
): ManagedObjectLifecycle<Plan, State> {
  return {
    async create({ planned }, ctx, resp) {
      const client = clientFor(ctx, planned);
      const fields = kind.importIdFields(planned);
      const target = {
        kind: kind.kind,
        name: fields.join("/"),
        importId: formatImportId({
          remote: planned.remote,
          ...(kind.inProject === false ? {} : { project: planned.project }),
          fields,
        }),
        diagnostics: ctx.diagnostics,
      };
      const find = async () => (await ignoreNotFound(kind.getObject(client, planned, ctx)))?.value;
      const result = await createOrAdopt({
        create: () => kind.createObject(client, planned, ctx),
        find,
        configOf: (existing) => existing.config,
        check: { ...target, plannedConfig: configMap(planned.config) },
        vet: (existing) => {
          const mismatch = identityMismatch(kind.kind, existing, planned);
          if (mismatch) refuseMismatch(target, mismatch);
          return mismatch === undefined;
        },
      });
      if (result.outcome === "refused") return;
      // Recorded before converging so that a failure below leaves a tracked (tainted) object, not an orphan.
      resp.state = provisionalState<State>(planned, kind.provisionalFills?.(planned));
      if (result.outcome === "adopted") await kind.converge(client, planned, ctx);
      const known = result.outcome === "created" ? await kind.createdState?.(client, planned, ctx) : undefined;
      resp.state = known ?? (await kind.readBack(client, planned, ctx)) ?? resp.state;
      if (result.outcome === "adopted")
        await reportAdoptedExtras({ ...target, existing: result.existing, planned, state: resp.state, find });
    },

    async read({ state }, ctx) {
      return kind.readBack(clientFor(ctx, state), state, ctx);
    },

    async update({ planned }, ctx, resp) {
      const client = clientFor(ctx, planned);
      await kind.converge(client, planned, ctx);
      resp.state = await kind.readBack(client, planned, ctx);
    },

    async delete({ prior }, ctx) {
      await ignoreNotFound(kind.deleteObject(clientFor(ctx, prior), prior, ctx));
    },
  };
}
