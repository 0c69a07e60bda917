// Plan-time checks of the names an incus_instance refers to: its project, image, profiles, and the pools and
// networks of its devices. A replacement destroys the running instance before the new one is created, so a
// misspelt name found only by the create takes a service down; checked here, it fails the plan instead, with
// the attribute path and the closest names the host has.
//
// The rule (docs/providers.md, "Checked at plan time"):
// - a known name that exists neither on the instance's remote nor among the objects this provider plans to
//   create in the same run (planned-objects.ts) is an error, for a new instance as for an existing one;
// - only names the plan introduces are looked up (all of them for a new instance, the changed ones for an
//   existing one), so an unchanged instance costs no request;
// - what cannot be checked (a name unknown until apply, an image on an image server, a host that did not
//   answer) is never an error; when the instance is being replaced, a warning names the instance and what
//   could not be verified before it is destroyed.
import { didYouMean } from "../../../closest-names";
import type { CallOptions, IncusClient } from "../../../incus";
import type { AttrPath, Diagnostics, ModifyPlanRequest, ResourceContext } from "../../framework";
import type { Unknown } from "../../cty";
import { isUnknown } from "../../framework";
import { errorMessage } from "../common";
import { keptHit } from "../common/kept-hits";
import type { IncusProviderData } from "../provider-data";
import { findImage, locateImage } from "./image-source";
import type { ReferencedKind } from "./planned-objects";
import { isPlannedObject } from "./planned-objects";
import type { InstancePlanModel, InstanceState, instanceSchema } from "./schema";

/** One name the plan refers to. */
interface Reference {
  readonly kind: ReferencedKind;
  readonly name: string;
  readonly path: AttrPath;
  /** Where it is used, for the message (e.g. `device "root"`). */
  readonly where: string;
}

interface Scope {
  readonly data: IncusProviderData;
  readonly client: IncusClient;
  readonly remote: string;
  readonly call: CallOptions;
}

const PLURAL: Record<ReferencedKind, string> = {
  image: "image aliases",
  pool: "storage pools",
  network: "networks",
  profile: "profiles",
  project: "projects",
};

/**
 * Names looked up on a remote in this run, by key: only hits are kept, a miss is asked again. The look-up itself is
 * kept while it runs, so the instances Terraform plans at the same time (-parallelism) share one request per name
 * instead of each sending its own.
 */
const found = new WeakMap<IncusProviderData, Map<string, Promise<boolean>>>();

function foundKey(s: Scope, kind: ReferencedKind, name: string): string {
  return [s.remote, kind === "pool" || kind === "project" ? "" : (s.call.project ?? "default"), kind, name].join(
    "\u0000",
  );
}

async function exists(s: Scope, kind: ReferencedKind, name: string): Promise<boolean> {
  return keptHit(
    found,
    s.data,
    foundKey(s, kind, name),
    () => lookup(s, kind, name),
    (object) => object,
  );
}

async function lookup(s: Scope, kind: ReferencedKind, name: string): Promise<boolean> {
  const { client, call } = s;
  switch (kind) {
    case "image":
      return (await findImage(client, name, call)) !== undefined;
    case "pool":
      return (await client.storagePools.find(name, call)) !== undefined;
    case "network":
      return (await client.networks.find(name, call)) !== undefined;
    case "profile":
      return (await client.profiles.find(name, call)) !== undefined;
    case "project":
      return (await client.projects.find(name, { signal: call.signal })) !== undefined;
  }
}

/** The names of that kind there are, for "did you mean" (fingerprints shortened as `incus image list` shows them). */
async function namesOf(s: Scope, kind: ReferencedKind): Promise<string[]> {
  const { client, call } = s;
  switch (kind) {
    case "image": {
      const [aliases, images] = await Promise.all([client.images.listAliases(call), client.images.list(call)]);
      return [...aliases.map((a) => a.name), ...images.map((i) => i.fingerprint.slice(0, 12))];
    }
    case "pool":
      return (await client.storagePools.list(call)).map((p) => p.name);
    case "network":
      return (await client.networks.list(call)).map((n) => n.name);
    case "profile":
      return (await client.profiles.list(call)).map((p) => p.name);
    case "project":
      return (await client.projects.list({ signal: call.signal })).map((p) => p.name);
  }
}

const knownString = (v: unknown): v is string => typeof v === "string" && v !== "";

