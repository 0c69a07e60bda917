// The not-found rules every libvirt_* resource shares: a read of a vanished object drops it from state, a
// delete of a missing object is done.
import { isNotFound } from "../../../libvirt";
import type { LibvirtObjectKind } from "../../../libvirt";

/** The promise's value, or undefined when it failed because the object (of `kind`, if given) does not exist. */
export async function ignoreNotFound<T>(promise: Promise<T>, kind?: LibvirtObjectKind): Promise<T | undefined> {
  try {
    return await promise;
  } catch (err) {
    if (isNotFound(err, kind)) return undefined;
    throw err;
  }
}
