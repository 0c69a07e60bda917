// Adopt-on-create for libvirt objects. Domains and networks carry the ownership marker in their <metadata>
// (`metadata.xml` holds a <cdktf-virt:owner> element): when a create finds an object of that name with the same
// marker, a previous run died after creating it and the create converges it instead of failing. Pools and
// volumes have no metadata, so an existing one is never taken over: the error names the import command.
import type { Unknown } from "../../cty";
import type { AttrPath, Diagnostics } from "../../framework";
import { ownerMarkerOfMetadata } from "../../../libvirt/metadata";
import { knownObject, knownString } from "./values";

export interface AdoptCheck {
  /** Resource type, e.g. "libvirt_domain". */
  readonly kind: string;
  /** The planned values: `name` (also the ID `terraform import` takes) and the `metadata` block with the marker. */
  readonly planned: { readonly name: string; readonly metadata: { readonly xml: string } | Unknown | null };
  /** The marker found on the existing object (undefined: none). */
  readonly existingMarker: string | undefined;
  readonly diagnostics: Diagnostics;
}

/** The ownership marker inside a `metadata.xml` value, if any. */
export function plannedMarker(metadataXml: string | null | undefined): string | undefined {
  try {
    return ownerMarkerOfMetadata(metadataXml ?? undefined);
  } catch {
    return undefined; // malformed metadata is reported by validation
  }
}

/** True when the existing object may be adopted; otherwise records why not and how to import it. */
export function adoptOrFail(check: AdoptCheck): boolean {
  const planned = plannedMarker(knownString(knownObject(check.planned.metadata)?.xml));
  if (planned !== undefined && planned === check.existingMarker) return true;
  const why =
    planned === undefined
      ? "The configuration's metadata carries no cdktf-virt owner element, so the existing object cannot be proven to be ours."
      : check.existingMarker !== undefined
        ? `It is marked as owned by ${JSON.stringify(check.existingMarker)}, not ${JSON.stringify(planned)}.`
        : "Its metadata carries no cdktf-virt owner element, so this configuration did not create it.";
  const name = check.planned.name;
  refuseExisting(check.kind, name, name, check.diagnostics, why);
  return false;
}

/** Records the "already exists" error for an object that must not be touched. */
export function refuseExisting(
  kind: string,
  name: string,
  importId: string,
  diagnostics: Diagnostics,
  why: string,
  path: AttrPath = ["name"],
): void {
  diagnostics.error(
    `${kind} ${JSON.stringify(name)} already exists`,
    `${why} It was left untouched. To manage it with this configuration, import it first:\n` +
      `  terraform import ${kind}.<resource name> ${importId}\n` +
      "or choose another name.",
    path,
  );
}
