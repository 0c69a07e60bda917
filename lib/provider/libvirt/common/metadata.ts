// `metadata.xml` of libvirt_domain and libvirt_network goes verbatim into <metadata>: a fragment that is not
// well-formed XML is reported at validation, on the attribute, rather than by libvirt halfway through an apply.
import type { Unknown } from "../../cty";
import type { Diagnostics } from "../../framework";
import { metadataXmlProblem } from "../../../libvirt/metadata";
import { knownObject, knownString } from "./values";

/** Records an error on metadata.xml when it is known and cannot be stored. */
export function validateMetadataXml(
  config: { readonly metadata: { readonly xml: string | Unknown } | Unknown | null },
  diagnostics: Diagnostics,
): void {
  const xml = knownString(knownObject(config.metadata)?.xml);
  const problem = xml === undefined ? undefined : metadataXmlProblem(xml);
  if (problem)
    diagnostics.error("Invalid metadata XML", `metadata.xml cannot be stored: ${problem}.`, ["metadata", "xml"]);
}
