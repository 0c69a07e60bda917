// Adopt-on-create of a domain beyond the ownership marker. The marker ("<stack>/<construct path>") is predictable,
// so a domain that carries it but is not what this configuration creates (another hypervisor type or architecture)
// is refused with the import command; one that matches is adopted, and what it holds beyond the model (passed-through
// devices, qemu:commandline) is named in a warning rather than carried silently.
import type { Diagnostics } from "../../framework";
import type { DomainInfo } from "../../../libvirt";
import { unmanagedDomainParts } from "../../../libvirt/domain-unmanaged";
import { knownObject, knownString, refuseExisting } from "../common";
import type { DomainConfig } from "./schema";

/** What adoption compares: the hypervisor type and the architecture. */
type AdoptionView = Pick<DomainConfig, "type" | "os">;

/** Why `existing` is not the domain `planned` would have created, or undefined when it is. */
export function adoptionMismatch(existing: DomainInfo, planned: AdoptionView): string | undefined {
  const type = knownString(planned.type);
  if (type !== undefined && existing.type !== type) {
    return `It carries this configuration's ownership marker, but it is a ${existing.type} domain and the configuration creates a ${type} one.`;
  }
  const arch = knownString(knownObject(planned.os)?.type_arch);
  if (arch !== undefined && existing.arch !== undefined && existing.arch !== arch) {
    return `It carries this configuration's ownership marker, but its architecture is ${existing.arch}, not ${arch}.`;
  }
  return undefined;
}

/** Refuses (with the import command) a marked domain that does not match; true when it may be adopted. */
export function checkAdoptable(
  existing: DomainInfo,
  planned: AdoptionView & { readonly name: string },
  diagnostics: Diagnostics,
): boolean {
  const mismatch = adoptionMismatch(existing, planned);
  if (mismatch === undefined) return true;
  const name = planned.name;
  refuseExisting("libvirt_domain", name, name, diagnostics, `${mismatch} It was not adopted.`);
  return false;
}

/** Warns about the parts of an adopted domain that the configuration does not manage and that stay. */
export function warnUnmanagedParts(existing: DomainInfo, diagnostics: Diagnostics): void {
  const parts = unmanagedDomainParts(existing.inactiveXml);
  if (parts.length === 0) return;
  diagnostics.warning(
    `Adopted domain ${existing.name} keeps parts this configuration does not manage`,
    `The existing domain carries this configuration's ownership marker and is taken over, but its definition also holds ${parts.join(
      ", ",
    )}, ` +
      "which libvirt_domain does not model: every update keeps them as they are. If they should not be there, remove them " +
      `(virsh edit ${existing.name}) or delete the domain and apply again.`,
    ["name"],
  );
}