/** The device blocks of a plan or state (none while the plan does not know them). */
function devicesOf(values: Pick<InstancePlanModel, "device"> | null): Exclude<InstancePlanModel["device"], Unknown> {
  const devices = values?.device;
  return Array.isArray(devices) ? devices : [];
}

/** The pools and networks the device blocks name; unknown ones are reported through `unknown`. */
function deviceReferences(planned: InstancePlanModel, unknown: string[]): Reference[] {
  const refs: Reference[] = [];
  if (isUnknown(planned.device)) unknown.push("device");
  for (const device of devicesOf(planned)) {
    if (isUnknown(device) || isUnknown(device.properties) || isUnknown(device.type)) {
      unknown.push("device");
      continue;
    }
    const properties = (device.properties ?? {}) as Record<string, unknown>;
    const property = device.type === "disk" ? "pool" : device.type === "nic" ? "network" : null;
    if (!property) continue;
    const value = properties[property];
    const where = `device ${JSON.stringify(isUnknown(device.name) ? "?" : device.name)}`;
    if (isUnknown(value)) unknown.push(`${where} ${property}`);
    else if (knownString(value))
      refs.push({ kind: property === "pool" ? "pool" : "network", name: value, path: ["device"], where });
  }
  return refs;
}

/** Pools and networks the prior devices already used (unchanged references are not looked up again). */
function priorDeviceNames(prior: InstanceState | null): Set<string> {
  const names = new Set<string>();
  for (const device of devicesOf(prior)) {
    const properties = (device.properties ?? {}) as Record<string, unknown>;
    if (knownString(properties.pool)) names.add(`pool:${properties.pool}`);
    if (knownString(properties.network)) names.add(`network:${properties.network}`);
  }
  return names;
}

/** Everything the plan refers to that the prior state did not; `unknown` collects what cannot be checked. */
function newReferences(
  config: InstancePlanModel,
  planned: InstancePlanModel,
  prior: InstanceState | null,
  unknown: string[],
): Reference[] {
  const refs: Reference[] = [];
  const copied = knownString(config.source_file) || config.source_instance !== null;
  if (!copied) {
    if (isUnknown(planned.image)) unknown.push("image");
    else if (knownString(planned.image) && planned.image !== prior?.image) {
      refs.push({ kind: "image", name: planned.image, path: ["image"], where: "image" });
    }
  }
  const priorProfiles: readonly string[] = Array.isArray(prior?.profiles) ? prior.profiles : [];
  if (isUnknown(planned.profiles)) unknown.push("profiles");
  else if (Array.isArray(planned.profiles)) {
    planned.profiles.forEach((p, i) => {
      if (isUnknown(p)) unknown.push(`profiles[${i}]`);
      else if (knownString(p) && !priorProfiles.includes(p))
        refs.push({ kind: "profile", name: p, path: ["profiles", i], where: "profiles" });
    });
  }
  const before = priorDeviceNames(prior);
  refs.push(...deviceReferences(planned, unknown).filter((r) => !before.has(`${r.kind}:${r.name}`)));
  return refs;
}

function instanceLabel(planned: InstancePlanModel): string {
  return `incus_instance ${isUnknown(planned.name) ? "(name unknown until apply)" : JSON.stringify(planned.name)}`;
}

/** Reports a missing name with the closest names there are. */
async function reportMissing(
  s: Scope,
  ref: Reference,
  label: string,
  existing: boolean,
  diagnostics: Diagnostics,
): Promise<void> {
  const candidates = await namesOf(s, ref.kind).catch(() => []);
  const where =
    ref.kind === "pool" || ref.kind === "project"
      ? `remote ${JSON.stringify(s.remote)}`
      : `remote ${JSON.stringify(s.remote)} in project ${JSON.stringify(s.call.project ?? "default")}`;
  const kind = ref.kind === "pool" ? "storage pool" : ref.kind;
  const kept = existing ? " Nothing was changed: the existing instance is kept as it is." : "";
  const fix =
    ref.kind === "image"
      ? " Import it first (an incus_image resource, or `incus image import` / `incus image copy`)."
      : ` Create it first, or let this configuration create it (a resource the instance refers to).`;
  diagnostics.error(
    `${label}: ${kind} ${JSON.stringify(ref.name)} does not exist`,
    `The ${ref.where} of ${label} names ${kind} ${JSON.stringify(
      ref.name,
    )}, which does not exist on ${where} and is not created by this configuration. ` +
      `${didYouMean(ref.name, candidates, PLURAL[ref.kind])}${fix}${kept}`,
    ref.path,
  );
}

