// The ownership marker element as the provider writes it into a domain's or network's <metadata> when it creates
// one: `<cdktf-virt:owner xmlns:cdktf-virt="...">stack/path</cdktf-virt:owner>`. The marker's names and how it is
// read back are in lib/records/owner.ts.
import {
  LIBVIRT_OWNER_ELEMENT as OWNER_ELEMENT,
  LIBVIRT_OWNER_NAMESPACE as OWNER_NAMESPACE,
  LIBVIRT_OWNER_PREFIX as OWNER_PREFIX,
} from "../records";
import { el } from "./xml";
import type { XmlElement } from "./xml";

export { OWNER_ELEMENT, OWNER_NAMESPACE, OWNER_PREFIX };

/** The <cdktf-virt:owner> element carrying `marker` (e.g. "<stack>/<construct path>"). */
export function ownerElement(marker: string): XmlElement {
  if (marker.trim() === "") throw new Error("ownership marker must not be empty");
  return el(`${OWNER_PREFIX}:${OWNER_ELEMENT}`, { [`xmlns:${OWNER_PREFIX}`]: OWNER_NAMESPACE }, marker);
}
