// The removal policy of a volume (and, as PROTECT/DESTROY, of an instance): a documented enum and the one function
// that resolves it against `protect` and the lifecycle kind. What the policy compiles to (prevent_destroy, the
// protect marker, the policy key the bundled providers read on Delete) is decided here too, in one place.
import { PROTECT_CONFIG_KEY, REMOVAL_POLICY_CONFIG_KEY } from "../config-keys";
import { LifecyclePolicyError, VolumeLifecycle } from "./volume-lifecycle";

export { REMOVAL_POLICY_CONFIG_KEY };

/**
 * What happens to an object when Terraform deletes it: because it was removed from the code, on `cdktf destroy`,
 * or on a replacement. The bundled providers carry the policy out on Delete (it travels with the object's state, so
 * it still holds once the construct is gone from the code).
 */
export enum RemovalPolicy {
  /**
   * Refuse to delete it: `prevent_destroy` while the construct is in the code, and a marker the provider reads so a
   * plan that deletes it is refused even after the construct is removed. The default for PERSISTENT and SHARED
   * volumes (what `protect: true` means).
   */
  PROTECT = "protect",
  /**
   * Keep it on the host with its data and drop it from the Terraform state. Its owner marker becomes
   * `released:<old owner>`, so no stack adopts it by accident (adopt it on purpose with `user.cdktf-virt.adopt`).
   */
  RETAIN = "retain",
  /**
   * Keep a final copy `<name>-final-<yyyymmddThhmmssZ>` in the same pool (restorable with one command the apply
   * prints), then delete the object.
   */
  SNAPSHOT = "snapshot",
  /** Delete it with its data. The default for EPHEMERAL volumes (what `protect: false` means). */
  DESTROY = "destroy",
}

/**
 * The effective removal policy of a volume: `removalPolicy`, else `protect` (true = PROTECT, false = DESTROY),
 * else the kind's default (PROTECT for PERSISTENT and SHARED, DESTROY for EPHEMERAL). Throws a LifecyclePolicyError
 * (the construct adds its path) when both are given and disagree, or when an EPHEMERAL volume is asked to outlive
 * its instance.
 */
export function resolveVolumeRemovalPolicy(kind: VolumeLifecycle, protect: boolean | undefined, removalPolicy: RemovalPolicy | undefined): RemovalPolicy {
  if (removalPolicy !== undefined && !Object.values(RemovalPolicy).includes(removalPolicy)) {
    throw new LifecyclePolicyError(`"${String(removalPolicy)}" is not a removal policy; use one of RemovalPolicy.${Object.keys(RemovalPolicy).join(", RemovalPolicy.")}`);
  }
  checkConsistent(protect, removalPolicy);
  const policy = removalPolicy ?? (protect === undefined ? undefined : protect ? RemovalPolicy.PROTECT : RemovalPolicy.DESTROY);
  if (kind === VolumeLifecycle.EPHEMERAL) {
    if (policy !== undefined && policy !== RemovalPolicy.DESTROY) {
      throw new LifecyclePolicyError(
        `${describe(protect, removalPolicy)} cannot be combined with lifecycle EPHEMERAL: an ephemeral volume is destroyed ` +
          `and created again whenever its instance is rebuilt. Use VolumeLifecycle.PERSISTENT for data that must be kept, or drop it.`,
      );
    }
    return RemovalPolicy.DESTROY;
  }
  return policy ?? RemovalPolicy.PROTECT;
}

/**
 * The removal policy of an instance: only PROTECT (= `protect: true`) and DESTROY (= `protect: false`); the
 * providers do not retain or copy instances. Returns the effective `protect`.
 */
export function resolveInstanceProtection(protect: boolean | undefined, removalPolicy: RemovalPolicy | undefined): boolean {
  if (removalPolicy !== undefined && removalPolicy !== RemovalPolicy.PROTECT && removalPolicy !== RemovalPolicy.DESTROY) {
    throw new LifecyclePolicyError(
      `an instance takes RemovalPolicy.PROTECT or RemovalPolicy.DESTROY, not "${String(removalPolicy)}": the providers retain and copy volumes, not instances. Keep its data on a PERSISTENT volume with that policy.`,
    );
  }
  checkConsistent(protect, removalPolicy);
  return removalPolicy !== undefined ? removalPolicy === RemovalPolicy.PROTECT : protect ?? false;
}

/** protect: true means PROTECT; protect: false means "not PROTECT" (DESTROY, or RETAIN/SNAPSHOT, which also delete no guard). */
function checkConsistent(protect: boolean | undefined, removalPolicy: RemovalPolicy | undefined): void {
  if (protect === undefined || removalPolicy === undefined) return;
  if (protect !== (removalPolicy === RemovalPolicy.PROTECT)) {
    throw new LifecyclePolicyError(
      `protect: ${protect} contradicts removalPolicy: RemovalPolicy.${removalPolicy.toUpperCase()}; give only removalPolicy ` +
        `(protect is a shorthand: true = PROTECT, false = DESTROY)`,
    );
  }
}

function describe(protect: boolean | undefined, removalPolicy: RemovalPolicy | undefined): string {
  return removalPolicy !== undefined ? `removalPolicy: RemovalPolicy.${removalPolicy.toUpperCase()}` : `protect: ${String(protect)}`;
}

/** Whether the policy refuses every delete (`prevent_destroy`, the protect marker). */
export function isProtected(policy: RemovalPolicy): boolean {
  return policy === RemovalPolicy.PROTECT;
}

/**
 * The Incus volume config a policy adds: PROTECT the protect marker (as before removal policies existed), RETAIN
 * and SNAPSHOT the policy key, DESTROY nothing. The policy key is written only where it says something the protect
 * marker does not, so stacks deployed before removal policies existed plan no change (a changed key on a volume an
 * instance follows with rebuildOnChange would rebuild that instance).
 */
export function incusRemovalPolicyConfig(policy: RemovalPolicy): { [key: string]: string } {
  if (policy === RemovalPolicy.PROTECT) return { [PROTECT_CONFIG_KEY]: "true" };
  if (policy === RemovalPolicy.RETAIN || policy === RemovalPolicy.SNAPSHOT) return { [REMOVAL_POLICY_CONFIG_KEY]: policy };
  return {};
}

/**
 * The libvirt_volume `removal_policy` attribute: every policy but DESTROY (the provider's default). libvirt volumes
 * carry no marker, so the attribute is the protection that stays with the volume's state once its block is removed
 * from the code: the provider refuses a plan that deletes a "protect" volume. Writing it on a deployed volume is an
 * in-place update, and instances follow only a volume's change references, so it rebuilds nothing.
 */
export function libvirtRemovalPolicy(policy: RemovalPolicy): string | undefined {
  return policy === RemovalPolicy.DESTROY ? undefined : policy;
}