/** The client and call for the planned instance, or why there is none. */
function scopeOf(data: IncusProviderData, planned: InstancePlanModel, signal: AbortSignal): Scope | string {
  if (isUnknown(planned.remote) || isUnknown(planned.project)) return "its remote or project is not known until apply";
  const remote = knownString(planned.remote) ? planned.remote : null;
  try {
    const project = knownString(planned.project) ? planned.project : undefined;
    return {
      data,
      client: data.client(remote),
      remote: data.remoteName(remote),
      call: { ...(project ? { project } : {}), signal },
    };
  } catch (err) {
    return errorMessage(err);
  }
}

/**
 * Checks the names `req`'s plan refers to (see the rule at the top of this file). Errors and warnings go to
 * ctx.diagnostics; nothing is thrown for a host that cannot be asked.
 */
export async function checkInstanceReferences(
  req: ModifyPlanRequest<typeof instanceSchema>,
  ctx: ResourceContext<IncusProviderData>,
): Promise<void> {
  const { config, planned, prior } = req;
  const data = ctx.providerData;
  if (!data || config === null || planned === null) return;
  const label = instanceLabel(planned);
  const replacing = prior !== null && req.requiresReplace.length > 0;
  const unverified: string[] = [];
  const refs = newReferences(config, planned, prior, unverified);
  const projectChanged =
    knownString(planned.project) && planned.project !== "default" && planned.project !== (prior?.project ?? "default");
  if (refs.length > 0 || projectChanged) {
    const scope = scopeOf(data, planned, ctx.signal);
    if (typeof scope === "string") unverified.push(`the referenced names (${scope})`);
    else
      await checkOn(scope, refs, projectChanged ? planned.project : null, {
        label,
        existing: prior !== null,
        unverified,
        diagnostics: ctx.diagnostics,
      });
  }
  if (replacing && unverified.length > 0 && !ctx.diagnostics.hasErrors()) {
    ctx.diagnostics.warning(
      `${label} is replaced, and its new configuration cannot be verified before the old instance is destroyed`,
      `Not verified at plan time: ${[...new Set(unverified)].join(
        "; ",
      )}. If the new instance cannot be created, the old one is already gone; ` +
        "check these values (or create what they name in an earlier apply) before applying.",
    );
  }
}

interface CheckContext {
  readonly label: string;
  readonly existing: boolean;
  readonly unverified: string[];
  readonly diagnostics: Diagnostics;
}

async function checkOn(
  scope: Scope,
  refs: readonly Reference[],
  newProject: string | null,
  c: CheckContext,
): Promise<void> {
  try {
    if (newProject !== null) {
      if (isPlannedObject(scope.data, scope.remote, "project", newProject)) return; // a new project: everything in it is new
      if (!(await exists(scope, "project", newProject))) {
        await reportMissing(
          scope,
          { kind: "project", name: newProject, path: ["project"], where: "project" },
          c.label,
          c.existing,
          c.diagnostics,
        );
        return; // nothing can be looked up in a project that does not exist
      }
    }
    for (const ref of refs) await checkOne(scope, ref, c);
  } catch (err) {
    c.unverified.push(
      `the referenced names (remote ${JSON.stringify(scope.remote)} did not answer: ${errorMessage(err)})`,
    );
  }
}

async function checkOne(scope: Scope, ref: Reference, c: CheckContext): Promise<void> {
  let name = ref.name;
  if (ref.kind === "image") {
    let location;
    try {
      location = locateImage(scope.data, scope.remote, ref.name);
    } catch (err) {
      c.diagnostics.error(`${c.label}: cannot use image ${JSON.stringify(ref.name)}`, errorMessage(err), ref.path);
      return;
    }
    if (!location.onInstanceRemote) {
      c.unverified.push(
        `image ${JSON.stringify(ref.name)} (on the image server of remote ${JSON.stringify(
          location.remote,
        )}, not asked at plan time)`,
      );
      return;
    }
    name = location.name;
  }
  if (isPlannedObject(scope.data, scope.remote, ref.kind, name)) return;
  if (await exists(scope, ref.kind, name)) return;
  await reportMissing(scope, { ...ref, name }, c.label, c.existing, c.diagnostics);
}
