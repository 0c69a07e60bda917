// The incus_certificate schema (lxc/incus compatible), with the models resource code reads.
import type { ApplyModel, PlanModifierRequest, Schema, StateModel } from "../../framework";
import { bool, custom, oneOf, requiresReplace, requiresReplaceIf, setOf, str } from "../../framework";
import { certificateFingerprint } from "../../../incus";

/** The SHA-256 fingerprint of a PEM certificate, or undefined when it is not one. */
export function pemFingerprint(pem: unknown): string | undefined {
  if (typeof pem !== "string") return undefined;
  try {
    return certificateFingerprint(pem);
  } catch {
    return undefined;
  }
}

const pemCertificate = custom((value) => {
  if (typeof value !== "string") return undefined;
  try {
    certificateFingerprint(value);
    return undefined;
  } catch (err) {
    return `must be a PEM X.509 certificate ("-----BEGIN CERTIFICATE-----" ...): ${(err as Error).message}`;
  }
}, "a PEM certificate");

/** Another certificate replaces the trust entry; the same certificate written differently (line breaks) does not. */
const otherCertificate = (req: PlanModifierRequest): boolean => {
  const planned = pemFingerprint(req.planValue);
  return planned === undefined || planned !== pemFingerprint(req.stateValue);
};

const notEmptyElements = custom((value) => {
  if (!Array.isArray(value)) return undefined;
  return value.some((v) => v === "") ? "must not contain empty project names" : undefined;
}, "no empty elements");

export const certificateSchema = {
  description: "A certificate in the Incus trust store: clients presenting it may use the API.",
  attributes: {
    name: str({ required: true, description: "Name of the certificate." }),
    certificate: str({
      required: true,
      description: "The PEM certificate to trust.",
      validators: [pemCertificate],
      planModifiers: [requiresReplaceIf(otherCertificate, "Another certificate replaces the trust entry.")],
    }),
    description: str({ optional: true, computed: true, default: "", description: "Description of the certificate." }),
    projects: setOf("string", {
      optional: true,
      computed: true,
      description: "Projects a restricted certificate may use.",
      validators: [notEmptyElements],
    }),
    remote: str({
      optional: true,
      description: "The remote whose trust store holds the certificate.",
      planModifiers: [requiresReplace()],
    }),
    restricted: bool({
      optional: true,
      computed: true,
      default: false,
      description: "Whether the certificate may only use the listed projects.",
    }),
    type: str({
      optional: true,
      computed: true,
      default: "client",
      description: "client (API access) or metrics (the /1.0/metrics endpoint only).",
      validators: [oneOf(["client", "metrics"])],
    }),
    fingerprint: str({ computed: true, description: "SHA-256 fingerprint of the certificate." }),
  },
} satisfies Schema;

/** An incus_certificate as state holds it. */
export type CertificateState = StateModel<typeof certificateSchema>;
/** An incus_certificate as create and update get it. */
export type CertificatePlan = ApplyModel<typeof certificateSchema>;
