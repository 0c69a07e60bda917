// incus_certificate: a certificate in the Incus trust store, schema-compatible with lxc/incus. The object is
// addressed by the fingerprint of its certificate; the PEM text in state is the user's (Incus may print it with
// other line breaks), and the same certificate written differently is not replaced (schema.ts).
import type { Certificate, IncusClient } from "../../../incus";
import { isConflict } from "../../../incus";
import type { Resource, ResourceContext } from "../../framework";
import { DiagnosticError } from "../../framework";
import { clientFor, formatImportId, ignoreNotFound, knownOr, parseImportId } from "../common";
import type { IncusProviderData } from "../provider-data";
import type { CertificatePlan, CertificateState } from "./schema";
import { certificateSchema, pemFingerprint } from "./schema";

type Ctx = ResourceContext<IncusProviderData>;

const TYPE = "incus_certificate";

function projectList(projects: CertificatePlan["projects"]): string[] {
  return knownOr(projects, [] as string[]).filter((p) => typeof p === "string");
}

function certificateState(cert: Certificate, known: Partial<CertificatePlan>): CertificateState {
  const keepPem = typeof known.certificate === "string" && pemFingerprint(known.certificate) === cert.fingerprint;
  return {
    name: cert.name,
    certificate: keepPem ? (known.certificate as string) : cert.certificate,
    description: cert.description ?? "",
    projects: [...(cert.projects ?? [])].sort(),
    remote: (known.remote as string | null | undefined) ?? null,
    restricted: Boolean(cert.restricted),
    type: cert.type,
    fingerprint: cert.fingerprint,
  };
}

/** The fingerprint the object is addressed by: from state, else from the certificate. */
function fingerprintOf(values: Partial<CertificatePlan>): string {
  if (typeof values.fingerprint === "string" && values.fingerprint !== "") return values.fingerprint;
  const fingerprint = pemFingerprint(values.certificate);
  if (!fingerprint)
    throw new DiagnosticError("Invalid certificate", "certificate is not a PEM certificate", ["certificate"]);
  return fingerprint;
}

async function readBack(
  client: IncusClient,
  known: Partial<CertificatePlan>,
  ctx: Ctx,
): Promise<CertificateState | null> {
  const found = await ignoreNotFound(client.certificates.get(fingerprintOf(known), { signal: ctx.signal }));
  return found ? certificateState(found.value, known) : null;
}

export const certificateResource: Resource<IncusProviderData, typeof certificateSchema> = {
  typeName: TYPE,
  schema: certificateSchema,

  async create({ planned }, ctx, resp) {
    const client = clientFor(ctx, planned);
    const fingerprint = fingerprintOf(planned);
    try {
      await client.certificates.add(
        {
          certificate: planned.certificate,
          name: planned.name,
          type: planned.type === "metrics" ? "metrics" : "client",
          restricted: planned.restricted === true,
          projects: projectList(planned.projects),
          description: planned.description ?? "",
        },
        { signal: ctx.signal },
      );
    } catch (err) {
      if (!isConflict(err)) throw err;
      const id = formatImportId({ remote: planned.remote, fields: [fingerprint] });
      // No config to carry an ownership marker: a trusted certificate is never adopted, only named.
      const existing = await ignoreNotFound(client.certificates.get(fingerprint, { signal: ctx.signal })).catch(
        () => undefined,
      );
      const as = existing ? ` as ${JSON.stringify(existing.value.name)}` : "";
      throw new DiagnosticError(
        `${TYPE} ${JSON.stringify(planned.name)}: the certificate is already trusted`,
        `The trust store of ${client.endpoint} already holds this certificate${as} (fingerprint ${fingerprint}); it was ` +
          `left untouched. To manage it with this configuration, import it:\n  terraform import ${TYPE}.<resource name> ${id}`,
        ["certificate"],
      );
    }
    resp.state = (await readBack(client, planned, ctx)) ?? null;
  },

  async read({ state }, ctx) {
    return readBack(clientFor(ctx, state), state, ctx);
  },

  async update({ planned, prior }, ctx, resp) {
    const client = clientFor(ctx, planned);
    const fingerprint = fingerprintOf(prior);
    const current = await client.certificates.get(fingerprint, { signal: ctx.signal });
    await client.certificates.update(
      fingerprint,
      {
        name: planned.name,
        type: typeof planned.type === "string" ? planned.type : current.value.type,
        restricted: planned.restricted === true,
        projects: projectList(planned.projects),
        certificate: current.value.certificate,
        description: planned.description ?? "",
      },
      { signal: ctx.signal, etag: current.etag },
    );
    resp.state = await readBack(client, { ...planned, fingerprint }, ctx);
  },

  async delete({ prior }, ctx) {
    await ignoreNotFound(clientFor(ctx, prior).certificates.delete(fingerprintOf(prior), { signal: ctx.signal }));
  },

  async importState(id) {
    const parsed = parseImportId(id, { fields: ["fingerprint"], typeName: TYPE, allowProject: false });
    return { fingerprint: parsed.fields.fingerprint.toLowerCase(), remote: parsed.remote };
  },
};
