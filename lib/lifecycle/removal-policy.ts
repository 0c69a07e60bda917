// The removal policy of a volume (and, as PROTECT/DESTROY, of an instance): the one function that resolves it
// against `protect` and the lifecycle kind, and whether it compiles to prevent_destroy. The enum and what it is
// recorded as (the protect marker, the policy key the bundled providers read on Delete) are in
// lib/records/removal-policy.ts.
import { RemovalPolicy } from "../records";
import { LifecyclePolicyError, VolumeLifecycle } from "./volume-lifecycle";

/**
 * The effective removal policy of a volume: `removalPolicy`, else `protect` (true = PROTECT, false = DESTROY),
 * else the kind's default (PROTECT for PERSISTENT and SHARED, DESTROY for EPHEMERAL). Throws a LifecyclePolicyError
 * (the construct adds its path) when both are given and disagree, or when an EPHEMERAL volume is asked to outlive
 * its instance.
 */
export function resolveVolumeRemovalPolicy(
  kind: VolumeLifecycle,
  protect: boolean | undefined,
  removalPolicy: RemovalPolicy | undefined,
): RemovalPolicy {
  if (removalPolicy !== undefined && !Object.values(RemovalPolicy).includes(removalPolicy)) {
    throw new LifecyclePolicyError(
      `"${String(removalPolicy)}" is not a removal policy; use one of RemovalPolicy.${Object.keys(RemovalPolicy).join(
        ", RemovalPolicy.",
      )}`,
    );
  }
  checkConsistent(protect, removalPolicy);
  const policy =
    removalPolicy ?? (protect === undefined ? undefined : protect ? RemovalPolicy.PROTECT : RemovalPolicy.DESTROY);
  if (kind === VolumeLifecycle.EPHEMERAL) {
    if (policy !== undefined && policy !== RemovalPolicy.DESTROY) {
      throw new LifecyclePolicyError(
        `${describe(
          protect,
          removalPolicy,
        )} cannot be combined with lifecycle EPHEMERAL: an ephemeral volume is destroyed ` +
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
export function resolveInstanceProtection(
  protect: boolean | undefined,
  removalPolicy: RemovalPolicy | undefined,
): boolean {
  if (
    removalPolicy !== undefined &&
    removalPolicy !== RemovalPolicy.PROTECT &&
    removalPolicy !== RemovalPolicy.DESTROY
  ) {
    throw new LifecyclePolicyError(
      `an instance takes RemovalPolicy.PROTECT or RemovalPolicy.DESTROY, not "${String(
        removalPolicy,
      )}": the providers retain and copy volumes, not instances. Keep its data on a PERSISTENT volume with that policy.`,
    );
  }
  checkConsistent(protect, removalPolicy);
  return removalPolicy !== undefined ? removalPolicy === RemovalPolicy.PROTECT : (protect ?? false);
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
  return removalPolicy !== undefined
    ? `removalPolicy: RemovalPolicy.${removalPolicy.toUpperCase()}`
    : `protect: ${String(protect)}`;
}

/** Whether the policy refuses every delete (`prevent_destroy`, the protect marker). */
export function isProtected(policy: RemovalPolicy): boolean {
  return policy === RemovalPolicy.PROTECT;
}
