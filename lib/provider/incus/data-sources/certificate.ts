// data "incus_certificate": a trusted certificate by fingerprint (added to the official provider after v1.1.1).
import type { Schema } from "../../framework";
import { bool, listOf, str } from "../../framework";
import type { DataSource } from "../../framework";
import { clientFor } from "../common";
import type { IncusProviderData } from "../provider-data";
import { readObject } from "./lookup";

export const certificateDataSourceSchema = {
  description: "Reads a certificate the Incus server trusts.",
  attributes: {
    fingerprint: str({
      required: true,
      description: "SHA-256 fingerprint of the certificate (a unique prefix will do).",
    }),
    remote: str({ optional: true, description: "The remote to read from." }),
    description: str({ optional: true, computed: true, description: "Description of the certificate." }),
    name: str({ optional: true, computed: true, description: "Name of the certificate." }),
    certificate: str({ optional: true, computed: true, description: "The PEM-encoded X.509 certificate." }),
    type: str({ optional: true, computed: true, description: "client or metrics." }),
    restricted: bool({ optional: true, computed: true, description: "Whether only the listed projects may be used." }),
    projects: listOf("string", { optional: true, computed: true, description: "Projects the certificate may use." }),
  },
} satisfies Schema;

export const certificateDataSource: DataSource<IncusProviderData, typeof certificateDataSourceSchema> = {
  typeName: "incus_certificate",
  schema: certificateDataSourceSchema,
  async read(config, ctx) {
    const found = { kind: "certificate", name: config.fingerprint, nameAttribute: "fingerprint", inProject: false };
    const c = (
      await readObject(ctx, config, found, () =>
        clientFor(ctx, config).certificates.get(config.fingerprint, { signal: ctx.signal }),
      )
    ).value;
    return {
      fingerprint: c.fingerprint,
      remote: config.remote ?? null,
      description: c.description ?? "",
      name: c.name ?? "",
      certificate: c.certificate ?? "",
      type: c.type ?? "",
      restricted: Boolean(c.restricted),
      projects: c.projects ?? [],
    };
  },
};
