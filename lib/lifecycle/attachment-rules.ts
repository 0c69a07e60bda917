// How many instances a volume of each lifecycle kind may be attached to. Pure checks returning a message (or
// undefined); the constructs prefix the construct path and decide when to run them (at attach() for "too many",
// at synthesis for "too few", which needs the whole tree).
import { VOLUME_LIFECYCLE_RULES, VolumeLifecycle } from "./volume-lifecycle";

/** Why attaching a volume of `kind` to one more instance is not allowed, or undefined when it is. */
export function tooManyAttachments(kind: VolumeLifecycle, attachedTo: readonly string[]): string | undefined {
  const rule = VOLUME_LIFECYCLE_RULES[kind];
  if (attachedTo.length <= rule.maxAttachments) return undefined;
  const where = attachedTo.map((p) => `"${p}"`).join(" and ");
  if (kind === VolumeLifecycle.EPHEMERAL) {
    return (
      `an EPHEMERAL volume belongs to exactly one instance, but it is attached to ${where}. ` +
      `Give each instance its own ephemeral volume, or use VolumeLifecycle.SHARED for a disk they share.`
    );
  }
  return (
    `a ${kind} volume may be attached to at most ${rule.maxAttachments} instance, but it is attached to ${where}. ` +
    `Use VolumeLifecycle.SHARED for a disk several instances use at once.`
  );
}

/** Why a volume of `kind` attached to `attachedTo` is incomplete (checked once the tree is built). */
export function tooFewAttachments(kind: VolumeLifecycle, attachedTo: readonly string[]): string | undefined {
  const rule = VOLUME_LIFECYCLE_RULES[kind];
  if (attachedTo.length >= rule.minAttachments) return undefined;
  return (
    `an EPHEMERAL volume must be attached to exactly one instance, but it is attached to none. ` +
    `Attach it with instance.attach(volume, { path }), or use VolumeLifecycle.PERSISTENT if it should live on its own.`
  );
}
