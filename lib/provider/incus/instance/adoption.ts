// Adopt-on-create of an instance beyond its ownership marker (adopt-checks.ts has the why): a marked instance of
// another type, in another project or made from another image than the plan's is refused with the import command;
// one that is adopted has the devices and config keys the plan does not set named in a warning. The image is
// compared by fingerprint (volatile.base_image) when the plan's image resolves to one on the instance's own server;
// an image on an image server is not looked up while applying, and the warning says it was not compared.
import type { ResourceContext } from "../../framework";
import { isUnknown } from "../../framework";
import type { CallOptions, IncusClient, Instance } from "../../../incus";
import { callFor, clientFor, errorMessage, ignoreNotFound, optionalString } from "../common";
import type { AdoptionMismatch } from "../common/adopt-checks";
import { describeExtras, extrasOf, plannedDeviceNames, refuseMismatch, warnAdopted } from "../common/adopt-checks";
import { configMap, isComputedKey } from "../common/config";
import type { IncusProviderData } from "../provider-data";
import type { InstancePlan } from "./schema";

type Ctx = ResourceContext<IncusProviderData>;

/** The fingerprint the plan's image stands for, or why it is not known here. */
type Resolved = { readonly fingerprint: string } | { readonly why: string };

async function plannedFingerprint(
  client: IncusClient,
  call: CallOptions,
  image: string,
  ownRemote: string,
): Promise<Resolved> {
  const colon = image.indexOf(":");
  const remote = colon < 0 ? "" : image.slice(0, colon);
  const name = colon < 0 ? image : image.slice(colon + 1);
  if (remote !== "" && remote !== ownRemote)
    return {
      why: `the image ${JSON.stringify(image)} is on remote ${JSON.stringify(
        remote,
      )}, which is not asked while applying`,
    };
  try {
    const alias = await ignoreNotFound(client.images.getAlias(name, call));
    if (alias) return { fingerprint: alias.value.target };
    const found = await client.images.find(name, call);
    if (found) return { fingerprint: found.value.fingerprint };
    return { why: `the image ${JSON.stringify(image)} is not on the instance's server` };
  } catch (err) {
    return { why: `the image ${JSON.stringify(image)} could not be looked up (${errorMessage(err)})` };
  }
}

/** Why the existing instance cannot be the planned one; a note when its image could not be compared. */
async function instanceMismatch(
  existing: Instance,
  plan: InstancePlan,
  ctx: Ctx,
): Promise<{ mismatch?: AdoptionMismatch; note?: string }> {
  if (typeof plan.type === "string" && existing.type !== plan.type)
    return { mismatch: { attribute: "type", existing: existing.type, planned: plan.type } };
  const project = optionalString(plan.project) ?? "default";
  if (existing.project && existing.project !== project)
    return { mismatch: { attribute: "project", existing: existing.project, planned: project } };
  if (typeof plan.image !== "string" || plan.image === "") return {};
  const base = existing.config?.["volatile.base_image"];
  const call = callFor(ctx, { project: plan.project });
  const resolved = await plannedFingerprint(
    clientFor(ctx, plan),
    call,
    plan.image,
    ctx.providerData.remoteName(optionalString(plan.remote) ?? null),
  );
  if ("why" in resolved)
    return {
      note: `Its image was not compared: ${resolved.why}; its volatile.base_image is ${JSON.stringify(base ?? "")}.`,
    };
  if (base === resolved.fingerprint) return {};
  return {
    mismatch: {
      attribute: "volatile.base_image (the image it was made from)",
      existing: base ?? "none: it was not made from an image",
      planned: `${resolved.fingerprint} (image ${plan.image})`,
    },
  };
}

/**
 * Vets a marked instance found under the planned name: false (with the error) when it cannot be what the plan
 * creates; otherwise true, with a warning that names what it holds beyond the plan and what the converge does with
 * it (config and devices are replaced by the update, `computedConfig` keys the plan leaves out are kept).
 */
export async function vetInstanceAdoption(
  existing: Instance,
  plan: InstancePlan,
  ctx: Ctx,
  importId: string,
  computedConfig: readonly string[],
): Promise<boolean> {
  const name = plan.name;
  const { mismatch, note } = await instanceMismatch(existing, plan, ctx);
  if (mismatch) {
    refuseMismatch({ kind: "incus_instance", name, importId, diagnostics: ctx.diagnostics }, mismatch);
    return false;
  }
  // A backup restore's devices and devices not known yet stay as they are: only config is compared then.
  const devicesKept = typeof plan.source_file === "string" || isUnknown(plan.device);
  const extras = isUnknown(plan.config)
    ? { devices: [], config: [] }
    : extrasOf(existing, configMap(plan.config), devicesKept ? undefined : plannedDeviceNames(plan.device));
  const keptKeys = extras.config.filter((k) => isComputedKey(k, computedConfig));
  warnAdopted(ctx.diagnostics, "incus_instance", name, {
    removed: describeExtras(
      { devices: extras.devices, config: extras.config.filter((k) => !keptKeys.includes(k)) },
      existing,
    ),
    kept: describeExtras({ devices: [], config: keptKeys }, existing),
    notes: note ? [note] : [],
  });
  return true;
}
