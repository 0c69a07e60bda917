// The adopt request: a configuration that wants to take over a released object of the planned name on purpose.
// Incus: a config key; libvirt volumes: the `adopt` attribute. "released" takes any released object,
// "released:<old owner>" only the one that owner released; an owned object is never taken over.
import { isReleased } from "./released";

/** Config key a configuration sets to adopt a released object of the planned name on purpose. */
export const ADOPT_CONFIG_KEY = "user.cdktf-virt.adopt";

/** The adopt value that takes any released object of the name. */
export const ADOPT_ANY_RELEASED = "released";

/**
 * Whether a configuration whose adopt value is `adopt` may take over an object marked `existingOwner`: only a
 * released object, and only when the value says "released" or names exactly that released marker.
 */
export function mayAdoptReleased(existingOwner: string | null | undefined, adopt: string | null | undefined): boolean {
  if (!isReleased(existingOwner) || !adopt) return false;
  return adopt === ADOPT_ANY_RELEASED || adopt === existingOwner;
}
