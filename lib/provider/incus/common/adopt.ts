// Adopt-on-create: a previous run may have died after creating an object but before Terraform saved it in
// state. The object then carries the same ownership marker as the plan, and create converges it instead of
// failing with "already exists" (after the checks of adopt-checks.ts: the marker is predictable). Anything else
// found under that name belongs to someone else: it is left alone and the error says how to bring it under
// management deliberately. An object a removal policy released (owner "released:<old owner>") is taken over only
// when the plan asks for it with user.cdktf-virt.adopt.
import type { AttrPath, Diagnostics } from "../../framework";
import type { ConfigMap } from "../../../incus";
import { ADOPT_CONFIG_KEY, isReleased, mayAdoptReleased } from "../../../records";
import { OWNER_KEY } from "./config";

export interface AdoptCheck {
  /** Resource type, e.g. "incus_profile" (used in the terraform import command). */
  readonly kind: string;
  /** The object's name as shown to the user (e.g. "pool/volume"). */
  readonly name: string;
  /** Config of the object that already exists. */
  readonly existingConfig: ConfigMap | null | undefined;
  /** Config the plan wants (the marker is read from here). */
  readonly plannedConfig: ConfigMap | null | undefined;
  /** ID that `terraform import` takes for this object. */
  readonly importId: string;
  readonly diagnostics: Diagnostics;
  /** Attribute the error points at. @default ["name"] */
  readonly path?: AttrPath;
}

/** The marker the plan asks for, or undefined when the config has none. */
export function plannedOwner(config: ConfigMap | null | undefined): string | undefined {
  const value = config?.[OWNER_KEY];
  return value ? value : undefined;
}

/**
 * True when the existing object may be adopted (its marker equals the planned one). Otherwise records an
 * error on `diagnostics` that names the import command, and returns false.
 */
export function adoptOrFail(check: AdoptCheck): boolean {
  const planned = plannedOwner(check.plannedConfig);
  const existing = check.existingConfig?.[OWNER_KEY];
  if (
    planned !== undefined &&
    (existing === planned || mayAdoptReleased(existing, check.plannedConfig?.[ADOPT_CONFIG_KEY]))
  )
    return true;
  const why =
    planned === undefined
      ? "The configuration carries no ownership marker, so the existing object cannot be proven to be ours."
      : isReleased(existing)
        ? `It was released (removal policy retain; marked ${JSON.stringify(existing)}) and is adopted only on purpose: ` +
          `set config "${ADOPT_CONFIG_KEY}" = "released" (or = ${JSON.stringify(existing)}) on this resource ` +
          "(the constructs: adoptReleased: true on the Volume)."
        : existing
          ? `It is marked as owned by ${JSON.stringify(existing)}, not ${JSON.stringify(planned)}.`
          : `It carries no ${OWNER_KEY} marker, so it was not created by this configuration.`;
  check.diagnostics.error(
    `${check.kind} ${JSON.stringify(check.name)} already exists`,
    `${why} It was left untouched. To manage it with this configuration, import it first:\n` +
      `  terraform import ${check.kind}.<resource name> ${check.importId}\n` +
      "or choose another name.",
    check.path ?? ["name"],
  );
  return false;
}

/**
 * Thrown by a `find` that sees the existing object can never be adopted, whatever its marker (e.g. a storage pool
 * still pending on a cluster member, which has no config to carry one): its message is the error the user sees.
 */
export class AdoptionRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AdoptionRefused";
  }
}

export interface CreateOrAdoptSteps<E> {
  /** Creates the object (POST). */
  readonly create: () => Promise<void>;
  /** Looks the object up after a failed create; undefined when it does not exist. */
  readonly find: () => Promise<E | undefined>;
  /** The existing object's config (for the owner marker). */
  readonly configOf: (existing: E) => Record<string, string> | null | undefined;
  /** Everything adoptOrFail needs besides the existing config. */
  readonly check: Omit<AdoptCheck, "existingConfig">;
  /**
   * Checks a marked object beyond its marker (adopt-checks.ts): false when it cannot be what the plan creates (an
   * error is then on the diagnostics). @default every marked object passes
   */
  readonly vet?: (existing: E) => boolean;
}

export type CreateOrAdoptOutcome<E> =
  | { readonly outcome: "created" }
  | { readonly outcome: "adopted"; readonly existing: E }
  | { readonly outcome: "refused" };

/**
 * Creates the object; when that fails because it already exists, decides with adoptOrFail and `vet`. Returns
 * "created", "adopted" with the object as found (the caller converges it) or "refused" (an error is on the
 * diagnostics). A create failure for any other reason is rethrown.
 */
export async function createOrAdopt<E>(steps: CreateOrAdoptSteps<E>): Promise<CreateOrAdoptOutcome<E>> {
  try {
    await steps.create();
    return { outcome: "created" };
  } catch (err) {
    // Incus reports "already exists" with different statuses per endpoint (409, sometimes 500), so the
    // reliable test is whether the object is there now.
    const existing = await steps.find().catch((findErr: unknown) => {
      if (findErr instanceof AdoptionRefused) throw findErr;
      return undefined;
    });
    if (existing === undefined) throw err;
    if (!adoptOrFail({ ...steps.check, existingConfig: steps.configOf(existing) })) return { outcome: "refused" };
    if (steps.vet && !steps.vet(existing)) return { outcome: "refused" };
    return { outcome: "adopted", existing };
  }
}
