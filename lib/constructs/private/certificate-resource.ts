// Builds a Certificate's incus_certificate: the PEM (given, or read from a file at synth) checked to be a
// certificate, the type, and the projects a restricted certificate may use.
import { readFileSync } from "fs";
import type { Construct } from "constructs";
import { IncusCertificateResource } from "../../bindings";
import { isToken } from "../../bindings/attributes";
import { CertificateType } from "../model/certificate-props";
import type { IProject } from "../model/project-props";
import { fail } from "./errors";
import type { IncusHostLike } from "./hosts";

const KIND = "Certificate";
const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/;

/** The common props of a Certificate, resolved. */
export interface CertificateInput {
  readonly name: string;
  readonly certificate?: string;
  readonly certificateFile?: string;
  readonly type?: CertificateType;
  readonly projects?: readonly IProject[];
  readonly description?: string;
}

/** The incus_certificate (child "Default" of `scope`); returns the reference to its fingerprint. */
export function incusCertificate(scope: Construct, host: IncusHostLike, input: CertificateInput): string {
  const pem = certificatePem(scope, input);
  const type = input.type ?? CertificateType.CLIENT;
  if (!Object.values(CertificateType).includes(type))
    fail(scope, KIND, "type", `${JSON.stringify(type)} is not client or metrics`);
  const projects = input.projects;
  if (projects !== undefined) {
    if (!Array.isArray(projects) || projects.length === 0)
      fail(
        scope,
        KIND,
        "projects",
        "must be a non-empty list of projects (leave it out for an unrestricted certificate)",
      );
    for (const project of projects) {
      if (project?.host !== host)
        fail(scope, KIND, "projects", `the project "${project?.node.path}" is on another host`);
    }
  }
  const resource = new IncusCertificateResource(scope, "Default", {
    name: input.name,
    certificate: pem,
    description: input.description,
    type,
    remote: host.remoteName,
    restricted: projects !== undefined ? true : undefined,
    projects: projects?.map((project) => project.projectName),
  });
  return resource.fingerprint;
}

function certificatePem(scope: Construct, input: CertificateInput): string {
  if ((input.certificate === undefined) === (input.certificateFile === undefined))
    fail(
      scope,
      KIND,
      "certificate",
      "give the PEM certificate in `certificate` or the file holding it in `certificateFile`",
    );
  if (input.certificate !== undefined) {
    if (typeof input.certificate !== "string" || (!isToken(input.certificate) && !PEM.test(input.certificate)))
      fail(
        scope,
        KIND,
        "certificate",
        'is not a PEM certificate ("-----BEGIN CERTIFICATE-----" … "-----END CERTIFICATE-----")',
      );
    return input.certificate;
  }
  let text: string;
  try {
    text = readFileSync(input.certificateFile as string, "utf8");
  } catch (error) {
    return fail(scope, KIND, "certificateFile", `cannot read ${input.certificateFile}: ${(error as Error).message}`);
  }
  const match = PEM.exec(text);
  if (match === null)
    fail(
      scope,
      KIND,
      "certificateFile",
      `${input.certificateFile} holds no PEM certificate ("-----BEGIN CERTIFICATE-----")`,
    );
  // Only the certificate: a file may also hold its key, which must never reach the configuration.
  return `${match[0]}\n`;
}
