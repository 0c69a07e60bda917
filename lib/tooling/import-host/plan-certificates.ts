// The import plan of trusted client certificates: a Certificate per trust entry of type client or metrics, its PEM
// written into the code as the `certificate` prop (a public certificate, no secret), adopted by fingerprint.
//
// Trust entries are imported only when asked (`--certificates`): they are credentials, and once a stack owns them
// removing a line, or destroying the stack, revokes someone's access to the host. By default they are listed in
// the warnings so the user sees what would be adopted. The certificate the import itself connects with is never
// imported: a stack that owns it could lock its own deploys out.
import type { Certificate } from "../../incus";
import { namedImportId } from "./import-ids";
import { Code } from "./source-text";
import type { Ref, Value } from "./source-text";

/** What the certificate planner needs of the plan. */
export interface CertificatePlanContext {
  readonly host: Ref;
  /** Whether trust entries are adopted (`--certificates`); otherwise they are only listed. */
  readonly adopt: boolean;
  /** The fingerprint of the certificate the import connects with, when it connects with one. */
  readonly ownFingerprint?: string;
  /** A reference to the project of that name (declared, or `Project.fromName`). */
  project(name: string): Ref;
  declare(className: "Certificate", props: Value, importId: string, name: string, suffix: string): Ref;
  warn(message: string): void;
}

const TYPES: { readonly [type: string]: string } = {
  client: "CertificateType.CLIENT",
  metrics: "CertificateType.METRICS",
};

export function planCertificates(certificates: readonly Certificate[], context: CertificatePlanContext): void {
  const listed: string[] = [];
  for (const cert of certificates) {
    const what = `trusted certificate "${cert.name}" (${cert.fingerprint.slice(0, 12)})`;
    if (context.ownFingerprint && cert.fingerprint.toLowerCase() === context.ownFingerprint.toLowerCase()) {
      context.warn(`${what} is the one this import connects with; it is never imported, so no deploy can revoke it`);
      continue;
    }
    const type = TYPES[cert.type];
    if (type === undefined) {
      context.warn(
        `${what} is of type "${cert.type}"; the Certificate construct takes client or metrics certificates — not imported`,
      );
      continue;
    }
    const projects = cert.projects ?? [];
    if (cert.restricted && projects.length === 0) {
      context.warn(
        `${what} is restricted to no project at all; the Certificate construct restricts to at least one project — not imported`,
      );
      continue;
    }
    if (!context.adopt) {
      listed.push(cert.name);
      continue;
    }
    context.declare(
      "Certificate",
      {
        host: context.host,
        name: cert.name,
        certificate: cert.certificate,
        type: cert.type === "client" ? undefined : new Code(type, "CertificateType"),
        projects: cert.restricted ? [...projects].sort().map((p) => context.project(p)) : undefined,
        description: cert.description || undefined,
      },
      namedImportId(cert.fingerprint),
      cert.name,
      "Certificate",
    );
  }
  if (listed.length > 0)
    context.warn(
      `trusted certificates ${listed.map((n) => `"${n}"`).join(", ")} are not imported: trust entries are credentials, adopted only with --certificates`,
    );
}
