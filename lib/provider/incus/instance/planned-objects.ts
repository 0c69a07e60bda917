// The objects this provider plans to create in the current run, so that an instance's plan-time checks accept a
// pool, network, profile, project or image the same stack creates. Terraform plans a resource only after the
// resources it refers to (or depends_on) have been planned, and one configured provider serves the whole run,
// so by the time an instance is planned every object it can rightly rely on has been recorded here. An object
// planned by a resource the instance does not depend on may be planned later: then the check fails, as the
// apply could (it would race with the object's creation).
import type {
  AnySchema,
  ModifyPlanRequest,
  ModifyPlanResponse,
  PlanModel,
  Resource,
  ResourceContext,
} from "../../framework";
import { isUnknown, knownOrNull } from "../../framework";
import type { imageSchema } from "../image/schema";
import type { IncusProviderData } from "../provider-data";

export type ReferencedKind = "image" | "pool" | "network" | "profile" | "project";

/** An unknown name: some object of that kind will be created, we cannot tell which. */
const ANY = "\u0000any";

/** What the registry reads of a plan of any of those resources: each creator reads its own schema's model. */
interface PlannedObject {
  readonly name?: unknown;
  readonly remote?: unknown;
}

/** Which resource types create which kind of object, and the names a plan of theirs creates. */
const CREATORS: Record<string, { kind: ReferencedKind; names: (planned: PlannedObject) => (string | typeof ANY)[] }> = {
  incus_storage_pool: { kind: "pool", names: (p) => [nameOf(p.name)] },
  incus_network: { kind: "network", names: (p) => [nameOf(p.name)] },
  incus_profile: { kind: "profile", names: (p) => [nameOf(p.name)] },
  incus_project: { kind: "project", names: (p) => [nameOf(p.name)] },
  incus_image: { kind: "image", names: (p) => imageNames(p as PlanModel<typeof imageSchema>) },
};

function nameOf(value: unknown): string | typeof ANY {
  return typeof value === "string" ? value : ANY;
}

/** An image is known by its aliases; copied aliases and the fingerprint are not known until it exists. */
function imageNames(planned: PlanModel<typeof imageSchema>): (string | typeof ANY)[] {
  if (isUnknown(planned.source_image) || isUnknown(planned.alias)) return [ANY];
  const source = knownOrNull(planned.source_image);
  if (source && (source.copy_aliases === true || isUnknown(source.copy_aliases))) return [ANY];
  return (knownOrNull(planned.alias) ?? []).map((a) => (isUnknown(a) ? ANY : nameOf(knownOrNull(a)?.name)));
}

/** Per configured provider: remote name (or ANY) → kind → names planned for creation. */
const registries = new WeakMap<IncusProviderData, Map<string, Map<ReferencedKind, Set<string>>>>();

function registryOf(data: IncusProviderData): Map<string, Map<ReferencedKind, Set<string>>> {
  let registry = registries.get(data);
  if (!registry) registries.set(data, (registry = new Map()));
  return registry;
}

function remoteKey(data: IncusProviderData, remote: unknown): string {
  if (isUnknown(remote)) return ANY;
  try {
    return data.remoteName(typeof remote === "string" ? remote : null);
  } catch {
    return typeof remote === "string" ? remote : ANY;
  }
}

function record(data: IncusProviderData, typeName: string, planned: PlannedObject): void {
  const creator = CREATORS[typeName];
  if (!creator) return;
  const byKind = registryOf(data);
  const key = remoteKey(data, planned.remote);
  let kinds = byKind.get(key);
  if (!kinds) byKind.set(key, (kinds = new Map()));
  let names = kinds.get(creator.kind);
  if (!names) kinds.set(creator.kind, (names = new Set()));
  for (const name of creator.names(planned)) names.add(name);
}

/**
 * Whether `name` of `kind` on `remote` is planned in this run. Projects are ignored on purpose: an image or
 * profile may come from the default project, and a wrong "yes" only defers the error to the apply.
 */
export function isPlannedObject(data: IncusProviderData, remote: string, kind: ReferencedKind, name: string): boolean {
  const registry = registries.get(data);
  if (!registry) return false;
  for (const key of [remote, ANY]) {
    const names = registry.get(key)?.get(kind);
    if (names && (names.has(name) || names.has(ANY))) return true;
  }
  return false;
}

/**
 * The resource with its plans recorded: every planned (not destroyed) object of the types that create things
 * an instance refers to. Other resources are returned unchanged.
 */
export function recordingPlans(
  resource: Resource<IncusProviderData, AnySchema>,
): Resource<IncusProviderData, AnySchema> {
  if (!CREATORS[resource.typeName]) return resource;
  const own = resource.modifyPlan?.bind(resource);
  return {
    ...resource,
    async modifyPlan(
      req: ModifyPlanRequest<AnySchema>,
      ctx: ResourceContext<IncusProviderData>,
    ): Promise<ModifyPlanResponse<AnySchema>> {
      const response = own ? await own(req, ctx) : { planned: req.planned };
      const planned: PlannedObject | null = response.planned ?? null;
      if (planned !== null && ctx.providerData) record(ctx.providerData, resource.typeName, planned);
      return response;
    },
  };
}
